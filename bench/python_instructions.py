"""Instructions per operation of the Python package under callgrind (docs/PERFORMANCE.md,
"Drawing an action, pickling, undo"): the machine's load does not move them, as it moves
the rates of examples/python/bench.py. Each case runs N and 3N times in a process of its
own under `valgrind --tool=callgrind`; the difference over 2N is one operation's count,
the interpreter's start and the set-up cancelled.

    .venv/bin/python bench/python_instructions.py [--n 500] [--cases aec-info pickle ...]
        [--envs-from FILE]   (the AEC cases with another envs.py: load_envs)

Cases: an AEC step (2-player base game, full observations, a random legal action drawn
from info["legal_actions"], from np.flatnonzero on the mask viewed as bools, or on the
int8 mask; unwrapped, and info inside PettingZoo's wrappers, as `wrap=True` makes them
(`-wrapped`) and as PettingZoo ships them (`-pzwrapped`)); pickle.dumps + loads of a
2-player gifts,christmas game after 60 random actions; apply + undo on that game, and
the undo of a replay from the start (a clone without undo's snapshots, as before them);
a leaf of carc.Search with a trivial evaluator (carc.uniform_evaluator, batches of 64,
the 2-player base game after 10 moves) and the same leaf of the engine's carc_guided
driven directly (its own uniform priors, no observation written): their difference is
the evaluator API's overhead per leaf.
"""
import argparse
import re
import subprocess
import sys

CASES = ["aec-info", "aec-bool", "aec-int8", "aec-info-wrapped", "aec-info-pzwrapped", "pickle",
         "apply-undo",
         "undo-replay", "search-leaf", "guided-leaf"]


def aec(idiom, steps, wrap, envs_from=None):
    envs = load_envs(envs_from)
    env = envs.aec_env(players=2, expansions="base", wrap=wrap == "carc")
    if wrap == "pettingzoo":  # the wrappers as PettingZoo ships them
        from pettingzoo.utils import wrappers
        env = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))
    play_aec(env, steps, idiom)


def play_aec(env, steps, idiom="info"):
    """PettingZoo's loop (agent_iter, last, step) for `steps` steps of random legal
    actions, drawn from info["legal_actions"] ("info"), from np.flatnonzero on the mask
    viewed as bools ("bool") or on the int8 mask ("int8"); a new game at each end."""
    import numpy as np
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    n = 0
    while n < steps:
        for _ in env.agent_iter():
            o, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            if idiom == "info":
                ids = info["legal_actions"]
            elif idiom == "bool":
                ids = np.flatnonzero(o["action_mask"].view(np.bool_))
            else:
                ids = np.flatnonzero(o["action_mask"])
            env.step(int(ids[int(rng.random() * len(ids))]))
            n += 1
            if n >= steps:
                break
        env.reset()


def load_envs(path=None):
    """carc.envs, or with `path` another version of its source (an envs.py of an earlier
    commit, `git show COMMIT:python/carc/envs.py`) loaded as a module of the installed
    package: the same engine and Game, the environment's Python as it was then, so that
    two versions of the environment can be measured side by side."""
    if path is None:
        from carc import envs
        return envs
    import importlib.util
    import carc  # noqa: F401  (the package the file's relative imports resolve in)
    spec = importlib.util.spec_from_file_location("carc._envs_from", path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "carc"
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def game_ops(case, n):
    import pickle
    import numpy as np
    import carc
    g = carc.Game(players=2, expansions="gifts,christmas", seed=3)
    rng = np.random.default_rng(1)
    for _ in range(60):
        a = g.legal_actions()
        g.apply_action(a[int(rng.random() * len(a))])
    if case == "pickle":
        for _ in range(n):
            pickle.loads(pickle.dumps(g))
    elif case == "apply-undo":
        g.undo()
        for _ in range(n):
            g.apply_action(g.legal_actions()[0])
            g.undo()
    else:
        for _ in range(n):
            c = g.clone()
            c._snaps = {}
            c.undo()


def search_leaves(case, n):
    """A search of n simulations (leaves, almost all) of one position, batches of 64."""
    import carc
    from carc._carc import ffi, lib
    g = carc.Game(players=2, expansions="base", seed=3)
    for _ in range(10):
        g.apply(g.legal()[0])
    if case == "search-leaf":
        carc.Search(carc.uniform_evaluator, simulations=n, batch=64, max_nodes=1 << 22).run(g)
        return
    opt = ffi.new("carc_guided_options *")
    lib.carc_guided_options_init(opt)
    opt.max_nodes = 1 << 22
    err = ffi.new("carc_error *")
    s = ffi.gc(lib.carc_guided_new(opt, err), lib.carc_guided_free)
    lib.carc_guided_begin(s, g._view_game(g.current_seat), err)
    leaves = ffi.new("const carc_game *[]", 64)
    priors = ffi.new("float[]", 64 * lib.CARC_MAX_MOVES)
    values = ffi.new("float[]", [0.5] * 128)
    while lib.carc_guided_iterations(s) < n:
        if lib.carc_guided_leaves(s, min(64, n - lib.carc_guided_iterations(s)), leaves) > 0:
            lib.carc_guided_feed(s, priors, values, err)


def run_case(case, n, envs_from=None):
    if case.endswith("-leaf"):
        search_leaves(case, n)
    elif case.startswith("aec-"):
        aec(case.split("-")[1], n, "pettingzoo" if case.endswith("pzwrapped")
            else "carc" if case.endswith("wrapped") else None, envs_from)
    else:
        game_ops(case, n)


def count(case, n, envs_from=None):
    extra = ["--envs-from", envs_from] if envs_from else []
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        sys.executable, __file__, "--run", case, "--n", str(n)] + extra,
                       capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", r.stderr).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--cases", nargs="+", default=CASES, choices=CASES)
    ap.add_argument("--envs-from", metavar="FILE",
                    help="the AEC cases with this envs.py instead of the installed one's")
    ap.add_argument("--run", choices=CASES, help=argparse.SUPPRESS)  # the measured process
    args = ap.parse_args()
    if args.run:
        run_case(args.run, args.n, args.envs_from)
        return
    for case in args.cases:
        a, b = count(case, args.n, args.envs_from), count(case, 3 * args.n, args.envs_from)
        print(f"{case:18} {(b - a) / (2 * args.n):12,.0f} instructions per operation")


if __name__ == "__main__":
    main()
