"""The rules page's quick start runs as printed, and says what it prints."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parents[2] / "explorer" / "flashpoint" / "README.md"


def test_the_quick_start_runs_and_prints_what_its_comments_say():
    block = re.search(r"## Quick start\n```python\n(.*?)```", README.read_text(), re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {})
    printed = out.getvalue().splitlines()
    assert printed[0] == "['park engine 1,0', 'park engine 0,7']"
    assert printed[1] == "actions red 4"
    assert printed[2] == "flashpoint.move.adjacent"
    assert printed[3] == "[('reveal victim', '2/3'), ('reveal false-alarm', '1/3')]"
    assert printed[4] == "48"


def test_the_rules_page_examples_run_as_doctests():
    """Every ``>>>`` example on the rules page (the ``position(...)`` section) prints what the page says."""
    import doctest
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0, result
