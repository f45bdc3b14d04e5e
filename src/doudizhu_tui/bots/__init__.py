"""Computer players: seat controllers that see only an Observation.

Use :func:`resolve` to turn a level name (``easy``, ``normal``, ``hard``,
``random``) or an import path (``package.module:factory``) into a factory.
:func:`advice_line` gives the auction's bid advice for a hand.

The modules: ``analysis`` (moves on rank counts, splitting a hand into plays),
``movegen`` (the plays the bots consider), ``advice`` (hand rating and bids),
``policy`` (the Normal play, with Hard's card tracking), ``simulate`` (sampling
hidden hands, fast play-outs), ``base`` (observation in, action out) and the
levels ``easy``, ``normal``, ``hard``.
"""

from .advice import HandRating, advice_line, rate_hand
from .registry import LEVELS, UnknownControllerError, resolve

__all__ = ["LEVELS", "HandRating", "UnknownControllerError", "advice_line", "rate_hand", "resolve"]
