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

SPARSE_KEYS = ["mask", "rare_values", "rare_positions", "rare_count", "max_value", "judged_on"]
"""The keys of ``"sparse"`` (docs/octal.md), in order."""
