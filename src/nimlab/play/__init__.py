"""Playing against the computer: a :class:`Session` any front end (terminal, web) drives.

>>> from nimlab.play import Session
>>> s = Session("subtraction:1,2,3", "5", first="computer")
>>> s.reply().move.text  # 5 mod 4 = 1: the perfect computer takes 1
'take 1 from the heap of 5'
"""

from nimlab.play.computer import LEVELS, Choice, choose, perfect
from nimlab.play.moves import describe, find_move, legal_move
from nimlab.play.session import Hint, Session, Turn

__all__ = [
    "LEVELS",
    "Choice",
    "Hint",
    "Session",
    "Turn",
    "choose",
    "describe",
    "find_move",
    "legal_move",
    "perfect",
]
