"""``python -m explorer.lessons check [--json] [GAME ...]``: the authors' check (see :mod:`.check`)."""

from .check import main

raise SystemExit(main())
