"""The London rules page's Python examples run as doctests (explorer/london1666/README.md)."""

import doctest
from pathlib import Path

README = Path(__file__).parents[2] / "explorer" / "london1666" / "README.md"


def test_the_rules_page_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5, "the README shows position(...) examples"
    assert result.failed == 0
