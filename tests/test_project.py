"""The project's own promises: the two README commands, one lock file, CI, and what a wheel ships."""

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if m:
            found[m.group(1).lower().replace("_", "-")] = m.group(2)
    return found


def test_readme_opens_with_exactly_the_two_commands():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```bash\n(.*?)```", text, re.S).group(1)
    assert [line.split("#")[0].strip() for line in block.strip().splitlines()] == ["make run", "make test"]
    assert text.index("make run") < text.index("## ")


def test_ci_runs_the_readme_test_command():
    lines = [ln for ln in (ROOT / ".ci/run").read_text().splitlines() if ln and not ln.startswith("#")]
    assert "make test" in lines


def test_the_stack_is_pinned_to_the_tested_versions():
    lock = pins(ROOT / "constraints.txt")
    expected_prefix = {"jupyterlab": "4.6.", "ipywidgets": "8.1.", "anywidget": "0.11.", "plotly": "7.1.",
                       "voila": "0.5.", "nbval": "0.11."}
    for name, prefix in expected_prefix.items():
        assert lock[name].startswith(prefix), f"{name}=={lock[name]}"
    for name in ("pytest", "hypothesis", "playwright", "pydantic", "pyyaml", "networkx"):
        assert name in lock


def test_binder_reads_the_same_lock_and_installs_the_package():
    assert "-r ../constraints.txt" in (ROOT / "binder/requirements.txt").read_text().splitlines()
    assert "pip install --no-deps ." in (ROOT / "binder/postBuild").read_text()
    assert "urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb" in (ROOT / "README.md").read_text()


def test_a_non_editable_install_ships_the_widget_assets(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for package in ("explorer", "widgets"):
        shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(tmp_path / "dist"), str(src)], check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("rules_explorer-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"widgets/static/board_view.js", "widgets/static/board_view.css", "explorer/core/record.py"} <= names
    assert not any(n.startswith(("tests/", "notebooks/")) for n in names)
    # installed from the wheel alone, the view still finds its ES module
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    code = ("import widgets, explorer; assert 'site' in widgets.__file__, widgets.__file__; "
            "print(len(str(widgets.BoardView._esm)))")
    out = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(target)}, cwd=tmp_path,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) > 1000
