#!/usr/bin/env python3
"""bench/ai_decision_time.py CARC EXPANSIONS SEED 'genmove OPTIONS' - how long a computer
player makes a person wait (docs/AI.md, levels): plays one game through `carc engine`,
every decision by `genmove OPTIONS` (e.g. 'player=hard'), and prints the wall-clock time
of the replies: median, 95th percentile and the slowest. Decisions with one legal move
are answered at once and counted too. Depends on the machine's load: say it with the
figures (`uptime`)."""
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__.split(' - ')[0], file=sys.stderr)
        return 2
    carc, expansions, seed, options = sys.argv[1:]
    eng = subprocess.Popen([carc, 'engine'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)

    def ask(command: str) -> str:
        eng.stdin.write(command + '\n')
        eng.stdin.flush()
        return eng.stdout.readline()

    if not ask(f'new seed={seed} expansions={expansions}').startswith('='):
        print('ai_decision_time: the engine refused the game', file=sys.stderr)
        return 1
    times = []
    while True:
        start = time.perf_counter()
        reply = ask(f'genmove {options}')
        if not reply.startswith('='):
            if not times:
                print(f'ai_decision_time: {reply.strip()}', file=sys.stderr)
                return 1
            break  # the game is over
        times.append(time.perf_counter() - start)
        if '"pending"' not in reply:
            break
    eng.stdin.close()
    eng.wait()
    times.sort()
    ms = [t * 1000 for t in times]
    print(f'{expansions} genmove {options}: {len(ms)} decisions, median {ms[len(ms) // 2]:.0f} ms, '
          f'p95 {ms[int(len(ms) * 0.95)]:.0f} ms, slowest {ms[-1]:.0f} ms, all {sum(ms) / 1000:.1f} s')
    return 0


if __name__ == '__main__':
    sys.exit(main())
