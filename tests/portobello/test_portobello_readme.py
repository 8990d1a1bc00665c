"""The Portobello rules page (``explorer/portobello/README.md``): its Python examples run as doctests, so the page
cannot drift from the engine."""

import doctest
from pathlib import Path

README = Path(__file__).parents[2] / "explorer" / "portobello" / "README.md"


def test_the_rules_page_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
