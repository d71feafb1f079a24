"""carc: a fast Carcassonne engine (base game, The Gifts, Christmas Present) for Python.

    import carc
    g = carc.Game(players=2, expansions="gifts,christmas", seed=1)
    g.legal()            # legal moves in notation
    g.apply(g.legal()[0])

carc.envs holds the PettingZoo and Gymnasium environments (needing those packages),
carc.batch the batched API. docs/PYTHON.md documents all of it.
"""
from .game import (ACTIONS, CHANNELS, HAND_SIZE, PUBLIC_SIZE, WINDOW, CarcError, ConfigError,
                   Game, GameOverError, IllegalMoveError, Player, tiles)
from .batch import Batch
from . import encoding

__all__ = ["Game", "Player", "Batch", "CarcError", "ConfigError", "IllegalMoveError", "GameOverError",
           "ACTIONS", "WINDOW", "CHANNELS", "PUBLIC_SIZE", "HAND_SIZE", "encoding", "tiles"]
__version__ = "0.1.0"
