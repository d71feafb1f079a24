#!/bin/sh
# The scale benchmark (issue 33; docs/SCALE.md): many live games at the pace of people,
# not as fast as they can go (bench/serve_bench.sh does that). bench_client plays GAMES
# games of two seats, each seat answering a state after a think time drawn from 0.5 to
# 1.5 times THINK_MS, so that every game makes about one move per THINK_MS; after a
# warm-up (every session open, the first moves made, and behind nginx every game handed
# over to the process the proxy routes it to) it measures for DURATION seconds: moves/s,
# latency p50/p99/max from a move sent to the state it produced (the kernel's arrival
# at the client), the servers' CPU per move (whole processes and their service
# threads), and their memory per live game (resident set with the games and sessions,
# less before, over the games). Two setups:
#   one    one process on SQLite, direct: 1,000 games, one move per game a second
#   nginx  PROCS processes (4) on one PostgreSQL behind nginx (deploy/nginx's routing):
#          10,000 games (20,000 WebSocket sessions), one move per game every 10 s;
#          PostgreSQL's commits and rows written per second over the same window
# PostgreSQL runs with fsync=off as in the other benchmarks and tests (PG_FSYNC=on for
# a flush per commit); both are started here in a scratch folder and stopped at the end.
# Environment: GAMES, THINK_MS, WARMUP, DURATION, PROCS, EXPANSIONS override a setup's
# defaults; SCALE_KEEP=FILE keeps every move's latency (ms, sent at, game). A benchmark prints figures; it does not pass or fail on them.
# Usage: bench/serve_scale.sh one|nginx|both [BUILD_DIR]   (build first: make)
set -eu
MODE=${1:-both}
BUILD=${2:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CARC=$BUILD/carc
BENCH=$BUILD/tests/server/bench_client
[ -x "$CARC" ] && [ -x "$BENCH" ] || { echo "serve_scale: build first (make)"; exit 2; }
case $MODE in one|nginx|both) ;; *) echo "serve_scale: one, nginx or both"; exit 2 ;; esac
CARC=$(cd "$(dirname "$CARC")" && pwd)/carc
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/bench_client
EXP=${EXPANSIONS:-gifts,christmas}
# 20,000 sessions and their proxied twins: descriptors well past the usual 1,024 (this
# machine lets a process open 20,000 at most: the load comes from several clients)
ulimit -n "$(ulimit -Hn)"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/carc-serve-scale.XXXXXX")
kill_server() { :; }
PIDS=
cleanup() {
    [ -f "$DIR/nginx/nginx.pid" ] && kill "$(cat "$DIR/nginx/nginx.pid")" 2>/dev/null
    for p in $PIDS; do kill "$p" 2>/dev/null; done
    [ -n "${PG_BIN:-}" ] && pg_stop
    rm -rf "$DIR"
}
trap cleanup EXIT

# serve DB N GAMES: N processes on DB, limits fitted to GAMES; PORTS and PIDS list them
serve() {
    PORTS= PIDS=
    for i in $(seq "$2"); do
        : > "$DIR/out$i"
        "$CARC" serve --port 0 --db "$1" --quiet --idle-evict 600 \
            --trusted-proxy 127.0.0.1 --max-per-ip $(($3 * 2 + 16)) \
            --max-conns-per-ip $(($3 * 2 + 64)) --unjoined-per-ip $(($3 + 16)) \
            --games-per-minute $(($3 + 16)) > "$DIR/out$i" 2> "$DIR/err$i" &
        PIDS="$PIDS $!"
        while ! grep -q '^carc serve: http' "$DIR/out$i"; do sleep 0.05; done
        PORTS="$PORTS $(sed -n 's|^carc serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$DIR/out$i")"
    done
}
stop_servers() {
    for p in $PIDS; do kill "$p"; wait "$p" 2>/dev/null || true; done
    PIDS=
}
# cpu [thread]: the servers' CPU seconds, whole processes or (thread) their service threads
cpu() {
    t=0
    for p in $PIDS; do
        f=/proc/$p/stat
        [ -n "${1:-}" ] && f=/proc/$p/task/$p/stat
        t=$(awk -v t="$t" '{ sub(/^.*\) /, ""); print t + $12 + $13 }' "$f")
    done
    echo "$t $(getconf CLK_TCK)" | awk '{ printf "%.2f", $1 / $2 }'
}
rss() {  # the servers' resident memory, KiB
    t=0
    for p in $PIDS; do t=$((t + $(awk '/^VmRSS/ { print $2 }' "/proc/$p/status"))); done
    echo "$t"
}
pg_counters() {
    "$PG_BIN/psql" "$1" -Atc "select xact_commit, tup_inserted, tup_updated from pg_stat_database
        where datname = current_database()" | tr '|' ' '
}

