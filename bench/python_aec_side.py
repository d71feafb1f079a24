"""The AEC environment's steps a second, two versions of carc.envs side by side in one
process (docs/PERFORMANCE.md, "The AEC environment inside PettingZoo's wrappers"): the
installed one and another envs.py (`git show COMMIT:python/carc/envs.py > FILE`) loaded
over the same installed package, so both run the same engine and Game. The machine is
shared and noisy: the runs alternate, short, and each line gives both versions' rates
per run and their ratios (new over old) with the median ratio, which moves less
than the rates.

    .venv/bin/python bench/python_aec_side.py --old FILE [--steps 5000] [--runs 7]

The loop is PettingZoo's (agent_iter, last, step), the 2-player base game, the action
drawn from info["legal_actions"], rates per second of the process's CPU time."""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python_instructions import load_envs, play_aec  # noqa: E402


def rate(envs, steps, wrap, observation):
    env = envs.aec_env(players=2, expansions="base", wrap=wrap, observation=observation)
    t = time.process_time()
    play_aec(env, steps)
    return steps / (time.process_time() - t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True, metavar="FILE", help="the other envs.py")
    ap.add_argument("--steps", type=int, default=5_000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    new, old = load_envs(), load_envs(args.old)
    for wrap in (True, False):
        for observation in ("full", "mask"):
            pairs = [(rate(old, args.steps, wrap, observation),
                      rate(new, args.steps, wrap, observation)) for _ in range(args.runs)]
            print(f"{'wrapped  ' if wrap else 'unwrapped'} {observation:4}  old "
                  + " ".join(f"{a:8,.0f}" for a, _ in pairs) + "  new "
                  + " ".join(f"{b:8,.0f}" for _, b in pairs) + "  ratio "
                  + " ".join(f"{b / a:.2f}" for a, b in pairs)
                  + f"  median {statistics.median(b / a for a, b in pairs):.2f}", flush=True)


if __name__ == "__main__":
    main()
