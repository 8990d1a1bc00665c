"""The Voila server's kernel manager: the landing page's kernel first (``notebooks/voila.json`` names it).

Voila pre-starts a kernel for every pre-heated page at once (``notebooks/voila.json``: the landing page and the
four apps), and on two cores the landing page, the page a visitor opens first, would share them with the apps.
:class:`LandingFirstKernelManager` starts the kernel of a page in a game's folder only once the landing page's
pre-started kernel has run it (at most :data:`LANDING_FIRST_WAIT_S`, and in effect only while the server starts
up), so the landing page is ready first and the apps follow while the visitor reads it.

Voila builds its pooling manager on top of this class; ``_pools`` (the pre-started kernels by notebook) is that
manager's, in the pinned Voila 0.5.13. To go without it, drop ``multi_kernel_manager_class`` from
``notebooks/voila.json``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["LandingFirstKernelManager", "LANDING_PAGE", "LANDING_FIRST_WAIT_S"]

LANDING_PAGE = "index.ipynb"
"""The page whose kernel starts first."""
LANDING_FIRST_WAIT_S = 15.0
"""At most this long, other pages' kernels wait for the landing page's pre-started kernel to have run it."""


class LandingFirstKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, except that a page in a game's folder waits for the landing page's pre-started
    kernel (see the module docstring); a failure or a slow landing page never stops another page."""

    _landing_ready: asyncio.Future | None = None

    async def _wait_for_landing(self) -> None:
        pool = list(getattr(self, "_pools", {}).get(LANDING_PAGE, ()))
        if pool:
            content = await asyncio.shield(pool[0])
            await asyncio.shield(content["task"])

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel (``kwargs["path"]``: the page's folder; ``""`` for the landing page, which never waits)."""
        if kwargs.get("path"):
            if self._landing_ready is None:
                self._landing_ready = asyncio.ensure_future(self._wait_for_landing())
            try:
                await asyncio.wait_for(asyncio.shield(self._landing_ready), LANDING_FIRST_WAIT_S)
            except Exception:  # noqa: BLE001 - the landing page failed or is slow: start anyway
                pass
        return await super().start_kernel(*args, **kwargs)