# bench PORT GAMES THINK WARMUP DURATION [PGURI]: the load from as many bench_client
# processes as the sessions need (a process here may open 20,000 descriptors: 15,000
# sessions each at most), the figures over their window, and PostgreSQL's counters over
# it when PGURI is given. The clients' windows open within a second or two of each other
# (each after its own games are created and its warm-up).
bench() {
    k=$((($2 * 2 + 14999) / 15000)) per=$((($2 + k - 1) / k)) left=$2 cl=
    r0=$(rss)
    for i in $(seq "$k"); do
        n=$per
        [ "$n" -le "$left" ] || n=$left
        left=$((left - n))
        : > "$DIR/bench$i.out"
        "$BENCH" "$1" --games "$n" --expansions "$EXP" --seed $((i * 1000000)) --think-ms "$3" \
            --warmup "$4" --duration "$5" --timeout $(($2 / 20 + $4 + $5 + 600)) \
            --latencies "$DIR/lat$i" > "$DIR/bench$i.out" 2>&1 &
        cl="$cl $!"
    done
    for i in $(seq "$k"); do
        while ! grep -q '^measuring' "$DIR/bench$i.out"; do
            grep -q FAIL "$DIR/bench$i.out" && { cat "$DIR/bench$i.out"; exit 1; }
            sleep 0.2
        done
    done
    t0=$(date +%s.%N) c0=$(cpu) s0=$(cpu thread) r1=$(rss)
    [ -n "${6:-}" ] && pg0=$(pg_counters "$6")
    for b in $cl; do
        wait "$b" || { echo "bench_client failed:"; tail -5 "$DIR"/bench*.out
            [ -f "$DIR/nginx/error.log" ] && tail -5 "$DIR/nginx/error.log"; exit 1; }
    done
    t1=$(date +%s.%N) c1=$(cpu) s1=$(cpu thread)
    sort -n -k1,1 "$DIR"/lat[0-9]* > "$DIR/lat.sorted"
    moves=$(wc -l < "$DIR/lat.sorted")
    echo "clients: $k; $(cat "$DIR"/bench*.out | sed -n 's/^games \([0-9]*\), moves \([0-9]*\) in \([0-9.]*\) s.*/\1 \2 \3/p' |
        awk '{ g += $1; m += $2; if ($3 > s) s = $3 } END { printf "games %d, moves %d in %.1f s: %.0f moves/s", g, m, s, m / s }')"
    awk -v n="$moves" 'NR == int(n / 2) + 1 { p50 = $1 } NR == int(n * 99 / 100) + 1 { p99 = $1 } { max = $1 }
        END { printf "latency move -> state (kernel arrival at the client): p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", p50, p99, max }' "$DIR/lat.sorted"
    echo "$c0 $c1 $s0 $s1 $t0 $t1 $moves" | awk '{ s = $6 - $5
        printf "servers'"'"' CPU: %.0f us per move, %.0f%% of one core; their service threads %.0f us per move\n",
            ($2 - $1) * 1e6 / $7, 100 * ($2 - $1) / s, ($4 - $3) * 1e6 / $7 }'
    echo "$r0 $r1 $2" | awk '{ printf "servers'"'"' memory: %d KiB before, %d KiB with the games live: %.1f KiB per game\n", $1, $2, ($2 - $1) / $3 }'
    if [ -n "${6:-}" ]; then
        sleep 1  # the backends report their statistics within a second
        pg1=$(pg_counters "$6")
        t2=$(date +%s.%N)
        echo "$pg0 $pg1 $t0 $t2" | awk '{ s = $8 - $7
            printf "PostgreSQL over the window (%.0f s): %.0f commits/s, %.0f rows inserted/s, %.0f rows updated/s\n",
                s, ($4 - $1) / s, ($5 - $2) / s, ($6 - $3) / s }'
    fi
    # the slowest hundredth: spread over the window, or bunched in a few seconds (a stall
    # of everything at once)?
    tail -n $((moves / 100 + 1)) "$DIR/lat.sorted" | awk '{ print int($2) }' | sort -n | uniq -c |
        sort -rn | awk -v n=$((moves / 100 + 1)) '{ if (NR <= 3) top += $1; secs++ }
        END { printf "the slowest 1%%: %d moves in %d different seconds; the busiest 3 seconds hold %.0f%% of them\n", n, secs, 100 * top / n }'
    [ -z "${SCALE_KEEP:-}" ] || cp "$DIR/lat.sorted" "$SCALE_KEEP"
    rm -f "$DIR"/lat*
}

