#!/bin/sh
# one_way.sh BUILD_DIR [--plant]: calls go one way, between the layers of src/ and
# between the engine's files (ctest calls_one_way, docs/ARCHITECTURE.md).
#
# 1. Layers. Each folder of src/ may include headers of, and call functions of, only
#    the folders below it:
#        base <- engine <- record, ai <- protocol, tui, server <- cmd
#    (record and ai are siblings, as are protocol, tui and server: none of them
#    reaches another), and only through the one public header of each layer (below:
#    public_header). Includes are read from the sources (a header belongs to the
#    folder it is in; include/carc.h to the engine, carc_record.h to record, carc_ai.h
#    to ai); calls from the objects' symbols (nm): a symbol a folder uses and another
#    defines is a call into that folder.
# 2. The engine's files. Calls by name between them go down one order and never up:
#    exit 1, naming the files, if any call each other in a circle. A reference to the
#    registry's list (registry.c: the expansions' hook tables, the figures by kind),
#    to anything defined there or from there, or to an expansion's table of hooks
#    (*_hooks) is not a call: it is how the turn machine reaches the expansions
#    without naming them. registry.c is data: a function defined there is an error.
# 3. The picture. The layers each layer really uses (includes and calls together)
#    must be what docs/ARCHITECTURE.md's "uses" block says, so that the picture of
#    the layers there is the code's.
# Prints every edge ("record/state_json.c -> base: sb_grow", "turn.c -> board.c");
# exits 1 on a violation. --plant adds an include and a call from the engine into
# the server, an include of the server's internal header from cmd and a function in
# the registry: five violations the script must report (ctest
# calls_one_way_catches); --layers prints
# only the "uses" block, for the doc.
set -eu
build=${1:?usage: one_way.sh BUILD_DIR [--plant]}
plant=${2-}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the folders each folder may use (itself included)
allowed() {
    case $1 in
    base) echo "base" ;;
    engine) echo "engine base" ;;
    record | ai) echo "$1 engine base" ;;
    protocol | tui | server) echo "$1 record ai engine base" ;;
    cmd) echo "cmd protocol tui server record ai engine base" ;;
    *) echo "" ;;
    esac
}
# the one header each layer shows the layers above it
public_header() {
    case $1 in
    base) echo base.h ;;
    engine) echo carc.h ;;
    record) echo carc_record.h ;;
    ai) echo carc_ai.h ;;
    protocol) echo protocol.h ;;
    tui) echo play_ui.h ;;
    server) echo server.h ;;
    *) echo "" ;;
    esac
}
layers="base engine record ai protocol tui server cmd"
for l in $layers; do
    [ -d "$root/src/$l" ] || { echo "one_way: no folder src/$l" >&2; exit 2; }
