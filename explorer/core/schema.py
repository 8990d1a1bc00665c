"""Reading and validating data files (boards, decks, tables, records) with pydantic.

Each game describes its file formats as pydantic models. :func:`validate` and :func:`load_data` turn every
problem pydantic finds into one plain line ("districts[3].houses: expected a whole number, got 'two'") and
raise a single :class:`~explorer.core.errors.InvalidData` listing them all, so a user editing their own board
sees everything that is wrong at once, never a traceback from deep inside.
"""

from __future__ import annotations

import json
import re
import reprlib
from pathlib import Path
from typing import Any, TypeVar

import pydantic
import yaml

from .errors import InvalidData

__all__ = ["validate", "load_data", "read_data_file", "read_text", "parse_json", "problems_from_validation_error", "StrictModel"]

M = TypeVar("M", bound=pydantic.BaseModel)
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser when PyYAML has it: same safe subset


class StrictModel(pydantic.BaseModel):
    """Base for file-format models: unknown fields are refused, models are immutable, no type coercion."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True, strict=True)


def _location(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 3, 50, 50, 6, 6


def _short(value: Any) -> str:
    """A short ``repr`` for a message, safe on huge or deeply nested junk."""
    try:
        shown = _SHORT.repr(value)
    except (RecursionError, ValueError):  # pathological input: say what it is, not what is inside
        shown = f"<{type(value).__name__}>"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def problems_from_validation_error(err: pydantic.ValidationError) -> list[str]:
    """One line per pydantic error: ``"<where>: <what is wrong> (got <value>)"``."""
    lines = []
    for e in err.errors(include_url=False):
        where = _location(tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-"))))
        message = re.sub(r" or instance of _?\w+", "", e["msg"])  # no internal class names for users
        if e["type"] == "missing":
            lines.append(f"{where}: required field is missing")
        elif e["type"] == "extra_forbidden":
            lines.append(f"{where}: unknown field (not part of this format)")
        else:
            shown = _short(e.get("input"))
            lines.append(f"{where}: {message[0].lower() + message[1:]} (got {shown})")
    return lines


def validate(model: type[M], data: Any, *, what: str) -> M:
    """``data`` checked against ``model``; ``what`` names it in the error ("board file london.yaml").

    Raises:
        InvalidData: listing every problem, each with where it is, what was expected and what was found.
    """
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as err:
        raise InvalidData(what, problems_from_validation_error(err)) from None


def read_text(path: str | Path, *, what: str) -> str:
    """The UTF-8 text of the file at ``path``.

    Raises:
        InvalidData: if ``path`` is not a path, there is no such file, or it cannot be read (a folder, no
            permission, not UTF-8, a NUL byte in the path).
    """
    if not isinstance(path, (str, Path)):
        raise InvalidData(what, [f"expected a file path, got {type(path).__name__}"])
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidData(what, ["no such file"]) from None
    except (OSError, ValueError) as err:  # ValueError: undecodable bytes, a NUL in the path
        raise InvalidData(what, [f"cannot be read: {err}"]) from None


def read_data_file(path: str | Path) -> Any:
    """The parsed content of a ``.json``, ``.yaml`` or ``.yml`` file.

    Raises:
        InvalidData: if the file is missing, unreadable, of another type, or not valid JSON/YAML
            (with the line and column of the syntax error).
    """
    if not isinstance(path, (str, Path)):
        raise InvalidData("data file", [f"expected a file path, got {type(path).__name__}"])
    path = Path(path)
    what = f"file {path}"
    suffix = path.suffix.lower()
    if suffix not in (".json", ".yaml", ".yml"):
        raise InvalidData(what, [f"expected a .json, .yaml or .yml file, got {suffix or 'no extension'!r}"])
    text = read_text(path, what=what)
    if suffix == ".json":
        return parse_json(text, what=what)
    try:
        try:
            return yaml.load(text, Loader=_YAML_LOADER)
        except yaml.YAMLError:
            return yaml.safe_load(text)  # the pure-Python parser explains syntax errors better: raise its error
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        parts = [getattr(err, "context", None), getattr(err, "problem", None)]
        problem = ", ".join(p for p in parts if p) or str(err)
        raise InvalidData(what, [f"not valid YAML: {problem}{where}"]) from None
    except (ValueError, TypeError, RecursionError, OverflowError) as err:  # bad dates, !!int abc, deep nesting
        raise InvalidData(what, [f"not valid YAML: a value cannot be read ({type(err).__name__}: {err})"]) from None


def parse_json(text: str | bytes, *, what: str) -> Any:
    """Parsed JSON text.

    Raises:
        InvalidData: if ``text`` is not JSON (with line and column), not text at all, nested too deeply or
            holds numbers too long to convert.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InvalidData(what, [f"not UTF-8 text: {err}"]) from None
    if not isinstance(text, str):
        raise InvalidData(what, [f"expected JSON text, got {type(text).__name__}"])
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidData(what, [f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}"]) from None
    except (ValueError, RecursionError) as err:  # over-long integers, absurd nesting
        raise InvalidData(what, [f"not valid JSON: {type(err).__name__}: {err}"]) from None


def load_data(path: str | Path, model: type[M]) -> M:
    """Read a JSON/YAML file and validate it against ``model``.

    Raises:
        InvalidData: for a missing or malformed file, or content that does not match the format.
    """
    return validate(model, read_data_file(path), what=f"file {Path(path)}")
