# tests/cli/play/game.sh - what the three tmux game tests share (play_tmux.sh,
# play_tmux_bigbox.sh, play_tmux_river.sh; sourced, not a test itself). It sources lib.sh
# (the tmux server, sessions, reading the screen, drive), then adds: a test run once per seed until one game passes,
# the panel's choice list read, keys typed until the screen changes, a whole game played
# out by the test's own look and decide, the help and its guide pages, the final screen's
# record saved and replayed, the record viewer, quitting. Usage:
#   carc=$1
#   seed_var=CARC_RIVER_SEED seeds="1 2 3 4 5 6"   # only for a test that tries seeds
#   . "$(dirname "$0")/play/game.sh"
# With seed_var and seeds set, $seed is the value of the variable named by seed_var; when
# that is unset, the test runs again in a child shell once per seed of $seeds with it set,
# until one run passes (exit 0); a seed that fails says why on stderr, and the test fails
# when every seed failed. Skips (exit 0, lib.sh) only when tmux is not installed.

if [ -n "${seed_var:-}" ]; then
    eval "seed=\${$seed_var:-}"
    if [ -z "$seed" ] && command -v tmux >/dev/null 2>&1; then
        test_name=$(basename "$0" .sh)
        for s in ${seeds:?the test names its seeds}; do
            env "$seed_var=$s" sh "$0" "$@" && exit 0
            echo "$test_name: seed $s did not pass (above); the next seed" >&2
        done
        echo "FAIL: $test_name: no seed of $seeds passed" >&2
        exit 1
    fi
fi
# shellcheck source=tests/cli/play/lib.sh
. "${play_dir:-$(dirname "$0")/play}/lib.sh"  # play_dir: a test elsewhere (tests/toy)

# panel_sel: the selected option of the choice list ("> 12 the builder on ...")
panel_sel() { panel | grep '^>  *[0-9]' | head -n 1; }
# panel_text: the panel as one line (what wraps is found whatever the width)
panel_text() { panel | tr '\n' ' ' | tr -s ' '; }
# fig_of: the figure the selected option names
fig_of() {
    case $(panel_sel) in
    *"the abbot"*) echo abbot ;;
    *"the builder"*) echo builder ;;
    *"the pig"*) echo pig ;;
    *"the large meeple"*) echo large ;;
    *"the mayor"*) echo mayor ;;
    *"the wagon"*) echo wagon ;;
    *"the barn"*) echo barn ;;
    *"a meeple"*) echo meeple ;;
    *) echo none ;;
    esac
}
# act KEY...: in the game play_out plays ($game), remembers the screen, then types (the
# loop waits for the screen to change)
act() {
    screen "$game"
    prev=$(cksum <"$dir/screen")
    T send-keys -t "$game" "$@"
}
# press NAME KEY: sends a key and waits until the screen changed and settled
press() {
    before=$(cksum <"$dir/screen")
    T send-keys -t "$1" "$2"
    end2=$(($(date +%s) + 15))
    while :; do
        screen "$1" || fail "$1: the session ended"
        [ "$(cksum <"$dir/screen")" != "$before" ] && break
        [ "$(date +%s)" -ge "$end2" ] && fail "$1: key $2 changed nothing"
        sleep 0.03
    done
    settle "$1"
}

# play_out NAME SECONDS: plays the game in session NAME until its final scoring shows
# (failing after SECONDS, when the session ends or when a move is refused). On every new
# screen, once it has settled, the test's own functions run: look notes what the test
# wants to see on the way, then decide answers a decision with act and returns 0, or
# returns 1 for the common answer: p where passing or closing a window is offered, else
# Enter to place or confirm, else nothing (the screen is read again).
play_out() {
    game=$1
    deadline=$(($(date +%s) + $2))
    prev=
    while :; do
        [ "$(date +%s)" -ge "$deadline" ] && fail "the game did not end within $2 s"
        screen "$game" || fail "the session ended before the final scoring"
        grep -q 'Final scoring' "$dir/screen" && break
        cur=$(cksum <"$dir/screen")
        if [ "$cur" = "$prev" ]; then
            sleep 0.03
            continue
        fi
        grep -q 'refused' "$dir/screen" && fail "a move was refused"
        settle "$game"
        look
        decide && continue
        case $(keyline) in
        *"p pass"* | *"p close window"*) act p ;;
        *"Enter place"* | *"Enter confirm"*) act Enter ;;
        *) sleep 0.03 ;;
        esac
    done
    settle "$game"
}

# key_shows NAME KEY PATTERN FAILURE: types KEY, then PATTERN (grep) must show within 15 s
key_shows() {
    T send-keys -t "$1" "$2"
    wait_for "$1" "$3" 15 || fail "$4"
}
# help_open NAME: ? shows the keys page
help_open() { key_shows "$1" '?' 'carc play - keys' "? shows no help"; }
# guide_open NAME: Space turns from the keys page to the guide (how the expansions work)
guide_open() { key_shows "$1" Space 'how these expansions work' "Space shows no guide page"; }
# guide_find NAME MAX PATTERN...: turns the guide's pages with Space, at most MAX times,
# until each PATTERN (grep) was on one of the pages seen (the screen read as one line)
guide_find() {
    name=$1 max=$2
    shift 2
    k=0
    while :; do
        text=$(tr '\n' ' ' <"$dir/screen" | tr -s ' ')
        # the patterns not seen yet stay, in their order
        n=$#
        while [ "$n" -gt 0 ]; do
            p=$1
            shift
            printf '%s\n' "$text" | grep -q -- "$p" || set -- "$@" "$p"
            n=$((n - 1))
        done
        [ $# -eq 0 ] && return 0
        k=$((k + 1))
        [ $k -le "$max" ] || fail "the guide has no page that says '$*' (after $max pages turned)"
        key_shows "$name" Space "page $((k + 1)) of" "Space does not turn the guide's page"
    done
}
# help_close NAME PATTERN: x closes the help; PATTERN shows and the help is gone
help_close() {
    key_shows "$1" x "$2" "the help does not close"
    grep -q 'carc play - keys' "$dir/screen" && fail "the help is still shown"
}

# save_record NAME FILE: on the final screen, a winner line of seat 0 or 1 and the save
# key's line; s saves the record to FILE, which carc replay accepts whole; q ends carc
# play with exit 0
save_record() {
    grep -q 'Winners\{0,1\}: seat [01]' "$dir/screen" || fail "no winner line"
    grep -q "s saves the record to $2" "$dir/screen" || fail "the save file name is not shown"
    key_shows "$1" s "Record saved: $2" "s did not save the record"
    [ -s "$dir/$2" ] || fail "no $2"
    "$carc" replay "$dir/$2" >"$dir/out" 2>&1 \
        || fail "carc replay rejects the saved record: $(cat "$dir/out")"
    grep -q '^1 records replayed, all moves legal, all scores match$' "$dir/out" \
        || fail "replay: $(cat "$dir/out")"
    T send-keys -t "$1" q
    ended "$1"
}
# view_open NAME FILE: the record viewer (carc play --view FILE) at 120x40, at move 0
view_open() {
    start "$1" 120 40 --view "$2"
    wait_for "$1" 'Replay: move 0 of' 30 || fail "the record viewer does not open the record"
}
# quit NAME [WHO]: q asks to confirm and offers to save, y ends carc play with exit 0 (WHO
# begins the failure's message)
quit() {
    key_shows "$1" q 'Quit?  s save' "${2:+$2: }q does not ask to confirm"
    T send-keys -t "$1" y
    ended "$1"
}
