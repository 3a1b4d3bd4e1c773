"""Crown the Queen (Waddington's, c.1953): hidden hands, passed cards, processions and rubbers of three.

Modules: ``cards`` (the pack and the procession order), ``state`` (plain data), ``rules`` (the turn),
``view`` (what each seat may know; determinization), ``heuristics`` (the computer's judgement),
``advice`` (a hint's words, from the view only), ``game`` (the ``CrownTheQueen`` rules object). Our rulebook, notation and readings are in RULES.md.
"""

from .game import CrownTheQueen

__all__ = ["CrownTheQueen"]
