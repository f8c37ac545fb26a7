"""The JSON contract of PRODUCT.md §3, shared by the tests that check it."""

ANALYSIS_KEYS = [
    "game",
    "position",
    "outcome",
    "grundy",
    "remoteness",
    "winning_moves",
    "winning_moves_complete",
    "method",
]
