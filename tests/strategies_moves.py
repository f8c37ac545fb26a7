"""Actions of every kind: fixed examples and a Hypothesis strategy per kind."""

from __future__ import annotations

from hypothesis import strategies as st

from nimlab.games.actions import (
    Action,
    DeleteSplit,
    InComponent,
    MoveTo,
    RemoveHeap,
    ReplaceHeap,
    Split,
    SplitDelete,
    Take,
    TakeAll,
    TakeAndSplit,
    TakeBoth,
    TakeCapped,
)

EXAMPLES: list[Action] = [
    Take(3, 2),
    Take(2000, 1382, leaving=(1000, 618)),
    TakeBoth(3, (1, 2)),
    TakeAll(4),
    RemoveHeap(7),
    Split(7, (3, 4)),
    TakeAndSplit(5, 1, (1, 3)),
    ReplaceHeap(7, (1, 2, 3)),
    SplitDelete(((4, (1, 3)), (8, (4, 4))), (1, 3)),
    DeleteSplit((2, 3), ((6, (1, 1, 4)),)),
    TakeCapped(2, 4),
    InComponent(1, "octal:0.77", Split(4, (1, 3))),
    InComponent(0, "wythoff", TakeBoth(1, (0, 1))),
    MoveTo("3,4"),
]
"""At least one action of every kind (a test checks that none is missing)."""

_n = st.integers(0, 10**6)
_parts = st.lists(st.integers(0, 10**6), min_size=1, max_size=4).map(tuple)
_splits = st.lists(st.tuples(_n, _parts), min_size=1, max_size=3).map(tuple)

KINDS: dict[type[Action], st.SearchStrategy[Action]] = {
    Take: st.builds(Take, _n, _n, st.none() | st.tuples(_n, _n)),
    TakeBoth: st.builds(TakeBoth, _n, st.tuples(_n, _n)),
    TakeAll: st.builds(TakeAll, _n),
    RemoveHeap: st.builds(RemoveHeap, _n),
    Split: st.builds(Split, _n, _parts),
    TakeAndSplit: st.builds(TakeAndSplit, _n, _n, _parts),
    ReplaceHeap: st.builds(ReplaceHeap, _n, _parts),
    SplitDelete: st.builds(SplitDelete, _splits, _parts),
    DeleteSplit: st.builds(DeleteSplit, _parts, _splits),
    TakeCapped: st.builds(TakeCapped, _n, _n),
    MoveTo: st.builds(MoveTo, st.sampled_from(["3,4", "10/3", "1 + 2,5", ""])),
}
"""A strategy for every kind but ``InComponent``, which wraps any of them."""


def actions() -> st.SearchStrategy[Action]:
    """Any action, sums' ``InComponent`` included."""
    inner = st.one_of(list(KINDS.values()))
    spec = st.sampled_from(["nim", "octal:0.77", "wythoff", "take-away:2"])
    return inner | st.builds(InComponent, st.integers(0, 5), spec, inner)
