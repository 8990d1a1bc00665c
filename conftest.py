"""Repository-wide pytest setup: a summary of how many tests ran in each group.

Groups: ``unit`` (unit tests and doctests), ``property`` (marked ``property``), ``notebooks`` (nbval cells),
``browser`` (``tests/browser``).
"""

from __future__ import annotations

from collections import Counter

GROUPS = ("unit", "property", "notebooks", "browser")


def test_group(nodeid: str, keywords: object) -> str:
    """The group a test belongs to, from its node id and markers."""
    path = nodeid.split("::", 1)[0]
    if path.startswith("tests/browser/"):
        return "browser"
    if path.endswith(".ipynb"):
        return "notebooks"
    if "property" in keywords:  # type: ignore[operator]
        return "property"
    return "unit"


test_group.__test__ = False  # not a test itself


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: D103 (pytest hook)
    counts: dict[str, Counter] = {g: Counter() for g in GROUPS}
    for outcome in ("passed", "failed", "error", "skipped", "xfailed", "xpassed"):
        for report in terminalreporter.stats.get(outcome, []):
            if getattr(report, "when", "call") not in ("call", "setup") or not hasattr(report, "nodeid"):
                continue
            if outcome == "passed" and report.when != "call":
                continue
            counts[test_group(report.nodeid, report.keywords)][outcome] += 1
    terminalreporter.section("tests by group")
    for group in GROUPS:
        c = counts[group]
        detail = ", ".join(f"{n} {outcome}" for outcome, n in sorted(c.items())) or "none ran"
        terminalreporter.write_line(f"{group:>10}: {detail}")
