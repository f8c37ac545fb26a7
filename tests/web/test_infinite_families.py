"""The web app serves the infinite subtraction sets and all-but games like every family."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

GAMES = [
    ("subtraction:squares", "10"),
    ("subtraction:fibonacci", "12"),
    ("subtraction:primes", "10"),
    ("subtraction:powers-of-2", "100000000000000000000"),
    ("all-but:1,2", "10"),
]


@pytest.mark.parametrize(("game", "position"), GAMES)
def test_pages_and_api(client: TestClient, game: str, position: str) -> None:
    for path, params in (
        ("/api/analyze", {"game": game, "position": position}),
        ("/api/sequence", {"game": game, "to": 30}),
        ("/api/period", {"game": game}),
        ("/api/explain", {"game": game, "position": position, "lang": "ja"}),
        ("/api/table", {"game": game, "size": 5}),
        ("/game", {"game": game, "position": position}),
        ("/play", {"game": game, "position": position}),
    ):
        r = client.get(path, params=params)
        assert r.status_code == 200, (path, r.text[:200])
    period = client.get("/api/period", params={"game": game}).json()
    assert period["proven"] == (game == "subtraction:powers-of-2")


def test_a_move_far_out_in_powers_of_2(client: TestClient) -> None:
    start = 10**20  # ≡ 1 (mod 3): take 1 (a power of 2) to a multiple of 3
    body = {"game": "subtraction:powers-of-2", "start": str(start), "moves": []}
    r = client.post("/api/play/move", json=body | {"to": str(start - 1)})
    assert r.status_code == 200, r.text
    r = client.post("/api/play/move", json=body | {"to": str(start - 3)})  # 3 is no power of 2
    assert r.status_code == 400
