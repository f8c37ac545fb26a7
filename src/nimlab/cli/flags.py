"""The command line's names for the library's parameters and ``Limits`` fields.

Library errors name a parameter or limit (``size``, ``Limits.max_states``); the
command line renders them with its flags through this table.

>>> from nimlab.errors import TooLarge
>>> TooLarge("this needs more than 10 states", "max_states").render(FLAGS)
'this needs more than 10 states; raise the limit with --max-states'
"""

from __future__ import annotations

FLAGS = {
    "max_states": "--max-states",
    "max_memory": "--max-memory",
    "remoteness_states": "--remoteness-states",
    "max_seconds": "--time-limit",
    "to": "--to",
    "start": "--from",
    "size": "--size",
    "heaps": "--heaps",
    "max_heap": "--max",
    "bound": "--max",
    "max_length": "--max-length",
    "origin": "--origin",
}
