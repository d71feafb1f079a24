"""Environments over carc.Game (docs/PYTHON.md, "Environments"): a PettingZoo AEC
environment for every seat (`aec_env`) and a Gymnasium single-agent environment against
carc's computer players (`GymEnv`). Needs `pip install pettingzoo gymnasium`.

Observations are dicts: "board" uint8 (CHANNELS, W, W), "public" float32 (PUBLIC_SIZE),
"hand" float32 (HAND_SIZE) and "action_mask" int8 (ACTIONS); the action space is
Discrete(ACTIONS) (carc.encoding). W is the board window's width, `window=` of each
environment (odd, 31..63; 31 by default), and ACTIONS the number of its action ids
(carc.ACTIONS for the default; carc.encoding.for_window(W).ACTIONS). A seat's observation
comes from its view only.
Rewards come at the end: +1 for each winner, -1 for the others, 0 for all when all win
(reward="win"); with reward="score" each seat's final score minus the best other score,
divided by 100."""
from __future__ import annotations

import operator

from typing import Any, Callable, Dict, Sequence, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError("carc.envs needs gymnasium (and pettingzoo for the AEC environment): "
                      "pip install gymnasium pettingzoo, or carc[envs]") from e

from .game import (CHANNELS, HAND_SIZE, PUBLIC_SIZE, SEED_MAX, WINDOW, Game, GameOverError,
                   IllegalMoveError, Player, _check_window)
from .render import board_rgb

# A GymEnv opponent: a player's name, a carc.Player, or a policy called with the seat's
# observation and {"legal_actions": [...], "seat": s} that returns an action id.
Opponent = Union[str, Player, Callable[[Dict[str, np.ndarray], Dict[str, Any]], Any]]
from ._carc import lib

try:
    from pettingzoo import AECEnv as _AECBase
except ImportError:  # pragma: no cover - the AEC environment needs pettingzoo
    _AECBase = object


