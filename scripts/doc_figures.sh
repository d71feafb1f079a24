#!/bin/sh
# doc_figures.sh BUILD_DIR [--write | --self-test] [DOC]: the figures of the state's
# layout in docs/ARCHITECTURE.md are the programs' (ctest doc_figures, issue 29).
#
# 1. The block. Between the lines `<!-- layout_figures -->` and `<!-- end -->` the
#    doc holds, in a ```text fence, what BUILD_DIR/tests/layout_figures prints
#    (sizeof(carc_game), its three parts, each array's count x element = bytes:
#    tests/layout_figures.c) followed by `copy_bytes N`, the bytes carc_copy moves
#    for a base game after 60 decisions, read from `carc bench --games 1` (its
#    copy_bytes, copy_ns's game; its state_bytes must be layout_figures' too).
#    The check prints a diff (doc, then programs) and exits 1 when they differ;
#    --write rewrites the block instead.
# 2. Instruction counts. They are measured by callgrind (bench/instructions.sh),
#    too slow and compiler-dependent for a test, so they stay dated figures in the
#    prose: every paragraph of the doc that quotes instructions a game (a figure
#    like "346,500 instructions" or "2.5% of its instructions") must name the
#    command that measures them (bench/instructions.sh or make bench-instructions),
#    else exit 1 naming its first line.
# --self-test (ctest doc_figures_catches): on a copy of the doc, --write then the
# check must pass; then with one figure of the block changed, and again with a
# paragraph quoting instructions and no command, the check must fail.
# DOC (default docs/ARCHITECTURE.md) is the doc to check or write.
set -eu
usage="usage: doc_figures.sh BUILD_DIR [--write | --self-test] [DOC]"
build=${1:?$usage}
mode=${2-check}
root=$(cd "$(dirname "$0")/.." && pwd)
doc=${3-$root/docs/ARCHITECTURE.md}
case $mode in check | --write | --self-test) ;; *) echo "$usage" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
open='<!-- layout_figures -->'
close='<!-- end -->'

if [ "$mode" = --self-test ]; then
    self=$(cd "$(dirname "$0")" && pwd)/doc_figures.sh
    cp "$doc" "$tmp/doc.md"
    sh "$self" "$build" --write "$tmp/doc.md" > /dev/null
    sh "$self" "$build" check "$tmp/doc.md" > /dev/null 2>&1 || {
        echo "doc_figures --self-test: the check refuses the block it wrote" >&2
        exit 1
    }
    # one figure changed: the first number of the block's first line, plus one
    awk -v beg="$open" 'done != 1 && in_block && /^[a-z_0-9]+ [0-9]+/ {
                             $2 = $2 + 1; done = 1 }
                         $0 == beg { in_block = 1 }
                         { print }' "$tmp/doc.md" > "$tmp/changed.md"
    if cmp -s "$tmp/doc.md" "$tmp/changed.md"; then
        echo "doc_figures --self-test: found no figure to change in the block" >&2
        exit 1
    fi
    if sh "$self" "$build" check "$tmp/changed.md" > /dev/null 2>&1; then
        echo "doc_figures --self-test: a changed figure was not caught" >&2
        exit 1
    fi
    # an instruction count without its command
    { cat "$tmp/doc.md"; printf '\nA base game costs 123,456 instructions now.\n'; } > "$tmp/undated.md"
    if sh "$self" "$build" check "$tmp/undated.md" > /dev/null 2>&1; then
        echo "doc_figures --self-test: an instruction count without its command was not caught" >&2
        exit 1
    fi
    echo "doc_figures --self-test: a changed figure and an instruction count without its command caught"
    exit 0
fi

# ---- the programs' figures -------------------------------------------------------------
lf=$build/tests/layout_figures
carc=$build/carc
[ -x "$lf" ] && [ -x "$carc" ] || { echo "doc_figures: no $lf or $carc (build first)" >&2; exit 2; }
"$lf" > "$tmp/figures"
"$carc" bench --games 1 > "$tmp/bench"
bench_state=$(sed -n 's/^state_bytes: //p' "$tmp/bench")
copy=$(sed -n 's/^copy_bytes: //p' "$tmp/bench")
lf_state=$(sed -n 's/^state_bytes //p' "$tmp/figures")
[ -n "$copy" ] || { echo "doc_figures: carc bench printed no copy_bytes" >&2; exit 2; }
if [ "$bench_state" != "$lf_state" ]; then
    echo "doc_figures: carc bench's state_bytes ($bench_state) is not layout_figures' ($lf_state)" >&2
    exit 1
fi
echo "copy_bytes $copy" >> "$tmp/figures"

# ---- the doc's block -------------------------------------------------------------------
[ "$(grep -cxF "$open" "$doc")" -eq 1 ] || {
    echo "doc_figures: $doc needs exactly one line '$open'" >&2
    exit 2
}
if [ "$mode" = --write ]; then
    # the opening line, the fence, the figures, the fence, the closing line
    awk -v beg="$open" -v fin="$close" -v figs="$tmp/figures" '
        $0 == beg {
            print; print "```text"
            while ((getline line < figs) > 0) print line
            print "```"; skip = 1; next
        }
        skip && $0 == fin { skip = 0 }
        !skip { print }' "$doc" > "$tmp/new.md"
    grep -qxF "$close" "$tmp/new.md" || { echo "doc_figures: no '$close' after '$open'" >&2; exit 2; }
    cat "$tmp/new.md" > "$doc"
    echo "doc_figures: wrote the block of $doc"
    cat "$tmp/figures"
    exit 0
fi
awk -v beg="$open" -v fin="$close" '
    $0 == beg { on = 1; next }
    on && $0 == fin { exit }
    on && !/^```/ { print }' "$doc" > "$tmp/doc_figures"
bad=0
if ! cmp -s "$tmp/doc_figures" "$tmp/figures"; then
    echo "doc_figures: the block '$open' of $doc is not what the programs print:" >&2
    diff -u --label "doc" --label "layout_figures + carc bench" "$tmp/doc_figures" "$tmp/figures" >&2 || true
    echo "doc_figures: regenerate it with: sh scripts/doc_figures.sh $build --write" >&2
    bad=1
fi

# ---- instruction counts name their command ---------------------------------------------
awk -v doc="$doc" '
    function end_par() {
        if (par ~ /[0-9],[0-9][0-9][0-9] instructions|[0-9.]+% of its instructions/ &&
            par !~ /bench\/instructions\.sh|make bench-instructions/)
            printf "doc_figures: %s:%d: instructions quoted without the command that measures them (bench/instructions.sh)\n", doc, first > "/dev/stderr"
        par = ""
    }
    /^[ \t]*$/ { end_par(); next }
    { if (par == "") first = NR; par = par " " $0 }
    END { end_par() }' "$doc" 2> "$tmp/instr"
if [ -s "$tmp/instr" ]; then
    cat "$tmp/instr" >&2
    bad=1
fi
[ $bad -eq 0 ] && cat "$tmp/figures"
exit $bad
