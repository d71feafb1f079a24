#!/bin/sh
# engine_calls.sh BUILD_DIR: the calls between the engine's files, from the symbols
# their objects define and use (nm), one "caller -> callee" line each, and a check
# that they go one way: exit 1, naming the files, if any files call each other in a
# circle. A reference to the list of expansions (exp_list) or to an expansion's
# table of hooks (*_hooks) is not a call: it is how the turn machine reaches the
# expansions without naming them (docs/ARCHITECTURE.md).
set -eu
build=${1:?usage: engine_calls.sh BUILD_DIR}
srcdir=$(cd "$(dirname "$0")/../src/engine" && pwd)
objdir=$build/CMakeFiles/carc_engine.dir/src/engine
[ -d "$objdir" ] || { echo "engine_calls: no engine objects under $objdir (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$objdir" -name '*.c.o' | sort > "$tmp/objs"
[ -s "$tmp/objs" ] || { echo "engine_calls: no objects in $objdir" >&2; exit 2; }
# defined symbols: file symbol; used symbols: file symbol
while read -r o; do
    f=${o#"$objdir"/}
    f=${f%.c.o}
    [ -f "$srcdir/$f.c" ] || continue  # the object of a source since removed
    nm --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TDRB]$/ {print f, $3}' >> "$tmp/def"
    nm -u "$o" | awk -v f="$f" '{print f, $2}' >> "$tmp/use"
done < "$tmp/objs"
awk 'NR == FNR { owner[$2] = $1; next }
     ($2 in owner) && owner[$2] != $1 && $2 != "exp_list" && $2 !~ /_hooks$/ {
         print $1, owner[$2]
     }' "$tmp/def" "$tmp/use" | sort -u > "$tmp/edges"
awk '{print $1, "->", $2}' "$tmp/edges"
if ! tsort "$tmp/edges" > /dev/null 2> "$tmp/loops"; then
    echo "engine_calls: files call each other in a circle:" >&2
    grep -v '^tsort: -:' "$tmp/loops" | sed 's/^tsort: /  /' >&2
    exit 1
fi
