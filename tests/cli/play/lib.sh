# tests/cli/play/lib.sh - what the tmux tests of `carc play` share (sourced, not a
# test itself): a tmux server of their own, a game in a detached session of a fixed
# size, reading the screen (polled with a timeout, never fixed sleeps), typing keys,
# playing a game out. Set carc=PATH before sourcing; skips (exit 0) only without tmux.
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed (scripts/deps.sh installs it)"
    exit 0
fi
case $carc in
/*) ;;
*) carc=$(pwd)/$carc ;;
esac
dir=$(mktemp -d) || exit 1
sock=$dir/tmux.sock
T() { tmux -S "$sock" -f /dev/null "$@"; }
cleanup() {
    T kill-server >/dev/null 2>&1
    rm -rf "$dir"
}
trap cleanup EXIT
fail() {
    echo "FAIL: $*" >&2
    if [ -f "$dir/screen" ]; then
        echo "--- last screen:" >&2
        cat "$dir/screen" >&2
    fi
    exit 1
}

# screen NAME: the visible pane into $dir/screen; fails when the session is gone
screen() { T capture-pane -p -t "$1" >"$dir/screen" 2>/dev/null; }
# keyline: the last non-empty line of the captured screen (the key help)
keyline() { grep -v '^ *$' "$dir/screen" | tail -n 1; }
# wait_for NAME PATTERN SECONDS: polls the screen until PATTERN (grep) shows
# and the screen is drawn in full (two captures 0.05 s apart agree: a capture can
# catch the terminal half way through a redraw)
wait_for() {
    end=$(($(date +%s) + $3))
    while :; do
        if screen "$1" && grep -q -- "$2" "$dir/screen"; then
            first=$(cksum <"$dir/screen")
            sleep 0.05
            if screen "$1" && [ "$(cksum <"$dir/screen")" = "$first" ]; then
                return 0
            fi
        fi
        [ "$(date +%s)" -ge "$end" ] && return 1
        sleep 0.05
    done
}
# start NAME WIDTH HEIGHT ARGS...: carc play ARGS in a new session; its exit code
# goes to $dir/NAME.rc
start() {
    name=$1 w=$2 h=$3
    shift 3
    T new-session -d -s "$name" -x "$w" -y "$h" -c "$dir" \
        "LC_ALL=C.UTF-8 '$carc' play $* 2>'$dir/$name.err'; echo \$? >'$dir/$name.rc'" \
        || fail "tmux could not start a session"
}
# ended NAME: waits for carc to exit and checks its exit code is 0
ended() {
    end=$(($(date +%s) + 30))
    while [ ! -s "$dir/$1.rc" ]; do
        [ "$(date +%s)" -ge "$end" ] && fail "$1: carc play did not exit"
        sleep 0.05
    done
    [ "$(cat "$dir/$1.rc")" = 0 ] || fail "$1: exit $(cat "$dir/$1.rc"): $(cat "$dir/$1.err")"
}
# drive NAME SECONDS [HANDOVERS]: answers every decision until the final scoring
# shows (or until HANDOVERS hand-over screens were passed): Enter on the hand-over
# screen and to place a tile; in a list, with style=pass p wherever passing is
# offered and Enter otherwise, with style=second j then Enter (the second choice:
# open a gift, draw a card, place a follower...). Counts the hand-overs in
# $handovers. A hand-over screen must show no hand and no log, and a seat's screen
# must not name a gift another seat received.
drive() {
    end=$(($(date +%s) + $2))
    prev=
    handovers=0
    while :; do
        [ "$(date +%s)" -ge "$end" ] && fail "$1: the game did not end within $2 s"
        screen "$1" || fail "$1: the session ended before the final scoring"
        grep -q 'Final scoring' "$dir/screen" && return 0
        cur=$(cksum <"$dir/screen")
        if [ "$cur" = "$prev" ]; then
            sleep 0.02
            continue
        fi
        # a screen drawn in full (two captures 0.05 s apart agree): one caught half way
        # through a redraw could still show the last state's keys, which would then be
        # typed twice (the second Enter passing a hand-over unseen)
        sleep 0.05
        screen "$1" || fail "$1: the session ended before the final scoring"
        [ "$(cksum <"$dir/screen")" = "$cur" ] || continue
        grep -q 'refused' "$dir/screen" && fail "$1: a move was refused"
        if grep -q 'Pass the keyboard to seat [0-9] - press Enter' "$dir/screen"; then
            # the screen drawn in full first: a capture can catch the terminal half way
            # from the seat's screen to the hand-over (settle keeps its own deadline)
            keep_end=$end
            settle "$1"
            end=$keep_end
            grep -q 'Your gifts\|Your cards\|log of seat' "$dir/screen" \
                && fail "$1: the hand-over screen shows a hand or a log"
            [ $# -ge 3 ] && [ "$handovers" -ge "$3" ] && return 0
            handovers=$((handovers + 1))
            T send-keys -t "$1" Enter
        else
            me=$(sed -n 's/.*log of seat \([0-9]\).*/\1/p' "$dir/screen")
            if [ -n "$me" ] && grep 'receives the gift [A-Z]' "$dir/screen" | grep -vq "seat $me receives"; then
                fail "$1: seat $me sees a gift another seat received"
            fi
            case $style:$(keyline) in
            pass:*"p pass"* | pass:*"p close window"*) T send-keys -t "$1" p ;;
            second:*"up/down choose"* | second:*"j/k choose"*) T send-keys -t "$1" j Enter ;;
            *"Enter place"* | *"Enter confirm"*) T send-keys -t "$1" Enter ;;
            *"Enter: pass the keyboard"* | *"Enter: go on"*) T send-keys -t "$1" Enter ;;
            *)
                sleep 0.02
                continue
                ;;
            esac
        fi
        prev=$cur
    done
}

# a session that outlives the games, so that the server does not exit (and refuse
# the next new-session) whenever a game's session ends
T new-session -d -s keep -x 80 -y 24 "sleep 600" || fail "tmux could not start a server"
# panel: the side panel of the captured screen (right of the board's border)
panel() { sed -n 's/.*│//p' "$dir/screen"; }
# settle NAME: waits until two captures 0.1 s apart are the same (a screen drawn in
# full, not caught half way)
settle() {
    end=$(($(date +%s) + 20))
    last=
    while :; do
        screen "$1" || fail "$1: the session ended"
        cur=$(cksum <"$dir/screen")
        [ "$cur" = "$last" ] && return 0
        [ "$(date +%s)" -ge "$end" ] && fail "$1: the screen does not settle"
        last=$cur
        sleep 0.1
    done
}
