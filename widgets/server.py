"""The Voila server behind ``make run``: its launcher and its kernel manager (``notebooks/voila.json`` names it).

``python -m widgets.server [voila options]`` is Voila's own command line (``make run`` calls it from
``notebooks/``, the browser tests from the project root) with two fixes, which importing this module applies:
:func:`defer_iri_checker`, a start-up fix (it must come before jupyter_server is imported), and
:func:`bound_heartbeat_join`, which keeps one stuck heartbeat thread from freezing the whole server; and nothing
else.

Voila pre-starts a kernel for every pre-heated page (``notebooks/voila.json``: the landing page and the four
apps) and, left to itself, starts them all at once: on two cores the landing page, the page a visitor opens
first, then shares the machine with four kernels importing the engines, and so does the browser drawing it.
:class:`LandingFirstKernelManager` orders the pre-starts: the landing page's first; each page in a game's folder
once the landing page's pre-started kernel has run it (at most :data:`LANDING_FIRST_WAIT_S`); and those one at a
time, in the landing page's order, each once the one before has run its notebook (at most
:data:`PREHEAT_TURN_WAIT_S`). A kernel started for
a visitor (a page that is not pre-heated, or once its pre-heated kernel is used up) never waits.

Voila builds its pooling manager on top of this class; ``_pools`` (the pre-started kernels by notebook, each the
task that started it, whose result holds the task running the notebook) is that manager's, in the pinned Voila
0.5.13. To go without it, drop ``multi_kernel_manager_class`` from ``notebooks/voila.json``.
"""

from __future__ import annotations

import asyncio
import heapq
import importlib
import importlib.util
import itertools
import sys
import types
from collections.abc import Callable
from typing import Any

__all__ = ["LandingFirstKernelManager", "LANDING_PAGE", "LANDING_FIRST_WAIT_S", "PREHEAT_TURN_WAIT_S",
           "HEARTBEAT_JOIN_S", "bound_heartbeat_join", "defer_iri_checker", "main"]

# ---- start-up: before jupyter_server (and so jsonschema) is imported --------------------------------------------------
def defer_iri_checker() -> bool:
    """Load ``rfc3987_syntax`` (jsonschema's checker of the ``iri`` format) on its first use, not at start-up.

    jsonschema imports it when it is imported, and it builds some 35 parsers as it loads: about 0.9 s of the
    server's 1.5 s of imports on this machine, for a format no Jupyter schema uses (upstream:
    python-jsonschema/jsonschema#1428, jupyter-server/jupyter_server#1559). This puts a stand-in module in its
    place whose ``is_valid_syntax`` imports the real one when first called; validation is unchanged. Returns
    whether the stand-in was installed (not when the module is missing or already loaded).
    """
    name = "rfc3987_syntax"
    if name in sys.modules or importlib.util.find_spec(name) is None:
        return False
    real: dict[str, types.ModuleType] = {}

    def load() -> types.ModuleType:
        if "module" not in real:
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
            real["module"] = importlib.import_module(name)
        return real["module"]

    def is_valid_syntax(syntax: str, value: str) -> bool:
        return load().is_valid_syntax(syntax, value)

    stand_in = types.ModuleType(name, "Stand-in for rfc3987_syntax, loaded on first use (widgets.server).")
    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]

    def attribute_of_the_real_module(attribute: str) -> Any:
        if attribute.startswith("__"):  # the import system asks for __path__ and the like: not a use
            raise AttributeError(attribute)
        return getattr(load(), attribute)

    stand_in.__getattr__ = attribute_of_the_real_module  # type: ignore[method-assign]
    sys.modules[name] = stand_in
    return True


defer_iri_checker()

HEARTBEAT_JOIN_S = 5.0
"""How long stopping a kernel client waits for its heartbeat thread (:func:`bound_heartbeat_join`)."""


def bound_heartbeat_join() -> bool:
    """Make ``jupyter_client``'s ``HBChannel.stop`` wait at most :data:`HEARTBEAT_JOIN_S` seconds for its thread.

    Voila stops a kernel client's channels on its one event-loop thread when a page has been rendered. Seen here
    once (``jupyter_client`` 8.10.0): the heartbeat thread was parked in its own asyncio loop, waiting on a zmq
    ``recv`` that never came, so ``stop`` joined it forever and every later page timed out. The thread is a daemon
    and only pings the kernel, so after that wait it is left parked (its socket too: closing it from here could
    race the thread) and the server goes on. Returns whether the patch was installed (not twice).
    """
    from jupyter_client.channels import HBChannel

    if getattr(HBChannel.stop, "bounded", False):
        return False

    def stop(self: HBChannel) -> None:
        """Stop the heartbeat: as ``jupyter_client`` does, but wait at most :data:`HEARTBEAT_JOIN_S` for the thread."""
        self._running = False
        self._exit.set()
        self.join(HEARTBEAT_JOIN_S)
        if not self.is_alive():
            self.close()

    stop.bounded = True  # type: ignore[attr-defined]
    HBChannel.stop = stop  # type: ignore[method-assign]
    return True