def observation_space(full: bool = True, window: int = WINDOW) -> spaces.Dict:
    """The observation space of a window's width (the default's: 31)."""
    window = _check_window(window)
    actions = lib.cpy_actions_w(window)
    if not full:
        return spaces.Dict({"action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8)})
    # every channel is 0 or 1 but the count of a tower's floors (TW3)
    high = np.ones((CHANNELS, window, window), dtype=np.uint8)
    high[lib.CPY_CH_TOWER_HEIGHT] = 255
    return spaces.Dict({
        "board": spaces.Box(np.zeros_like(high), high, dtype=np.uint8),
        "public": spaces.Box(-1000.0, 1000.0, (PUBLIC_SIZE,), dtype=np.float32),
        "hand": spaces.Box(0.0, 100.0, (HAND_SIZE,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
    })


class _Actions(spaces.Discrete):
    """Discrete(n) whose contains() answers a Python int without numpy (PettingZoo's
    out-of-bounds wrapper asks it at every step; Gymnasium's converts the int to an
    np.int64 first, which cost more than the rest of its check): the same answers, and
    equal to Discrete(n)."""

    def __init__(self, n: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(n, *args, **kwargs)
        self._first, self._end = int(self.start), int(self.start) + int(self.n)

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return self._first <= x < self._end
        return super().contains(x)


def action_space(window: int = WINDOW) -> spaces.Discrete:
    """Discrete(the number of action ids of a window's width)."""
    return _Actions(lib.cpy_actions_w(_check_window(window)))


def final_rewards(game: Game, reward: str = "win") -> list[float]:
    scores = game.scores()
    if reward == "score":
        return [(s - max(scores[:i] + scores[i + 1:])) / 100.0 for i, s in enumerate(scores)]
    winners = set(game.winners())
    if len(winners) == game.players:
        return [0.0] * game.players
    return [1.0 if s in winners else -1.0 for s in range(game.players)]


def _check_reward(reward):
    if reward not in ("win", "score"):
        raise ValueError(f"reward must be 'win' or 'score', got {reward!r}")


class CarcAEC(_AECBase):
    """PettingZoo AEC environment: agents "player_0".."player_N-1" in seat order; the
    agent selected is the seat that owes the pending decision. A move of several actions
    (a card and its targets) is several steps of the same agent. An action the mask does
    not allow raises carc.IllegalMoveError and changes nothing. observation="mask" gives
    observations holding only the action mask (faster, for random or scripted agents).
    window: the board window's width (odd, 31..63; carc.Game's)."""

    metadata: dict[str, Any] = {"name": "carc_v0", "render_modes": ["ansi", "human", "rgb_array"],
                "is_parallelizable": False, "render_fps": 4}

    def __init__(self, players: int = 2, expansions: str = "gifts,christmas",
                 render_mode: str | None = None, reward: str = "win", observation: str = "full",
                 window: int = WINDOW) -> None:
        window = _check_window(window)  # first: a bad window creates nothing
        super().__init__()
        if observation not in ("full", "mask"):
            raise ValueError("observation must be 'full' or 'mask'")
        self._full = observation == "full"
        Game(players=players, expansions=expansions, seed=1)  # a bad configuration raises here
        _check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.players = players
        self.expansions = expansions
        self.window = window
        self.reward = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self._full, window)
                                   for a in self.possible_agents}
        self.action_spaces = {a: action_space(window) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: Game | None = None  # until reset
        self._next_obs: tuple | None = None  # _legal_ids' observation, until observed
        self._prefetch = True

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_next_obs"] = None  # written again when asked for
        return state

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, SEED_MAX))
        self.game = Game(players=self.players, expansions=self.expansions, seed=game_seed,
                         window=self.window)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_seat]
        self._next_obs = None
        self._prefetch = True
        self.infos[self.agent_selection]["legal_actions"] = self._legal_ids(self.agent_selection)

    def _legal_ids(self, agent):
        """The legal ids of `agent`, the agent selected now. With them, while the loop
        observes the agent selected (`last()`: PettingZoo's loop), its observation,
        written by the same C call and kept for the one observe() that follows: an
        observation costs one listing of the legal moves, not two."""
        game = self.game
        if self._next_obs is not None:  # the last one kept was not asked for
            self._prefetch = False
        if not self._prefetch:
            self._next_obs = None
            return game.legal_actions()
        obs, ids = game._observe_legal(self._seat_of[agent], self._full)
        self._next_obs = (agent, game, len(game._moves), game._np[0], obs)
        return ids

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        if game is None:
            raise RuntimeError("reset() before observe()")
        kept = self._next_obs
        if kept is not None:
            self._next_obs = None
            # handed out once, and only if nothing moved since (the game replaced or
            # played on directly through env.game included)
            if (kept[0] == agent and kept[1] is game and kept[2] == len(game._moves)
                    and kept[3] == game._np[0]):
                return kept[4]
        elif agent == self.agent_selection:
            self._prefetch = True  # the loop observes the agent selected: keep it next time
        return game._observe(self._seat_of[agent], self._full)

    def _check_live(self, what):
        if self.game is None:
            raise RuntimeError(f"reset() before {what}()")
        if not self.agents:
            raise GameOverError(f"{what}: the game is over and every agent has left: reset()", 3)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last's body, with _check_live's tests inline (it runs every step)
        if self.game is None or not self.agents:
            self._check_live("last")
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        game = self.game
        if game is None or not self.agents:
            self._check_live("step")
        assert game is not None  # _check_live
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError("a live agent must act (action None)")
        game.apply_action(action, events=False)  # raises, changing nothing, if bad
        self._cumulative_rewards[agent] = 0
        # rewards stay 0 until the end (set below), so they need no reset per step, and
        # adding them to the cumulative rewards (PettingZoo's _accumulate_rewards) matters
        # only at the end
        if game.over:
            self._next_obs = None
            for a, r in zip(self.possible_agents, final_rewards(game, self.reward)):
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"scores": game.scores()}
            self._accumulate_rewards()
        else:
            nxt = self.possible_agents[game.current_seat]
            if nxt != agent:
                self.infos[agent] = {}
            self.agent_selection = nxt
            self.infos[nxt] = {"legal_actions": self._legal_ids(nxt)}
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without render_mode")
            return None
        if self.game is None:
            raise RuntimeError("reset() before render()")
        if self.render_mode == "rgb_array":
            return board_rgb(self.game.observe(0)["board"], 0, self.players)
        text = self.game.board_text() + f"scores {self.game.scores()} {self.game.pending()}\n"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self):
        return "carc_v0"


def aec_env(players: int = 2, expansions: str = "gifts,christmas",
            render_mode: str | None = None, reward: str = "win", observation: str = "full",
            wrap: bool = False, window: int = WINDOW) -> Any:
    """The AEC environment. It checks its own calls (step before reset, an action out of
    range or masked: clear exceptions), so it is not wrapped by default; wrap=True puts
    it inside PettingZoo's order-enforcing and out-of-bounds wrappers, as PettingZoo's
    own environments are (subclassed to read the attributes of every step faster:
    docs/PERFORMANCE.md)."""
    env = CarcAEC(players=players, expansions=expansions, render_mode=render_mode, reward=reward,
                  observation=observation, window=window)
    if wrap:
        outer, inner = _wrappers()
        env = outer(inner(env))
    return env


