"""The environments: PettingZoo's own api_test and seed_test on the AEC environment,
Gymnasium's check_env on the single-agent one, whole games through both, and bad actions."""
import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import carc  # noqa: E402
from carc import envs  # noqa: E402
from conftest import QUICK, SETS  # noqa: E402

BIGBOX = ["inns,traders", "inns,traders,gifts,christmas"]


@pytest.mark.parametrize("exps", SETS + BIGBOX)
def test_pettingzoo_api_test(exps):
    api_test(envs.aec_env(players=3, expansions=exps), num_cycles=300 if QUICK else 1000)
    api_test(envs.aec_env(players=2, expansions=exps, wrap=True), num_cycles=300)
    if "inns" in exps:
        api_test(envs.aec_env(players=6, expansions=exps), num_cycles=300)


@pytest.mark.parametrize("exps", ["base", "gifts,christmas"] + BIGBOX)
def test_pettingzoo_seed_test(exps):
    seed_test(lambda: envs.aec_env(players=2, expansions=exps), num_cycles=300 if QUICK else 500)


@pytest.mark.parametrize("observation", ["full", "mask"])
def test_pettingzoo_wrapped_and_mask_only(observation):
    """The environment inside PettingZoo's wrappers and with mask-only observations
    passes the same tests."""
    make = lambda: envs.aec_env(players=2, expansions="gifts,christmas", wrap=True,  # noqa: E731
                                observation=observation)
    api_test(make(), num_cycles=300)
    seed_test(make, num_cycles=300)
    with pytest.raises(ValueError):
        envs.aec_env(observation="pixels")


@pytest.mark.parametrize("opponents,exps", [(["greedy"], "gifts,christmas"),
                                            (["random", "greedy"], "gifts,christmas"),
                                            (["greedy"], "inns,traders"),
                                            (["random"] * 5, "inns,traders,gifts,christmas")])
def test_gymnasium_check_env(opponents, exps):
    env = envs.GymEnv(opponents=opponents, expansions=exps)
    check_env(env, skip_render_check=True)
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("players,exps", [(3, "gifts,christmas"), (6, "inns,traders"),
                                          (4, "inns,traders,gifts,christmas")])
def test_aec_whole_games_and_rewards(players, exps):
    env = envs.aec_env(players=players, expansions=exps)
    for seed in range(2 if QUICK else 5):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            assert obs["action_mask"].any()
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sorted(total.values())[-1] == 1.0 or set(total.values()) == {0.0}
        assert not env.agents


def test_aec_bad_action_changes_nothing():
    env = envs.aec_env(players=2, expansions="gifts,christmas")
    with pytest.raises(RuntimeError):
        env.step(0)
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.unwrapped.game.state_bytes()
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(carc.IllegalMoveError):
        env.step(bad)
    with pytest.raises(TypeError):
        env.step("pass")
    assert env.unwrapped.game.state_bytes() == before and env.agent_selection == agent


@pytest.mark.parametrize("exps", ["gifts,christmas", "inns,traders,gifts,christmas"])
def test_gym_against_greedy_plays_to_the_end(exps):
    env = envs.GymEnv(opponents=["greedy", "random"], expansions=exps, seat=1)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, done, trunc, info = env.step(a)
        steps += 1
    assert env.game.over and r in (-1.0, 0.0, 1.0) and steps > 20
    env2 = envs.GymEnv(opponents=["greedy"], illegal_action="raise")
    obs, _ = env2.reset(seed=1)
    assert np.array_equal(env2.action_masks(), obs["action_mask"].astype(bool))
    with pytest.raises(carc.IllegalMoveError):
        env2.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    obs, _ = env.reset(seed=1)
    obs2, r, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert done and r == -1.0 and info["illegal_action"]


def test_gymnasium_make():
    env = gymnasium.make("carc/Carcassonne-v0", opponents=["random"], expansions="base")
    obs, info = env.reset(seed=2)
    assert obs["action_mask"].any()
    check_env(env.unwrapped, skip_render_check=True)


