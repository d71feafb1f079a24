"""The Python package's speed figures (docs/PERFORMANCE.md, "The Python package"): random
play with action masks through the batched API, the AEC environment, the Gymnasium
environment and carc.Game; base game and both expansions; masks only and full
observations. Pin it to one core:

    taskset -c 1 .venv/bin/python examples/python/bench.py [--seconds 3] [--window 45]

--window sets the board window's width of the batches, environments and games (31, the
default, or any odd width to 63); the observation parts are always the default window's.
"""
import argparse
import pickle
import time

import numpy as np

import carc
from carc import envs
from carc._carc import ffi, lib

ap = argparse.ArgumentParser()
ap.add_argument("--seconds", type=float, default=3.0, help="per figure")
ap.add_argument("--envs", type=int, default=256, help="games per batch call")
ap.add_argument("--sets", nargs="+", default=["base", "gifts,christmas"],
                help="expansion sets, e.g. base gifts,christmas inns,traders")
ap.add_argument("--window", type=int, default=carc.WINDOW,
                help="the board window's width (odd, 31..63)")
args = ap.parse_args()
SETS = args.sets


def timed(fn):
    """Work per second of this process's CPU time (the machine may be shared: CPU time
    is what one core gave this process), over `--seconds` of wall time."""
    start, cpu = time.perf_counter(), time.process_time()
    work = 0
    while time.perf_counter() - start < args.seconds:
        work += fn()
    return work / (time.process_time() - cpu)


def batch_numpy(exps, obs):
    b = carc.Batch(args.envs, expansions=exps, observations=obs, window=args.window)
    rng = np.random.default_rng(1)

    def chunk():
        for _ in range(10):
            b.step(b.random_actions(rng))
        return 10 * b.n
    rate = timed(chunk)
    return rate, b.games_done / max(b.decisions, 1) * rate


def batch_c(exps, obs):
    b = carc.Batch(args.envs, expansions=exps, observations=obs, window=args.window)
    return timed(lambda: b.play_random(20) and 20 * b.n)


# How an agent draws its random legal action in the environments (docs/PYTHON.md,
# "Environments"): from info["legal_actions"], from the mask viewed as bools, or with the
# natural np.flatnonzero on the int8 mask (PettingZoo's own benchmark does that).
IDIOMS = {
    "info": lambda o, info: info["legal_actions"],
    "bool": lambda o, info: np.flatnonzero(o["action_mask"].view(np.bool_)),
    "int8": lambda o, info: np.flatnonzero(o["action_mask"]),
}


def aec(exps, observation, wrap, idiom="info"):
    env = envs.aec_env(players=2, expansions=exps, observation=observation, wrap=wrap,
                       window=args.window)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    legal = IDIOMS[idiom]

    def game():
        n = 0
        for agent in env.agent_iter():
            o, r, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = legal(o, info)
            env.step(int(ids[int(rng.random() * len(ids))]))
            n += 1
        env.reset()
        return n
    return timed(game)


def gym(exps):
    env = envs.GymEnv(opponents=["random"], expansions=exps, window=args.window)
    rng = np.random.default_rng(1)
    state = {"info": env.reset(seed=1)[1]}

    def step():
        ids = state["info"]["legal_actions"]
        obs, r, done, trunc, info = env.step(ids[int(rng.random() * len(ids))])
        state["info"] = env.reset()[1] if done else info
        return 1
    return timed(lambda: sum(step() for _ in range(50)))


def game_object(exps):
    rng = np.random.default_rng(1)

    def one():
        g = carc.Game(players=2, expansions=exps, seed=int(rng.integers(1 << 62)),
                      window=args.window)
        n = 0
        while not g.over:
            acts = g.legal_actions()
            g.apply_action(acts[int(rng.random() * len(acts))], events=False)
            n += 1
        return n
    return timed(one)


def pickling(exps):
    """pickle.dumps, pickle.loads and both of a 2-player game after 60 random actions
    (docs/PYTHON.md, "Saving and pickling"): per second, and the pickle's size."""
    g = carc.Game(players=2, expansions=exps, seed=3, window=args.window)
    rng = np.random.default_rng(1)
    for _ in range(60):
        acts = g.legal_actions()
        g.apply_action(acts[int(rng.random() * len(acts))])
    blob = pickle.dumps(g)
    return (timed(lambda: len(pickle.dumps(g)) and 1), timed(lambda: pickle.loads(blob) and 1),
            timed(lambda: pickle.loads(pickle.dumps(g)) and 1), len(blob))


