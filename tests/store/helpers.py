"""Driving a match the way the app does, reproducibly, for the store's tests.

The person's moves come from a seeded ``random.Random``; the computer seats decide
from their own streams, so the same seed and number of actions always give the same
match.  The SIGKILL tests run :data:`DRIVER` in a child process.
"""

from __future__ import annotations

import random
from typing import Any

from doudizhu_tui.core import CLASSIC, Bid, Game, RuleProfile, code_from_number, parse_profile
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import profile_text

FIRST_CODE = code_from_number(20240501)


def profile(name: str = "classic") -> RuleProfile:
    """The rule book's profile called ``name``."""
    return CLASSIC if name == "classic" else parse_profile(profile_text(name))


def new_match(deals: int = 12, code: int | None = None, rules: str = "classic") -> Match:
    first = FIRST_CODE if code is None else code_from_number(code)
    config = MatchConfig(first_code=first, deals=deals, level="random", rules=profile(rules))
    return Match(config)


def step(match: Match, rng: random.Random) -> bool:
    """One action, dealing the next game first when needed (as the app would).

    False (and no action) once the session has ended.
    """
    if match.table is None or match.game.over:
        match.finish_deal()
        if match.finished:
            return False
        match.start_deal()
    if match.human_to_act:
        match.submit(rng.choice(match.game.legal_actions()))
    else:
        match.apply_decision(match.decide())
    return True


def play(match: Match, rng: random.Random, actions: int) -> Match:
    for _ in range(actions):
        assert step(match, rng), "the session ended early"
    return match


def play_to_end(match: Match, rng: random.Random) -> Match:
    while step(match, rng):
        pass
    return match


def rebuilt(actions: int, seed: int, deals: int = 12, rules: str = "classic") -> Match:
    """The match after ``actions`` actions from ``seed``, played here with nothing saved."""
    return play(new_match(deals, rules=rules), random.Random(seed), actions)


def game_state(game: Game) -> dict[str, Any]:
    """Everything that can be seen of a game: cards, bids, plays, trick, stake."""
    return {
        "code": str(game.code),
        "phase": game.phase,
        "turn": game.turn,
        "hands": [[c.id for c in h] for h in game.hands],
        "kitty": [c.id for c in game.kitty],
        "bids": [(e.seat, e.amount) for e in game.log if isinstance(e, Bid)],
        "landlord": game.landlord,
        "bid": game.bid,
        "trick": game.trick,
        "bombs": game.bombs,
        "rockets": game.rockets,
        "multiplier": game.multiplier,
        "played": [c.id for c in game.played_cards],
        "plays_made": list(game.plays_made),
        "log": list(game.log),
        "actions": list(game.actions),
        "legal": game.legal_actions(),
    }


def match_state(match: Match) -> dict[str, Any]:
    """Everything about a match: its record, the session's totals and deals, the game.

    A deal that has ended is first taken into the session's totals (``finish_deal``,
    which the app calls when a deal ends, and which ``Match.from_record`` calls for
    a saved deal that had ended), so that both sides are compared settled.
    """
    if match.table is not None and match.game.over:
        match.finish_deal()
    session = match.session
    assert session is not None
    return {
        "record": match.to_record(),
        "totals": list(session.totals),
        "records": list(session.records),
        "games_started": session.games_started,
        "deal_number": session.deal_number,
        "next_code": session.next_code,
        "standings": session.standings(),
        "game": game_state(match.game) if match.table is not None else None,
        "human_to_act": match.human_to_act,
        "bot_to_act": match.bot_to_act,
        "current_is_game": session.current is (match.game if match.table else None),
    }


#: A child process: play ACTIONS actions from SEED (under the profile RULES, classic
#: if not given) with every change saved, then either say so and wait to be killed, or
#: (CONTINUOUS) keep playing and report each save.
DRIVER = """
import random, sys, time
from doudizhu_tui.store import SaveSlot, attach
from tests.store.helpers import new_match, step

actions, seed, continuous = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
rules = sys.argv[4] if len(sys.argv) > 4 else "classic"
match = new_match(12, rules=rules)
saver = attach(match, SaveSlot())
rng = random.Random(seed)
done = 0
while done < actions and step(match, rng):
    done += 1
    assert saver.last_error is None, saver.last_error
    if continuous:
        print(f"saved {done}", flush=True)
print(f"ready {done}", flush=True)
time.sleep(120)
"""