echo "carc serve at scale: $(nproc) cores, $(free -g | awk '/^Mem/ { print $2 }') GiB, load $(cut -d' ' -f1-3 /proc/loadavg), $EXP"
if [ "$MODE" != nginx ]; then
    g=${GAMES:-1000} t=${THINK_MS:-1000} w=${WARMUP:-20} d=${DURATION:-60}
    echo "== one process, SQLite, direct: $g games, a move per game every $t ms, warm-up $w s, $d s measured"
    serve "$DIR/one.sqlite" 1 "$g"
    bench "$(echo $PORTS)" "$g" "$t" "$w" "$d"
    stop_servers
fi
if [ "$MODE" != one ]; then
    . "$ROOT/tests/server/pg_lib.sh"
    NGINX=$(command -v nginx || echo /usr/sbin/nginx)
    [ -x "$NGINX" ] || { echo "serve_scale: no nginx (scripts/deps.sh installs it)"; exit 2; }
    g=${GAMES:-10000} t=${THINK_MS:-10000} w=${WARMUP:-60} d=${DURATION:-120} n=${PROCS:-4}
    echo "== $n processes, PostgreSQL (fsync=${PG_FSYNC:-off}), nginx: $g games, a move per game every $t ms, warm-up $w s, $d s measured"
    pg_start
    trap cleanup EXIT
    uri=$(pg_uri scale)
    serve "$uri" "$n" "$g"
    mkdir -p "$DIR/nginx/tmp"
    chmod 755 "$DIR" "$DIR/nginx"
    # below the ephemeral ports (32768 up), which the sessions' own connections fill
    NPORT=$((20000 + $$ % 10000))
    tries=0
    while :; do
        # two connections a session (the client's, the upstream's), spread over 4 workers
        # (a process may hold 20,000 descriptors here), with room for an uneven spread
        # shellcheck disable=SC2086
        NGINX_WORKER_CONNECTIONS=$((g * 2 / 3 + 4096)) "$ROOT/deploy/nginx/local-conf.sh" "$DIR/nginx" "$NPORT" 4 $PORTS
        "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" 2> "$DIR/nginx.start" && break
        tries=$((tries + 1))
        [ $tries -lt 10 ] || { cat "$DIR/nginx.start"; exit 1; }
        NPORT=$((NPORT + 1))
    done
    sleep 0.3
    bench "$NPORT" "$g" "$t" "$w" "$d" "$uri"
    kill "$(cat "$DIR/nginx/nginx.pid")"
    stop_servers
fi