def observation_parts(exps):
    g = carc.Game(players=2, expansions=exps, seed=3)
    rng = np.random.default_rng(1)
    for _ in range(80):
        acts = g.legal_actions()
        g.apply_action(acts[int(rng.random() * len(acts))])
    keep = ffi.new("char[]", lib.carc_state_size())
    view = ffi.cast("carc_game *", keep)
    board = np.zeros((carc.CHANNELS, carc.WINDOW, carc.WINDOW), np.uint8)
    pub = np.zeros(carc.PUBLIC_SIZE, np.float32)
    hand = np.zeros(carc.HAND_SIZE, np.float32)
    mask = np.zeros(carc.ACTIONS, np.int8)
    bb, pp, hh = (ffi.from_buffer("uint8_t[]", board), ffi.from_buffer("float[]", pub),
                  ffi.from_buffer("float[]", hand))
    mm = ffi.from_buffer("uint8_t[]", mask)
    n = 20000
    out = {}
    for name, call in [
        ("view", lambda: lib.carc_view(g._g, 0, view)),
        ("view+board", lambda: lib.cpy_observe(g._g, 0, view, bb, ffi.NULL, ffi.NULL)),
        ("view+public", lambda: lib.cpy_observe(g._g, 0, view, ffi.NULL, pp, ffi.NULL)),
        ("view+hand", lambda: lib.cpy_observe(g._g, 0, view, ffi.NULL, ffi.NULL, hh)),
        ("mask", lambda: lib.cpy_observe_full(g._g, g.current_seat, g._pre, 0, view, g._buf,
                                              ffi.NULL, ffi.NULL, ffi.NULL, mm)),
    ]:
        start = time.perf_counter()
        for _ in range(n):
            call()
        out[name] = (time.perf_counter() - start) / n * 1e6
    return out


print(f"carc Python package, {args.seconds:g} s per figure, {args.envs} games per batch call, "
      f"window {args.window}; "
      f"decisions = actions; rates per second of CPU time")
for exps in SETS:
    for obs in (False, True):
        d, gps = batch_numpy(exps, obs)
        print(f"batch numpy-random  {exps:16} {'full obs' if obs else 'masks   '}  "
              f"{d:12,.0f} decisions/s  {gps:8,.0f} games/s")
    for obs in (False, True):
        print(f"batch C-random      {exps:16} {'full obs' if obs else 'masks   '}  "
              f"{batch_c(exps, obs):12,.0f} decisions/s")
for exps in SETS:
    for observation in ("mask", "full"):
        for wrap in (True, False):
            print(f"AEC step()          {exps:16} {observation:4} {'wrapped  ' if wrap else 'unwrapped'}"
                  f" {aec(exps, observation, wrap):10,.0f} steps/s")
    for idiom in ("bool", "int8"):
        print(f"AEC step()          {exps:16} full unwrapped {aec(exps, 'full', False, idiom):10,.0f}"
              f" steps/s, ids by np.flatnonzero on the {idiom} mask")
for exps in SETS:
    print(f"Gym step() vs random {exps:15} full obs  {gym(exps):12,.0f} steps/s")
    print(f"Game.apply_action    {exps:15} no obs    {game_object(exps):12,.0f} actions/s")
for exps in SETS:
    dumps, loads, both, size = pickling(exps)
    print(f"pickle a Game        {exps:15} {size:,} bytes  dumps {dumps:9,.0f}/s  loads "
          f"{loads:9,.0f}/s  dumps+loads {both:9,.0f}/s")
def search_rate(exps, raw):
    """Simulations (leaves) per second of CPU: carc.Search with a trivial evaluator
    (uniform priors, values 0) in batches of 64, or (raw) the engine's carc_guided driven
    directly with its own uniform priors and no observations."""
    from carc._carc import ffi, lib
    g = carc.Game(players=2, expansions=exps, seed=3, window=args.window)
    for _ in range(10):
        g.apply(g.legal()[0])
    n = 2048
    if not raw:
        s = carc.Search(carc.uniform_evaluator, simulations=n, batch=64)
        return timed(lambda: s.run(g).simulations)
    opt = ffi.new("carc_guided_options *")
    lib.carc_guided_options_init(opt)
    err = ffi.new("carc_error *")
    s = ffi.gc(lib.carc_guided_new(opt, err), lib.carc_guided_free)
    view = g._view_game(g.current_seat)
    leaves = ffi.new("const carc_game *[]", 64)
    priors = ffi.new("float[]", 64 * lib.CARC_MAX_MOVES)
    values = ffi.new("float[]", [0.5] * 128)

    def one():
        lib.carc_guided_begin(s, view, err)
        while lib.carc_guided_iterations(s) < n:
            if lib.carc_guided_leaves(s, min(64, n - lib.carc_guided_iterations(s)), leaves) > 0:
                lib.carc_guided_feed(s, priors, values, err)
        return lib.carc_guided_iterations(s)
    return timed(one)


for exps in SETS:
    py, raw = search_rate(exps, False), search_rate(exps, True)
    print(f"carc.Search          {exps:15} trivial evaluator, batches of 64 {py:10,.0f} "
          f"simulations/s; carc_guided alone {raw:10,.0f}/s; overhead "
          f"{1e6 / py - 1e6 / raw:.1f} us per leaf")
for exps in SETS:
    parts = observation_parts(exps)
    print(f"observation parts (us per call) {exps}: " +
          ", ".join(f"{k} {v:.2f}" for k, v in parts.items()))

# two batches stepped from two threads at once (cffi releases the GIL during each call):
# wall-clock speed-up over one, when the machine has two cores free
import threading  # noqa: E402

pair = [carc.Batch(128, observations=True) for _ in range(2)]
for b in pair:
    b.play_random(50)
start = time.perf_counter()
pair[0].play_random(1500)
one = time.perf_counter() - start
start = time.perf_counter()
threads = [threading.Thread(target=b.play_random, args=(1500,)) for b in pair]
for t in threads:
    t.start()
for t in threads:
    t.join()
two = time.perf_counter() - start
print(f"two batches in two threads (not pinned): {2 * one / two:.2f}x the work per second of one")
