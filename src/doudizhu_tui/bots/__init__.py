"""Computer players: seat controllers that see only an Observation.

Use :func:`resolve` to turn a level name (``easy``, ``normal``, ``hard``,
``random``) or an import path (``package.module:factory``) into a factory.
:func:`advice_line` gives the auction's bid advice for a hand.

The bots keep no rules of their own: they play the core's ``Play`` values, take
their candidates from the core's legal-move generator and read every rule from
the deal's rule profile (``Observation.rules``).  A bot returns the action it
chose; an illegal one is refused by the table's gate, never quietly replaced.

The modules: ``shapes`` (what the hand search needs of a profile, asked of the
core once per profile), ``analysis`` (what a play costs, splitting a hand into
plays), ``movegen`` (the core's plays cut down to sensible kickers), ``advice``
(hand rating and bids), ``policy`` (the Normal play, with Hard's card tracking),
``simulate`` (sampling hidden hands, fast play-outs), ``base`` (observation in,
action out) and the levels ``easy``, ``normal``, ``hard``.
"""

from .advice import HandRating, advice_line, rate_hand
from .registry import LEVELS, UnknownControllerError, resolve
from .wilds import hint_plays

__all__ = [
    "LEVELS",
    "HandRating",
    "UnknownControllerError",
    "advice_line",
    "hint_plays",
    "rate_hand",
    "resolve",
]