def test_wrapped_env_fast_paths_behave_as_pettingzoo():
    """wrap=True's wrappers (PettingZoo's, reading the per-step attributes by properties)
    refuse them before reset as PettingZoo's do, pickle, and play on the same; the action
    space's contains() answers as Discrete's for every kind of value."""
    import pickle

    from pettingzoo.utils import wrappers
    env = envs.aec_env(players=2, expansions="base", wrap=True)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    for name in ("agent_selection", "agents", "terminations", "infos"):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            getattr(env, name)
    env.reset(seed=2)
    for _ in range(30):
        env.step(env.last()[4]["legal_actions"][0])
    twin = pickle.loads(pickle.dumps(env))
    for e in (env, twin):
        e.step(e.last()[4]["legal_actions"][-1])
    assert twin.agent_selection == env.agent_selection
    assert twin.unwrapped.game.state_bytes() == env.unwrapped.game.state_bytes()
    space, plain = envs.action_space(), gymnasium.spaces.Discrete(carc.ACTIONS)
    assert space == plain
    for x in (0, 5, carc.ACTIONS - 1, carc.ACTIONS, -1, 2**70, True, 3.0, np.int64(7),
              np.int8(-1), np.array(4), np.array([4]), "3", None):
        assert space.contains(x) == plain.contains(x), x


def _loop_record(env, seed, steps=400):
    """What an agent sees along a seeded random game: every last() (observations as
    bytes), to compare two environments step by step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, info = env.last()
        seen.append((agent, {k: v.tobytes() for k, v in obs.items()}, reward, term, trunc,
                     repr(info)))
        ids = info.get("legal_actions")
        env.step(None if term or trunc else ids[int(rng.random() * len(ids))])
    return seen


@pytest.mark.parametrize("observation", ["full", "mask"])
def test_fast_paths_see_what_pettingzoo_wrappers_see(observation):
    """wrap=True's own agent_iter, last, step and out-of-bounds check, and the
    observation written with the legal ids at each step, give an agent exactly what
    PettingZoo's wrappers as shipped give around the same environment, every step of
    whole games to their end; the same errors before reset and after the end."""
    from pettingzoo.utils import wrappers
    make = lambda: envs.aec_env(players=3, expansions="base", observation=observation)  # noqa
    ours = envs.aec_env(players=3, expansions="base", observation=observation, wrap=True)
    shipped = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(make()))
    assert _loop_record(ours, 4, 10**6) == _loop_record(shipped, 4, 10**6)
    assert ours.agents == [] and shipped.agents == []
    for env in (ours, shipped):  # stepping past the end: PettingZoo's warning, no error
        env.step(None)

    def refusals(env):
        out = []
        for call in (env.last, lambda: env.step(0), env.agent_iter):
            with pytest.raises(Exception) as e:
                call()
            out.append((type(e.value), str(e.value)))
        return out
    assert refusals(envs.aec_env(players=3, expansions="base", wrap=True)) == refusals(
        wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(make())))
    ours.reset(seed=1)
    with pytest.raises(AssertionError, match="not in action space"):
        ours.step(-1)
    it = iter(ours.agent_iter())
    next(it)
    with pytest.raises(AssertionError, match="need to call step"):
        next(it)


def test_observation_kept_from_the_step_is_fresh():
    """The observation written with the legal ids (kept for the observe() that follows
    a step) is handed out once and only while nothing moved: a second observe() gives
    equal arrays of its own, and a game played on through env.game, or another agent,
    gets a new observation."""
    env = envs.aec_env(players=2, expansions="base")
    env.reset(seed=3)
    for _ in range(6):
        env.step(env.last()[4]["legal_actions"][0])
    agent = env.agent_selection
    first = env.observe(agent)
    second = env.observe(agent)
    assert all(np.array_equal(first[k], second[k]) for k in first)
    first["board"][:] = 7
    assert not np.array_equal(first["board"], env.observe(agent)["board"])
    env.step(env.last()[4]["legal_actions"][0])
    game = env.unwrapped.game
    seat = game.current_seat
    other = env.possible_agents[1 - seat]
    assert np.array_equal(env.observe(other)["board"], game.observe(1 - seat)["board"])
    env.step(env.last()[4]["legal_actions"][0])
    game.apply_action(game.legal_actions()[-1])  # played on directly
    now = env.observe(env.possible_agents[game.current_seat])
    assert np.array_equal(now["action_mask"], game.observe(game.current_seat)["action_mask"])
    assert np.array_equal(now["board"], game.observe(game.current_seat)["board"])
