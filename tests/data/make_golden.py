"""Regenerate the golden playthrough transcripts in tests/data/ (run after a deliberate rules change, then read
the diff): ``.venv/bin/python tests/data/make_golden.py`` (all of them) or ``... make_golden.py portobello``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from explorer.london1666 import new_game

HERE = Path(__file__).parent


def london_transcript(seed: int = 1666, players: int = 4) -> str:
    """Every action of a seeded random game after setup, with the events it caused and the final scores."""
    lines = [f"# The Great Fire of London 1666: a seeded random game (seed {seed}, {players} players).",
             "# Rules: seed 000_1cab2226d022c977.txt (Portuguese rulebook) and DECISIONS.md, London section.",
             "# Board: the shipped reconstruction. Player choices: random.Random(seed); chance: the game's seed.",
             "# Regenerate with tests/data/make_golden.py after a deliberate rules change."]
    chooser = random.Random(seed)
    s = new_game(players=players, seed=seed)
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions())
        s = s.apply(action)
        lines.append(f"{action}")
        lines += [f"    {e.describe()}  [{e.rule.id}]" for e in s.events]
    lines.append("# final scores")
    lines += [f"{name}: {score.total} {dict(score)}" for name, score in s.scores().items()]
    lines.append(f"# winners: {', '.join(s.winners())}")
    return "\n".join(lines) + "\n"


def portobello_transcript(seed: int = 2007, players: int = 3) -> str:
    """Every action of a seeded random Portobello Market game, setup chance steps included, with the events it
    caused (and their rule ids), then the final scores by category and the winners."""
    from explorer.portobello import new_game as new_portobello

    lines = [f"# Portobello Market: a seeded random game (seed {seed}, {players} players).",
             "# Rules: seed 001_34c637104103af06.txt (Portuguese rulebook) and DECISIONS.md, Portobello section.",
             "# Board: the shipped reconstruction. Player choices: random.Random(seed); chance: the game's seed.",
             "# Regenerate with tests/data/make_golden.py after a deliberate rules change."]
    chooser = random.Random(seed)
    s = new_portobello(players=players, seed=seed)
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions())
        s = s.apply(action)
        lines.append(f"{action}")
        lines += [f"    {e.describe()}  [{e.rule.id}]" for e in s.events]
    lines.append(f"# final scores after {s.round} rounds")
    lines += [f"{name}: {score.total} {dict(score)}" for name, score in s.scores().items()]
    lines.append(f"# winners: {', '.join(s.winners())}")
    return "\n".join(lines) + "\n"


def flashpoint_transcript(seed: int = 2011, players: int = 3, **options: object) -> str:
    """Every action of a seeded random Flash Point game (set-up rolls included, as chance steps), with the events
    it caused and their rule ids, then the team's counters."""
    from explorer.flashpoint import initial_state

    opts = {"mode": "experienced", "level": "veteran", **options}
    lines = [f"# Flash Point: a seeded random game (seed {seed}, {players} firefighters, options {opts}).",
             "# Rules: seed 003_4cd77c77a3cff4fe.txt (Extreme Danger, Portuguese), bonfire_flashpoint_sources.md",
             "# parts B and C, DECISIONS.md Flash Point. Player choices: random.Random(seed); chance: the game's seed.",
             "# Regenerate with tests/data/make_golden.py after a deliberate rules change."]
    chooser = random.Random(seed)
    s = initial_state(players=players, seed=seed, **opts)
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions())
        s = s.apply(action)
        lines.append(f"{action}")
        lines += [f"    {e.describe()}  [{e.rule.id}]" for e in s.events]
    lines.append("# final counters")
    lines.append(f"team: {dict(s.scores()[s.players[0]].categories)}; won: {s.is_won}")
    return "\n".join(lines) + "\n"


def flashpoint_lab_transcript() -> str:
    """The same for an Extreme Danger game: the Laboratory with its attic and the hydraulic platform."""
    return flashpoint_transcript(seed=2013, players=4, building="laboratory_attic", platform=True)


def bonfire_transcript(seed: int = 2024, players: int = 2) -> str:
    """Every action of a seeded Bonfire game (setup draws included, as chance steps) played by the property tests'
    directed player from a late-game position (the neutral novices seated, one more action tile of each type per
    player: ``tests/bonfire/bonfire_players.py``), so the countdown is reached; events with their rule ids, then the
    final scores by category and the winners."""
    sys.path.insert(0, str(HERE.parent / "bonfire"))
    from bonfire_players import directed_player, late_game

    from explorer.bonfire.components import Components
    from explorer.bonfire.setup import initial_state

    lines = [f"# Bonfire: a seeded game (seed {seed}, {players} players), directed player from a late-game position.",
             "# Rules: seed 002_3a90ca77d2ddc4ae.txt (Portuguese summary), bonfire_flashpoint_sources.md part A,",
             "# DECISIONS.md Bonfire; OUR OWN component data. Choices: random.Random(seed); chance: the game's seed.",
             "# Regenerate with tests/data/make_golden.py after a deliberate rules change."]
    chooser = random.Random(seed)
    s = initial_state(players, seed, Components.default())
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else directed_player(s, chooser)
        s = s.apply(action)
        lines.append(f"{action}")
        lines += [f"    {e.describe()}  [{e.rule.id}]" for e in s.events]
        if s.phase == "play" and not s.great_bonfire_used and "late" not in lines[3]:
            s = late_game(s)
            lines[3] += " (late)"
            lines.append("# late-game position: the 5 neutral novices seated, +1 action tile of each type each")
    lines.append("# final scores")
    lines += [f"{name}: {score.total} {dict(score)}" for name, score in s.scores().items()]
    lines.append(f"# winners: {', '.join(s.winners())}")
    return "\n".join(lines) + "\n"


TRANSCRIPTS = {"london": ("london1666_seed1666.txt", london_transcript),
               "portobello": ("portobello_seed2007.txt", portobello_transcript),
               "flashpoint": ("flashpoint_seed2011.txt", flashpoint_transcript),
               "flashpoint-lab": ("flashpoint_lab_seed2013.txt", flashpoint_lab_transcript),
               "bonfire": ("bonfire_seed2024.txt", bonfire_transcript)}
"""Each game's golden file and the function that writes it."""


if __name__ == "__main__":
    for game in sys.argv[1:] or list(TRANSCRIPTS):
        name, make = TRANSCRIPTS[game]
        (HERE / name).write_text(make())
        print(f"wrote {HERE / name}")
