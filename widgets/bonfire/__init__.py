"""Bonfire views: the board and player boards, overlays and the app (on our own component data)."""
