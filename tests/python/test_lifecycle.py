"""Issue 34's problems 1 and 3 to 6: the legal action ids given directly, the environments
after the end and before reset, one seed range, vector environments under both autoreset
modes, render modes, the action types an agent may hand in, and GymEnv opponents as
policies (callables) and carc.Player objects."""
import pickle

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import render_test  # noqa: E402

import carc  # noqa: E402
from carc import envs  # noqa: E402
from carc._carc import ffi, lib  # noqa: E402


def test_aec_info_legal_actions_are_the_mask():
    """info["legal_actions"] of the agent selected is the sorted ids of its mask, at every
    step of whole games (multi-action moves too); the other agents' infos hold none."""
    for exps in ("base", "gifts,christmas"):
        env = envs.aec_env(players=3, expansions=exps)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        steps = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = info["legal_actions"]
            assert isinstance(ids, list) and ids
            assert np.array_equal(ids, np.flatnonzero(obs["action_mask"]))
            assert ids == env.unwrapped.game.legal_actions()
            for other in env.agents:
                if other != agent:
                    assert "legal_actions" not in env.infos[other]
            env.step(int(ids[int(rng.random() * len(ids))]))
            steps += 1
        assert steps > 50


def test_gym_info_legal_actions_and_mask_agree():
    env = envs.GymEnv(opponents=["random"], expansions="gifts,christmas")
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        ids = info["legal_actions"]
        assert np.array_equal(ids, np.flatnonzero(obs["action_mask"]))
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, _, done, _, info = env.step(ids[int(rng.random() * len(ids))])
    assert info["legal_actions"] == [] and not obs["action_mask"].any()


def test_gym_refuses_steps_after_terminated_until_reset():
    env = envs.GymEnv(opponents=["greedy"], expansions="base")
    obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    legal = int(info["legal_actions"][0])
    _, r, term, _, info = env.step(bad)
    assert term and r == -1.0 and info["illegal_action"]
    before = env.game.state_bytes()
    with pytest.raises(carc.GameOverError, match="reset"):
        env.step(legal)  # the same game must not go on after terminated=True
    assert env.game.state_bytes() == before
    assert not env.action_masks().any()
    obs, info = env.reset(seed=1)
    env.step(legal)  # after reset it plays again
    # and after a game played to its end
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, _, done, _, info = env.step(rng.choice(info["legal_actions"]))
    with pytest.raises(carc.GameOverError):
        env.step(0)


def test_before_reset_and_after_the_end_clear_errors():
    gym = envs.GymEnv(opponents=["random"])
    for call in (gym.action_masks, lambda: gym.step(0)):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    aec = envs.aec_env(players=2, expansions="base", observation="mask")
    for call in (aec.last, lambda: aec.step(0)):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in aec.agent_iter():
        _, _, term, trunc, info = aec.last()
        aec.step(None if term or trunc else rng.choice(info["legal_actions"]))
    assert not aec.agents
    for call in (aec.last, lambda: aec.step(0), lambda: aec.step(None)):
        with pytest.raises(carc.GameOverError, match="reset"):
            call()
    aec.reset(seed=4)
    assert aec.agents and aec.last()[4]["legal_actions"]


def test_gymnasium_make_reaches_action_masks():
    env = gymnasium.make("carc/Carcassonne-v0", opponents=["random"], expansions="base")
    obs, info = env.reset(seed=2)
    want = obs["action_mask"].astype(bool)
    assert np.array_equal(env.unwrapped.action_masks(), want)
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), want)


def test_one_seed_range_everywhere():
    """0..2^63-1 for a game, a batch, a player and a determinization: a batch's games are
    games carc.Game rebuilds, even past 2^63 (the batch's seeds wrap)."""
    top = carc.SEED_MAX
    assert top == 2**63 - 1
    carc.Game(seed=top)
    carc.Player("random", seed=top)
    carc.Game(seed=1).determinized(0, top)
    for make in (lambda s: carc.Game(seed=s), lambda s: carc.Batch(1, seed=s),
                 lambda s: carc.Player("random", seed=s),
                 lambda s: carc.Game(seed=1).determinized(0, s)):
        for bad in (-1, top + 1, 2**64 - 1):
            with pytest.raises(carc.ConfigError, match=r"0\.\.2\^63-1"):
                make(bad)
    b = carc.Batch(2, players=2, expansions="base", seed=top)
    size = lib.carc_state_size()
    row = [bytes(ffi.buffer(ffi.cast("char *", lib.cpy_batch_game(b._b, i)), size))
           for i in range(2)]
    assert row == [carc.Game(seed=top).state_bytes(), carc.Game(seed=0).state_bytes()]