# The attributes PettingZoo's AEC loop reads at every step (agent_iter, last, the
# wrappers' own step): forwarded by its wrappers through __getattr__, a failed lookup, a
# startswith and a getattr per wrapper, which cost more than the environment's own step
# (docs/PERFORMANCE.md). The wrappers below are PettingZoo's, subclassed to forward these
# by properties straight to the environment they wrap, and to do the work of each step
# (agent_iter's next, last, step, the out-of-bounds assertion) with the same checks and
# errors as theirs but reading that environment directly: a layer of calls and of
# property reads less per step (tests/python/test_envs.py holds them to PettingZoo's).
_PER_STEP = ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
             "_cumulative_rewards")


def _refused_before_reset(name):
    """A property reading `name` from the wrapped environment, refused before reset as
    OrderEnforcingWrapper's __getattr__ refuses it."""
    def get(self):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._carc_env, name)
    return property(get)


try:
    from pettingzoo.utils import wrappers as _pz
    from pettingzoo.utils.env_logger import EnvLogger as _EnvLogger
    from pettingzoo.utils.wrappers.order_enforcing import (
        AECOrderEnforcingIterable as _PzIterable, AECOrderEnforcingIterator as _PzIterator)
except ImportError:  # pragma: no cover - the wrappers need pettingzoo
    _pz = None

if _pz is not None:
    class _OutOfBounds(_pz.AssertOutOfBoundsWrapper):
        """PettingZoo's AssertOutOfBoundsWrapper, _PER_STEP read by properties."""

        def __init__(self, env):
            super().__init__(env)
            self._carc_env = env.unwrapped

        def step(self, action):
            # AssertOutOfBoundsWrapper.step's assertion, on the environment's attributes
            env = self._carc_env
            agent = env.agent_selection
            assert (action is None and (env.terminations[agent] or env.truncations[agent])) \
                or env.action_space(agent).contains(action), "action is not in action space"
            env.step(action)

    class _Iterator(_PzIterator):
        """AECOrderEnforcingIterator's next, reading the environment's attributes."""

        def __next__(self):
            env = self.env._carc_env
            if not env.agents or self.iters_til_term <= 0:
                raise StopIteration
            self.iters_til_term -= 1
            assert self.env._has_updated, \
                "need to call step() or reset() in a loop over `agent_iter`"
            self.env._has_updated = False
            return env.agent_selection

    class _Iterable(_PzIterable):
        def __iter__(self):
            return _Iterator(self.env, self.max_iter)

    class _OrderEnforcing(_pz.OrderEnforcingWrapper):
        """PettingZoo's OrderEnforcingWrapper, _PER_STEP read by properties."""

        def __init__(self, env):
            super().__init__(env)
            self._carc_env = env.unwrapped

        def agent_iter(self, max_iter=2**63):
            if not self._has_reset:
                _EnvLogger.error_agent_iter_before_reset()
            return _Iterable(self, max_iter)

        def last(self, observe=True):
            # AECEnv.last through the wrappers reads agent_selection first (refused
            # before reset) and observes through them: the environment's own does both
            if not self._has_reset:
                raise AttributeError("agent_selection cannot be accessed before reset")
            return self._carc_env.last(observe)

        def step(self, action):
            # OrderEnforcingWrapper.step, the wrapped environment's agents read directly
            if not self._has_reset:
                _EnvLogger.error_step_before_reset()
            elif not self._carc_env.agents:
                self._has_updated = True
                _EnvLogger.warn_step_after_terminated_truncated()
            else:
                self._has_updated = True
                self.env.step(action)

    for _name in _PER_STEP:
        setattr(_OutOfBounds, _name, property(operator.attrgetter("_carc_env." + _name)))
        setattr(_OrderEnforcing, _name, _refused_before_reset(_name) if _name[0] != "_"
                else property(operator.attrgetter("_carc_env." + _name)))


def _wrappers():
    """The two wrappers of wrap=True, outer first."""
    return _OrderEnforcing, _OutOfBounds


