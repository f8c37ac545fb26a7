"""Sparse-space facts: Flammenkamp's published rare values of Grundy's game, and the definition."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.solve.rare import MIN_VALUES, RARE_FRACTION, rare_facts, sparse_facts

# A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game",
# http://wwwhomes.uni-bielefeld.de/achim/grundy.html, section "Known Sparse SGV of
# Grundy's Game" (mask m = 0111...10: all bits but the lowest), every entry below 232.
FLAMMENKAMP_GRUNDY_RARE = {
    0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1,
    15: 1, 20: 0, 23: 0, 26: 0, 28: 1, 31: 1, 34: 1, 37: 1, 40: 1, 43: 1,
    46: 1, 49: 1, 50: 0, 52: 1, 53: 0, 55: 1, 58: 1, 61: 1, 87: 7, 90: 7,
    93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11, 176: 7, 179: 7,
    181: 12, 182: 7, 185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10,
}  # fmt: skip


def test_grundys_game_rare_positions_are_flammenkamps() -> None:
    facts = rare_facts("grundy-game", 232)
    assert facts is not None
    assert facts.rare_positions == tuple(FLAMMENKAMP_GRUNDY_RARE)
    assert facts.rare_count == len(FLAMMENKAMP_GRUNDY_RARE) == 48
    assert facts.mask == 0xFE
    assert facts.rare_values == tuple(sorted(set(FLAMMENKAMP_GRUNDY_RARE.values())))
    assert facts.max_value == 12


def test_the_values_at_the_rare_positions_are_flammenkamps() -> None:
    from nimlab.solve.sequences import grundy_sequence

    values = grundy_sequence("grundy-game", 232)
    assert {n: int(values[n]) for n in FLAMMENKAMP_GRUNDY_RARE} == FLAMMENKAMP_GRUNDY_RARE


def test_octal_06_matches_czajkas_table() -> None:
    # T. Czajka, UnsolvedGames.md (github.com/beling/tczajka-octal-games): .6 has rare mask
    # 1ee, 1584 rare values, the last at 20627 (to 2^21; so already below 2^16).
    facts = rare_facts("octal:0.6", 2**16)
    assert facts is not None
    assert (facts.mask, facts.rare_count, facts.rare_positions[-1]) == (0x1EE, 1584, 20627)


def test_without_the_window_the_first_values_choose_another_mask() -> None:
    facts = rare_facts("grundy-game", 232, window=0)
    assert facts is not None and (facts.mask, facts.judged_on, facts.rare_count) == (6, 232, 46)


def test_games_without_the_structure_have_no_facts() -> None:
    assert rare_facts("nim", 1000) is None  # any mask leaves half the values rare
    assert rare_facts("subtraction:2,4,7", 1000) is None  # 0 and 3 a third of the period
    assert rare_facts("subtraction:1,2,3", 10) is None


def test_kayles_has_finitely_many_rare_values() -> None:
    facts = rare_facts("kayles", 1000)
    assert facts is not None
    assert facts.rare_positions == (0, 3, 6, 11, 18, 22, 28, 34, 39, 70)
    assert facts.to_dict() == {
        "mask": 15,
        "rare_values": [0, 3, 5, 6],
        "rare_positions": [0, 3, 6, 11, 18, 22, 28, 34, 39, 70],
        "rare_count": 10,
        "max_value": 8,
        "judged_on": 2**15,
    }


def _naive(values: list[int], mask: int) -> list[int]:
    return [n for n, v in enumerate(values) if bin(v & mask).count("1") % 2 == 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=MIN_VALUES, max_size=200))
def test_the_chosen_mask_has_the_fewest_rare_values(values: list[int]) -> None:
    facts = sparse_facts(np.array(values, dtype=np.uint16))
    counts = {m: len(_naive(values, m)) for m in range(1, 1 << max(max(values), 1).bit_length())}
    best = min(counts.values())
    if best > RARE_FRACTION * len(values):
        assert facts is None
        return
    assert facts is not None
    assert facts.mask == min(m for m, c in counts.items() if c == best)
    assert list(facts.rare_positions) == _naive(values, facts.mask)
    assert facts.rare_values == tuple(sorted({values[n] for n in facts.rare_positions}))
    assert facts.max_value == max(values)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 300), min_size=1, max_size=100), st.integers(1, 511))
def test_a_given_mask_counts_as_by_hand(values: list[int], mask: int) -> None:
    facts = sparse_facts(np.array(values, dtype=np.uint16), mask)
    assert facts is not None
    assert list(facts.rare_positions) == _naive(values, mask)
    assert facts.rare_count == len(facts.rare_positions)


def test_the_facts_of_a_periodic_game_are_judged_without_loading_numba() -> None:
    """Kayles' 2^15-value window is read off its proven period: no kernel, a fast --json."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from nimlab.solve.rare import rare_facts\n"
        "facts = rare_facts('kayles', 100)\n"
        "print(facts.judged_on, 'numba' in sys.modules)\n"
    )
    env = dict(os.environ, NIMLAB_TABLEBASE="off")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.split() == [str(1 << 15), "False"]


def test_a_proven_period_keeps_its_answer_when_its_values_are_more_than_a_list_may_hold() -> None:
    # With the values known (a tablebase on disk, or computed earlier in the process), the
    # period search proves the period under 1,000,000 states from 4,000,000 values, but judging
    # them asked for them as a sequence (one state a value listed): the web's /api/period and
    # `period --json --max-states 1000000` refused the proven period for its "sparse" key.
    from nimlab.limits import Limits
    from nimlab.solve.periodicity import periodicity

    game = "subtraction:999999,1000000"
    assert periodicity(game).checked_to == 4_000_000  # the values, known from now on
    limits = Limits(max_states=1_000_000)
    found = periodicity(game, limits=limits)
    assert found.proven and found.period == 1_999_999 and found.checked_to == 4_000_000
    assert rare_facts(game, found.checked_to, limits) is None


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 300), min_size=MIN_VALUES, max_size=200),
    st.integers(1, 40),
    st.integers(1, 30),
)
def test_stretches_judge_as_the_whole_does(values: list[int], stretch: int, shown: int) -> None:
    """Judged a stretch at a time, the facts are those of the values taken whole, the
    positions shown cut at the same place across the stretches' seams."""
    import nimlab.solve.rare as rare

    array = np.array(values, dtype=np.uint16)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rare, "POSITIONS_SHOWN", shown)
        whole = sparse_facts(array, fraction=1.0)
        patch.setattr(rare, "STRETCH", stretch)
        assert sparse_facts(array, fraction=1.0) == whole
    assert whole is not None
    assert list(whole.rare_positions) == _naive(values, whole.mask)[:shown]
    assert whole.rare_count == len(_naive(values, whole.mask))


def test_judging_values_takes_less_memory_than_the_values() -> None:
    """The mask of 2^24 values is chosen in stretches: an int64 copy of each value and of
    its parity took 384 MB for these 16 MB (2.4 GB for `sequence kayles --to 10^8 --json`
    under --max-memory 256M)."""
    import tracemalloc

    from nimlab.kernels.one_heap import octal_sequence

    values = np.resize(octal_sequence((0, 7, 7), 1000), 1 << 24)  # Kayles, uint8
    tracemalloc.start()
    try:
        facts = sparse_facts(values)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert facts is not None and facts.mask == 15
    assert peak < values.nbytes