def test_actions_as_numpy_scalars_arrays_and_floats():
    g = carc.Game(players=2, expansions="gifts,christmas", seed=4)
    for conv in (np.int64, np.array, lambda a: np.array(a, dtype=np.int16), float,
                 np.float32, lambda a: np.array(float(a))):
        a = g.legal_actions()[0]
        twin = g.clone()
        twin.apply_action(a)
        g.apply_action(conv(a))
        assert g.state_bytes() == twin.state_bytes()
    before = g.state_bytes()
    for bad in (True, np.bool_(True), 1.5, np.array([1, 2]), "1", None):
        with pytest.raises(TypeError):
            g.apply_action(bad)
    assert g.state_bytes() == before
    env = envs.GymEnv(opponents=["random"], illegal_action="raise")
    obs, info = env.reset(seed=1)
    env.step(np.array(info["legal_actions"][0]))


def test_render_modes_honest():
    with pytest.raises(ValueError, match="render_mode"):
        envs.GymEnv(render_mode="human")
    env = envs.GymEnv(opponents=["random"], render_mode="rgb_array", expansions="river,abbot",
                      window=41)
    obs, info = env.reset(seed=1)
    for _ in range(4):
        env.step(info["legal_actions"][0])
        info = env._obs_info()[1]
    img = env.render()
    assert img.dtype == np.uint8 and img.shape == (41 * 8, 41 * 8, 3)
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 4  # tiles, edges, the river
    check_env(gymnasium.make("carc/Carcassonne-v0", opponents=["random"],
                             render_mode="rgb_array").unwrapped)  # with its render check
    ansi = envs.GymEnv(opponents=["random"], render_mode="ansi")
    ansi.reset(seed=1)
    assert isinstance(ansi.render(), str)
    for mode in ("rgb_array", "ansi"):
        aec = envs.aec_env(players=2, expansions="base", render_mode=mode)
        render_test(lambda render_mode=mode: envs.aec_env(players=2, expansions="base",
                                                          render_mode=render_mode))
        aec.reset(seed=1)
        out = aec.render()
        assert isinstance(out, np.ndarray if mode == "rgb_array" else str)


@pytest.mark.parametrize("mode", ["next", "same"])
def test_vector_env_autoreset(mode):
    """Under NEXT_STEP (Gymnasium's default) the observation after a terminal step is that
    of the game over, with an all-zero mask, and the next step's actions are ignored; with
    SAME_STEP every observation returned has a legal action (docs/PYTHON.md)."""
    am = gymnasium.vector.AutoresetMode
    vec = gymnasium.make_vec(
        "carc/Carcassonne-v0", num_envs=2, vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": am.NEXT_STEP if mode == "next" else am.SAME_STEP},
        opponents=["random"], expansions="base")
    obs, info = vec.reset(seed=1)
    rng = np.random.default_rng(1)
    ends = empty = 0
    while ends < 2:
        acts = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]]
        obs, r, term, trunc, info = vec.step(np.array(acts))
        ends += int(term.sum())
        empty += int((~obs["action_mask"].any(axis=1)).sum())
        if mode == "same" and term.any():
            assert "final_obs" in info
    if mode == "same":
        assert empty == 0
    else:
        assert empty >= 1
    vec.close()


def test_gym_opponents_as_policies_and_players():
    """Opponents may be callables (obs, info) -> action, given their own seat's observation
    and legal ids, or carc.Player objects; a policy's illegal action raises naming its
    seat; anything else is refused."""
    seen = []

    def first_legal(obs, info):
        assert np.array_equal(np.flatnonzero(obs["action_mask"]), info["legal_actions"])
        seen.append(info["seat"])
        return np.array(info["legal_actions"][0])  # a 0-d array is an action too

    env = envs.GymEnv(opponents=[first_legal, carc.Player("random", seed=3)],
                      expansions="gifts,christmas", seat=1)
    obs, info = env.reset(seed=6)
    assert env.players == 3 and set(seen) == {0}
    done = False
    while not done:
        obs, r, done, _, info = env.step(info["legal_actions"][-1])
    assert env.game.over and len(seen) > 20 and set(seen) == {0}
    copy = pickle.loads(pickle.dumps(envs.GymEnv(opponents=[carc.Player("greedy", seed=2)])))
    assert copy.reset(seed=1)[1]["legal_actions"]
    bad = envs.GymEnv(opponents=[lambda obs, info: 0], expansions="base", seat=1)
    with pytest.raises(carc.IllegalMoveError, match="opponent in seat 0"):
        bad.reset(seed=1)
    with pytest.raises(TypeError, match="opponent"):
        envs.GymEnv(opponents=[3])
    with pytest.raises(carc.ConfigError):
        envs.GymEnv(opponents=["nobody"])