class GymEnv(gymnasium.Env):
    """Gymnasium single-agent environment: the agent plays seat `seat` against
    `opponents`, one per other seat, given to the other seats in seat order: carc's
    computer players by name ("random", "greedy" or "mcts": a new one per game, seeded
    from the game's seed), carc.Player objects, or policies: callables
    `f(obs, info) -> action id` given the seat's observation and {"legal_actions": [...],
    "seat": s} (an earlier checkpoint of the agent, say), called once per action. Each
    decides from its own seat's view only; they move inside `reset` and `step` until the
    agent owes a decision or the game ends.

    An action the mask does not allow: illegal_action="lose" (the default) ends the
    episode with reward -1 and info["illegal_action"] = True, the game unchanged
    (Gymnasium's check_env steps with unmasked random actions); "raise" raises
    carc.IllegalMoveError instead. window: the board window's width (odd, 31..63;
    carc.Game's)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, opponents: str | Sequence[Opponent] = ("greedy",),
                 expansions: str = "gifts,christmas", seat: int = 0, reward: str = "win",
                 illegal_action: str = "lose", mcts_iterations: int = 200,
                 render_mode: str | None = None, window: int = WINDOW) -> None:
        window = _check_window(window)  # first: a bad window creates nothing
        super().__init__()
        if isinstance(opponents, str) or isinstance(opponents, Player) or callable(opponents):
            opponents = [opponents]
        self.opponents = list(opponents)
        self.players = 1 + len(self.opponents)
        Game(players=self.players, expansions=expansions, seed=1)
        for opp in self.opponents:
            if isinstance(opp, str):
                Player(opp)  # a bad name raises here
            elif not (isinstance(opp, Player) or callable(opp)):
                raise TypeError("an opponent is a player's name ('random', 'greedy', 'mcts'), a "
                                f"carc.Player or a callable (obs, info) -> action, got "
                                f"{type(opp).__name__}")
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 0..{self.players - 1}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        _check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or "
                             f"None, got {render_mode!r}")
        self.expansions = expansions
        self.window = window
        self.seat = seat
        self.reward = reward
        self.illegal_action = illegal_action
        self.mcts_iterations = mcts_iterations
        self.render_mode = render_mode
        self.observation_space = observation_space(True, window)
        self.action_space = action_space(window)
        self.game: Game | None = None  # until reset
        self._ended = True  # until reset

    def _obs_info(self, **extra):
        """The agent's observation and the info dict: scores, the decision pending and the
        legal action ids (empty unless the agent owes the decision), from one listing."""
        obs, legal = self.game._observe_legal(self.seat)
        info = {"scores": self.game.scores(), "pending": self.game.pending(),
                "legal_actions": legal}
        info.update(extra)
        return obs, info

    def _advance(self):
        while not self.game.over and self.game.current_seat != self.seat:
            s = self.game.current_seat
            opp = self._players[s]
            if isinstance(opp, Player):
                self.game.apply(opp.choose(self.game))
                continue
            # a policy: it sees what the seat may know, as the agent does
            obs, legal = self.game._observe_legal(s)
            action = opp(obs, {"legal_actions": legal, "seat": s})
            try:
                self.game.apply_action(action, events=False)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"the opponent in seat {s} chose action {action!r}, "
                                       f"not legal now: {e.message}") from None

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, SEED_MAX))
        self.game = Game(players=self.players, expansions=self.expansions, seed=game_seed,
                         window=self.window)
        self._players = {}
        others = [s for s in range(self.players) if s != self.seat]
        for s, opp in zip(others, self.opponents):
            # a name: a new player per game, seeded from the game's seed; a carc.Player
            # or a callable: the caller's own, kept from game to game
            self._players[s] = (Player(opp, seed=(game_seed + s) % (SEED_MAX + 1),
                                       iterations=self.mcts_iterations)
                                if isinstance(opp, str) else opp)
        self._advance()
        self._ended = self.game.over
        return self._obs_info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        if self.game is None:
            raise RuntimeError("reset() before step()")
        if self._ended:  # the game over, or lost by an illegal action
            raise GameOverError("the episode is over (it returned terminated=True): reset()", 3)
        try:
            self.game.apply_action(action, events=False)
        except IllegalMoveError:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            obs, info = self._obs_info(illegal_action=True)
            return obs, -1.0, True, False, info
        self._advance()
        reward, done = 0.0, self.game.over
        if done:
            reward = final_rewards(self.game, self.reward)[self.seat]
            self._ended = True
        obs, info = self._obs_info()
        return obs, float(reward), done, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a bool array (the method sb3-contrib's MaskablePPO
        asks for; all False once the episode is over). Through gymnasium.make's wrappers:
        env.unwrapped.action_masks() or env.get_wrapper_attr("action_masks")()."""
        if self.game is None:
            raise RuntimeError("reset() before action_masks()")
        if self._ended:
            return np.zeros(self.game.actions, dtype=bool)
        return self.game._observe(self.seat, False)["action_mask"].view(bool)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        if self.game is None:
            raise RuntimeError("reset() before render()")
        if self.render_mode == "ansi":
            return self.game.board_text()
        return board_rgb(self.game.observe(self.seat)["board"], self.seat, self.players)


# gymnasium.make("carc/Carcassonne-v0", opponents=["greedy"]) once carc.envs is imported
if "carc/Carcassonne-v0" not in gymnasium.registry:
    gymnasium.register(id="carc/Carcassonne-v0", entry_point="carc.envs:GymEnv")