done
for d in "$root"/src/*/; do
    l=$(basename "$d")
    case " $layers " in *" $l "*) ;; *) echo "one_way: src/$l is in no layer (add it here)" >&2; exit 2 ;; esac
done

# ---- 1a. includes: "file layer header" for every quoted include ----------------------
: > "$tmp/headers"
for l in $layers; do
    find "$root/src/$l" -name '*.h' | while read -r h; do echo "$(basename "$h") $l"; done >> "$tmp/headers"
done
printf 'carc.h engine\ncarc_record.h record\ncarc_ai.h ai\n' >> "$tmp/headers"
for l in $layers; do
    find "$root/src/$l" -name '*.[ch]' | sort | while read -r f; do
        rel=${f#"$root/src/"}
        sed -n 's/^#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
            echo "$rel $l $(basename "$h")"
        done
    done
done > "$tmp/includes"
[ "$plant" = --plant ] && printf 'engine/game.c engine srv_int.h\ncmd/main.c cmd srv_int.h\n' >> "$tmp/includes"
bad=0
: > "$tmp/uses"
while read -r file layer header; do
    owner=$(awk -v h="$header" '$1 == h {print $2; exit}' "$tmp/headers")
    [ -n "$owner" ] || continue  # a header of the same folder's subfolders or a system one
    [ "$owner" = "$layer" ] || echo "$layer $owner" >> "$tmp/uses"
    case " $(allowed "$layer") " in
    *" $owner "*) ;;
    *) echo "one_way: $file includes $header of $owner, above or beside $layer" >&2; bad=1 ;;
    esac
    if [ "$owner" != "$layer" ] && [ "$header" != "$(public_header "$owner")" ]; then
        echo "one_way: $file includes $header, not $owner's public header $(public_header "$owner")" >&2
        bad=1
    fi
done < "$tmp/includes"

# ---- 1b. calls, from the objects' symbols ----------------------------------------------
objdir_of() {
    case $1 in
    cmd) echo "$build/CMakeFiles/carc.dir/src/cmd" ;;
    *) echo "$build/CMakeFiles/carc_$1.dir/src/$1" ;;
    esac
}
: > "$tmp/ldef"
: > "$tmp/luse"
for l in $layers; do
    od=$(objdir_of "$l")
    [ -d "$od" ] || { echo "one_way: no objects under $od (build first)" >&2; exit 2; }
    find "$od" -name '*.c.o' | sort | while read -r o; do
        rel=${o#"$od"/}
        src=$root/src/$l/${rel%.o}
        [ -f "$src" ] || continue  # the object of a source since removed
        nm --defined-only "$o" | awk -v l="$l" '$2 ~ /^[TDRB]$/ {print $3, l}' >> "$tmp/ldef"
        nm -u "$o" | awk -v l="$l" -v f="$l/${rel%.o}" '{print $2, l, f}' >> "$tmp/luse"
    done
done
[ "$plant" = --plant ] && echo "srv_run engine engine/game.c" >> "$tmp/luse"
awk 'NR == FNR { owner[$1] = $2; next }
     ($1 in owner) && owner[$1] != $2 { print $3, $2, owner[$1], $1 }' \
    "$tmp/ldef" "$tmp/luse" | sort -u > "$tmp/lcalls"
while read -r file layer owner sym; do
    [ "$plant" = --layers ] || echo "$file -> $owner: $sym"
    echo "$layer $owner" >> "$tmp/uses"
    case " $(allowed "$layer") " in
    *" $owner "*) ;;
    *) echo "one_way: $file calls $sym of $owner, above or beside $layer" >&2; bad=1 ;;
    esac
done < "$tmp/lcalls"

# ---- 3. the picture: what each layer uses, against the doc's block ---------------------
for l in $layers; do
    used=$(awk -v l="$l" '$1 == l {print $2}' "$tmp/uses" | sort -u)
    line="$l:"
    for u in $layers; do
        echo "$used" | grep -qx "$u" && line="$line $u"
    done
    echo "$line"
done > "$tmp/picture"
if [ "$plant" = --layers ]; then
    cat "$tmp/picture"
    exit $bad
fi
doc=$root/docs/ARCHITECTURE.md
sed -n '/^<!-- one_way.sh --layers -->$/,/^<!-- end -->$/p' "$doc" | sed '1,2d;$d' | sed '$d' \
    > "$tmp/doc_picture"
if [ "$plant" != --plant ] && ! cmp -s "$tmp/picture" "$tmp/doc_picture"; then
    echo "one_way: docs/ARCHITECTURE.md's \"uses\" block is not what the code does; the code's:" >&2
    sed 's/^/  /' "$tmp/picture" >&2
    bad=1
fi

# ---- 2. the engine's files -------------------------------------------------------------
srcdir=$root/src/engine
objdir=$(objdir_of engine)
find "$objdir" -name '*.c.o' | sort > "$tmp/objs"
: > "$tmp/def"
: > "$tmp/use"
while read -r o; do
    f=${o#"$objdir"/}
    f=${f%.c.o}
    [ -f "$srcdir/$f.c" ] || continue
    nm --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TDRB]$/ {print f, $3}' >> "$tmp/def"
    nm -u "$o" | awk -v f="$f" '{print f, $2}' >> "$tmp/use"
done < "$tmp/objs"
# the functions registry.o defines, but those a compiler adds on its own (a
# sanitizer's constructors, _sub_I_* and _sub_D_*); --plant adds one
: > "$tmp/registry_syms"
[ -f "$objdir/registry.c.o" ] && nm --defined-only "$objdir/registry.c.o" > "$tmp/registry_syms"
[ "$plant" = --plant ] && echo "0000000000000000 T registry_planted" >> "$tmp/registry_syms"
awk '$2 ~ /^[Tt]$/ && $3 !~ /^_sub_[ID]_/ && $3 !~ /^__/ {print "  " $3}' "$tmp/registry_syms" \
    > "$tmp/registry_functions"
if [ -s "$tmp/registry_functions" ]; then
    echo "one_way: src/engine/registry.c defines a function; the registry is data only:" >&2
    cat "$tmp/registry_functions" >&2
    bad=1
fi
awk 'NR == FNR { owner[$2] = $1; next }
     ($2 in owner) && owner[$2] != $1 && $1 != "registry" && owner[$2] != "registry" &&
     $2 !~ /_hooks$/ {
         print $1, owner[$2]
     }' "$tmp/def" "$tmp/use" | sort -u > "$tmp/edges"
awk '{print $1, "->", $2}' "$tmp/edges"
if ! tsort "$tmp/edges" > /dev/null 2> "$tmp/loops"; then
    echo "one_way: the engine's files call each other in a circle:" >&2
    grep -v '^tsort: -:' "$tmp/loops" | sed 's/^tsort: /  /' >&2
    bad=1
fi
exit $bad