bound_heartbeat_join()

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402

LANDING_PAGE = "index.ipynb"
"""The page whose kernel starts first."""
LANDING_FIRST_WAIT_S = 15.0
"""At most this long, other pages' pre-started kernels wait for the landing page's to have run it."""
PREHEAT_TURN_WAIT_S = 20.0
"""At most this long, a game page's pre-started kernel waits for the one started before it to have run its page."""


def _is_preheat(kwargs: dict[str, Any]) -> bool:
    """Whether Voila starts this kernel for its pool (it marks them ``VOILA_PREHEAT=True``) or for a visitor."""
    return (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"


def _when_rendered(started: asyncio.Future, callback: Callable[[], None]) -> None:
    """Call ``callback`` once the page that ``started`` (Voila's pool task) pre-starts has run, or failed."""
    if started.cancelled() or started.exception() is not None:
        return callback()
    render = (started.result() or {}).get("task")
    if isinstance(render, asyncio.Future):
        render.add_done_callback(lambda _: callback())
    else:
        callback()


class LandingFirstKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, except that pre-started kernels start in order (see the module docstring); a
    failure or a slow page never stops another page: every wait is bounded.

    The game pages take turns in the order ``kernel_pools_config`` (``notebooks/voila.json``) lists them, the
    landing page's order, so the first app on the page is ready first.
    """

    _landing_ready: asyncio.Future | None = None
    _landing_started = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._waiting: list[tuple[int, int, asyncio.Future]] = []  # (rank, arrival, gate): a heap
        self._arrivals = itertools.count()
        self._turn: object | None = None  # the pre-start whose page is being run, if any

    async def _wait_for_landing(self) -> None:
        pool = list(getattr(self, "_pools", {}).get(LANDING_PAGE, ()))
        if pool:
            content = await asyncio.shield(pool[0])
            await asyncio.shield(content["task"])

    def _rank(self, folder: str) -> int:
        """Where the pages of ``folder`` come in ``kernel_pools_config`` (those it does not list, and the landing
        page's own folder, ``""``, whose first pre-start never waits, come last)."""
        folders = [name.rpartition("/")[0] for name in getattr(self, "kernel_pools_config", {})]
        return folders.index(folder) if folder and folder in folders else len(folders)

    def _next_turn(self) -> None:
        if self._turn is None and self._waiting:
            _, arrival, gate = heapq.heappop(self._waiting)
            self._turn = arrival
            gate.set_result(arrival)

    def _end_turn(self, arrival: int) -> None:
        if self._turn == arrival:
            self._turn = None
            self._next_turn()

    async def _take_turn(self, folder: str) -> None:
        """Wait for the landing page, then for this page's turn; the turn ends when its page has run."""
        loop = asyncio.get_running_loop()
        if self._landing_ready is None:
            self._landing_ready = asyncio.ensure_future(self._wait_for_landing())
        try:
            await asyncio.wait_for(asyncio.shield(self._landing_ready), LANDING_FIRST_WAIT_S)
        except Exception:  # noqa: BLE001 - the landing page failed or is slow: start anyway
            pass
        gate = loop.create_future()
        heapq.heappush(self._waiting, (self._rank(folder), next(self._arrivals), gate))
        loop.call_soon(self._next_turn)  # once every page released by the landing page in this cycle has queued
        arrival = await gate
        loop.call_later(PREHEAT_TURN_WAIT_S, self._end_turn, arrival)
        started = asyncio.current_task()  # Voila's pool task: its result holds the task running the page
        if started is None:
            self._end_turn(arrival)
        else:
            started.add_done_callback(lambda task: _when_rendered(task, lambda: self._end_turn(arrival)))

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel. ``kwargs["env"]["VOILA_PREHEAT"]`` says whether it is for Voila's pool (only those
        wait); ``kwargs["path"]`` is the page's folder (``""`` for the landing page, whose first pre-start never
        waits: its later ones, after a visitor used one, take their turn after the games' pages)."""
        if _is_preheat(kwargs):
            folder = kwargs.get("path") or ""
            if folder or self._landing_started:
                await self._take_turn(folder)
            else:
                self._landing_started = True
        return await super().start_kernel(*args, **kwargs)


# ---- the launcher ---------------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    """Run Voila with ``argv`` (default: this process's arguments); importing this module has already called
    :func:`defer_iri_checker`."""
    from voila.app import main as voila_main

    sys.argv = [sys.argv[0], *(sys.argv[1:] if argv is None else argv)]
    voila_main()


if __name__ == "__main__":
    main()
