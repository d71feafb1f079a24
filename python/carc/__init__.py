"""carc: a fast Carcassonne engine (base game, Inns & Cathedrals, Traders & Builders, The
River, The Abbot, The Gifts, Christmas Present) for Python.

    import carc
    g = carc.Game(players=2, expansions="inns,traders,gifts,christmas", seed=1)
    g.legal()            # legal moves in notation
    g.apply(g.legal()[0])

carc.envs holds the PettingZoo and Gymnasium environments (needing those packages),
carc.batch the batched API, carc.selfplay vectorised self-play with a policy per
seat, carc.search the search guided by your evaluator, carc.chance the draws made
explicit. docs/PYTHON.md documents all of it.
"""
from .game import (ACTIONS, ACTION_FIGURES, AM_FIGURES, CHANNELS, DECISIONS, EXPANSIONS, FIGURES,
                   GOODS, HAND_SIZE,
                   MAX_PLAYERS, MAX_TOKENS, MIN_PLAYERS, PUBLIC_SIZE, SCORE_CATEGORIES, SEAT_PUBLIC,
                   SEED_MAX,
                   STACK_MAX, TILE_KINDS, TILE_NAMES, WINDOW, WINDOW_MAX, WINDOW_MIN, CarcError,
                   ConfigError, Game, GameOverError, IllegalMoveError, Player, tiles)
from .batch import Batch
from .saving import LoadError, load, loads, save
from .search import Search, SearchResult, search, uniform_evaluator
from .selfplay import SelfPlay
from . import encoding

__all__ = ["Game", "Player", "Batch", "CarcError", "ConfigError", "IllegalMoveError", "GameOverError",
           "LoadError", "save", "load", "loads", "Search", "SearchResult", "search", "uniform_evaluator", "SelfPlay",
           "ACTIONS", "WINDOW", "WINDOW_MIN", "WINDOW_MAX", "CHANNELS", "PUBLIC_SIZE", "HAND_SIZE",
           "encoding", "tiles",
           "MIN_PLAYERS", "MAX_PLAYERS", "SEAT_PUBLIC", "MAX_TOKENS", "DECISIONS", "FIGURES", "ACTION_FIGURES",
           "AM_FIGURES",
           "GOODS", "SCORE_CATEGORIES", "EXPANSIONS", "TILE_KINDS", "TILE_NAMES", "STACK_MAX",
           "SEED_MAX"]
__version__ = "0.2.0"
