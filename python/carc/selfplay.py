"""carc.SelfPlay: vectorised self-play (docs/PYTHON.md, "Vectorised self-play"): many
games stepped together by a carc.Batch, each seat's actions from the caller's policy for
that seat, called once per step with every game where that seat owes the action (one
batched inference per seat, no routing by hand)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from .batch import Batch
from .game import WINDOW, ConfigError, IllegalMoveError, _check_int

# policy(observations, legal_action_ids, rows) -> one action id per row
Policy = Callable[[dict, list, np.ndarray], Any]


class SelfPlay:
    """`SelfPlay(n, policies, expansions="base", seed=1, observations=True, window=31)`:
    n games of `len(policies)` players (2..6), game j seeded (seed + j) mod 2^63 as a
    Batch's. `policies[s]` decides for seat s: `policy(observations, legal_action_ids,
    rows)` gets the games `rows` (int array) where seat s owes the next action, their
    observations of seat s (a dict of arrays, row k for game rows[k]: "board", "public",
    "hand", copies the policy may keep; {} with observations=False) and their legal
    action ids (a list of sorted int32 arrays), and returns one action id per row. The
    same callable may be given for several seats (self-play of one policy)."""

    def __init__(self, n: int, policies: Sequence[Policy], expansions: str | Sequence[str] | None = "base",
                 seed: int = 1, observations: bool = True, window: int = WINDOW,
                 ids_cap: int = 512) -> None:
        if isinstance(policies, (str, bytes)) or not hasattr(policies, "__len__"):
            raise TypeError("policies: a sequence of callables, one per seat")
        for i, p in enumerate(policies):
            if not callable(p):
                raise TypeError(f"policies[{i}] is not callable: f(observations, legal, rows)")
        self.policies = list(policies)
        self.players = len(self.policies)
        self.batch = Batch(_check_int("n", n), players=self.players, expansions=expansions,
                           seed=seed, observations=observations, window=window,
                           ids_cap=ids_cap)
        self.n = self.batch.n
        self._actions = np.zeros(self.n, dtype=np.int32)

    def step(self) -> int:
        """One action in every game, each from the policy of the seat that owes it; a
        game that ends is replaced by the next (`batch.done`, `batch.rewards`,
        `batch.scores` tell). Returns the moves completed. A policy's illegal action or
        wrong answer raises (IllegalMoveError, ValueError) naming its seat, and no game
        moves."""
        b = self.batch
        for s in range(self.players):
            rows = np.flatnonzero(b.seat == s)
            if not rows.size:
                continue
            obs = {}
            if b.board is not None and b.public is not None and b.hand is not None:
                obs = {"board": b.board[rows], "public": b.public[rows], "hand": b.hand[rows]}
            legal = [np.sort(b.ids[i, :b.nids[i]]) for i in rows]
            out = np.asarray(self.policies[s](obs, legal, rows))
            if out.shape != rows.shape or out.dtype.kind not in "iu":
                raise ValueError(f"seat {s}'s policy: one integer action per row "
                                 f"({rows.size},), got {out.dtype} {out.shape}")
            inside = (out >= 0) & (out < b.actions)
            legal_now = np.zeros(rows.size, dtype=bool)
            legal_now[inside] = b.mask[rows[inside], out[inside]] != 0
            if not legal_now.all():
                k = int(np.flatnonzero(~legal_now)[0])
                raise IllegalMoveError(f"seat {s}'s policy: action {int(out[k])} is not legal "
                                       f"now in game {int(rows[k])}")
            self._actions[rows] = out
        return b.step(self._actions)

    def play(self, games: int) -> list[dict[str, Any]]:
        """Steps until at least `games` more games ended; returns every game that ended
        meanwhile (the last step may end a few more) as {"row": its row, "scores": final
        scores, "rewards": by seat (+1 a winner, -1 not, 0 all when all win)}, in the
        order they ended."""
        games = _check_int("games", games)
        if games < 1:
            raise ConfigError("games must be at least 1")
        b = self.batch
        out: list[dict[str, Any]] = []
        while len(out) < games:
            self.step()
            for i in np.flatnonzero(b.done):
                out.append({"row": int(i), "scores": b.scores[i, :self.players].tolist(),
                            "rewards": b.rewards[i, :self.players].tolist()})
        return out
