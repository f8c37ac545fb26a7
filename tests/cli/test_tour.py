"""The tour reproduces one headline result of each seed and shows its commands."""

from __future__ import annotations

import io
from argparse import Namespace

from nimlab.cli.tour import table9_corner, tour


def test_tour_prints_each_headline_with_its_command() -> None:
    out = io.StringIO()
    assert tour(Namespace(), out) == 0
    text = out.getvalue()
    assert "G = 00112203 102 102 102" in text
    assert "$ nimlab analyze nim 3,4,5" in text and "2 = 010" in text
    assert "(0,0) (1,2) (3,5) (4,7) (6,10)" in text
    assert "⟨1,1⟩ ⟨3,3⟩ ⟨4,4⟩ ⟨5,5⟩ ⟨7,7⟩" in text
    assert "× = no partner c ≤ 16" in text
    assert text.count("$ nimlab") >= 6


def test_table9_corner_matches_the_seed() -> None:
    corner = table9_corner(4, 16)
    assert corner == [
        ["1", "×", "3", "4"],
        ["×", "2", "5", "×"],
        ["3", "5", "1", "×"],
        ["4", "×", "×", "1"],
    ]


def test_tour_json_carries_the_same_results() -> None:
    import json

    out = io.StringIO()
    assert tour(Namespace(json=True), out) == 0
    steps = json.loads(out.getvalue())["tour"]
    assert steps[0]["values"][:8] == [0, 0, 1, 1, 2, 2, 0, 3]
    assert steps[0]["periodicity"]["period"] == 3 and steps[0]["periodicity"]["proven"]
    assert steps[1]["analysis"]["winning_moves"][0]["to"] == "1,4,5"
    assert steps[2]["p_positions"][:3] == [[0, 0], [1, 2], [3, 5]]
    assert steps[4]["table9_corner"][0][:4] == [1, None, 3, 4] and steps[4]["searched_to"] == 16
    assert all(step["commands"] for step in steps)


def test_the_tour_keeps_within_the_limits_it_is_given() -> None:
    # left from note 30: tour accepted --max-states 1 and --max-memory 1 and used neither
    from nimlab.cli.main import main

    for limit in (["--max-states", "1"], ["--max-memory", "1"], ["--max-states", "1000"]):
        assert main(["tour", *limit], io.StringIO()) == 3
    assert main(["tour", "--max-states", "10000000"], io.StringIO()) == 0
