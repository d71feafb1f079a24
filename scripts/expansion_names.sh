#!/bin/sh
# expansion_names.sh [ROOT] [--all | --count | --write-allow | --self-test]: the core
# names no expansion (issue 29, docs/ARCHITECTURE.md). Each expansion is a module, a
# folder of src/engine/ registered by one line of src/engine/registry.c; the rest of
# the engine and the layers above it ask that registry and never name an expansion's
# bit, figure, tile, card or score category themselves.
#
# Scanned: every .c and .h of src/ except the modules (src/engine/*/, any subfolder of
# the engine) and the registry (src/engine/registry.c); python/carc/'s .c, .h and .py.
# Not scanned: include/ (the public API declares the names), tests/, fuzz/, bench/,
# docs/. Comments and string and character literals are blanked first (C by a small
# scanner, Python by its tokenizer), so a comment or an English message may speak of
# the river. Each code line that names one of NAMES below is printed as
# "path:line: NAME[, NAME...]" (in Python the names also with their "lib." prefix).
# A "#define X (... CARC_EXP_* ...)" anywhere in src/ or include/ makes X a group of
# expansion bits (like FIGURE_EXPANSIONS), forbidden too.
#
# scripts/expansion_names.allow lists the files not converted yet: "path # reason",
# whole files. Their hits are printed only with --all (marked "(allowed)"). Exit 0
# when no line outside the allowlist names an expansion, 1 otherwise, 2 on a usage
# error or a bad allowlist; a warning (no failure) for an allowlisted file that names
# none any more, so that the list only shrinks.
#   --count        the number of hit lines per file, allowed files included (progress)
#   --write-allow  rewrite the allowlist to the files that have hits now, keeping the
#                  reasons it had and giving new files "# TODO reason"
#   --self-test    copies the tree, plants names and checks each is reported and that
#                  the same names in comments and strings are not (ctest
#                  expansion_names_catches)
set -eu
LC_ALL=C
export LC_ALL

# ---- the names: one group per expansion; a new expansion adds its line here -----------
# Python regular expressions, matched as whole identifiers.
NAMES='
any         CARC_EXP_[A-Z0-9_]+  FIGURE_EXPANSIONS  TILE_EXPANSIONS
gifts       CARC_GIFT_[A-Z0-9_]+  CARC_SCORE_GIFTS
christmas   CARC_XC_[A-Z0-9_]+  CARC_XR_[A-Z0-9_]+  CARC_SCORE_CARDS
inns        CARC_FIG_LARGE  FIG_SLOT_LARGE
traders     CARC_FIG_BUILDER  FIG_SLOT_BUILDER  CARC_FIG_PIG  FIG_SLOT_PIG  CARC_SCORE_GOODS
river       KIND_SPRING  KIND_LAKE  KIND_RIVER_END  tile_river
abbot       CARC_FIG_ABBOT  FIG_SLOT_ABBOT  KIND_GARDEN_FIRST  tiles_twin  CARC_SCORE_GARDENS
abbey       CARC_FIG_MAYOR  CARC_FIG_WAGON  CARC_FIG_BARN
dragon      DRAGON_KIND_FIRST  DRAGON_KINDS  MARK_VOLCANO  MARK_DRAGON  MARK_PORTAL  MARK_PRINCESS  dragon_st
abbey       ABBEY_FIRST  ABBEY_KIND  ABBEY_R  ABBEY_RG  ABBEY_ASKED  ABBEY_DECLINED  abbey_st
'

usage() {
    echo "usage: expansion_names.sh [ROOT] [--all | --count | --write-allow | --self-test]" >&2
    exit 2
}
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=
mode=check
for a in "$@"; do
    case $a in
    --all | --count | --write-allow | --self-test)
        [ "$mode" = check ] || usage
        mode=${a#--} ;;
    -*) usage ;;
    *)
        [ -z "$root" ] || usage
        root=$a ;;
    esac
done
[ -n "$root" ] || root=$(dirname "$self")/..
[ -d "$root/src/engine" ] || { echo "expansion_names: no src/engine under $root" >&2; exit 2; }
root=$(cd "$root" && pwd)
command -v python3 > /dev/null || { echo "expansion_names: needs python3" >&2; exit 2; }

# ---- --self-test: plant names in a copy of the tree ------------------------------------
if [ "$mode" = self-test ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/tree/python"
    cp -R "$root/src" "$root/scripts" "$tmp/tree/"
    cp -R "$root/python/carc" "$tmp/tree/python/"
    t=$tmp/tree
    for f in src/engine/rng.c src/record/replay.c python/carc/envs.py; do
        [ -f "$t/$f" ] || { echo "expansion_names --self-test: no $f to plant in" >&2; exit 1; }
        if sed 's/[ \t]*#.*//' "$t/scripts/expansion_names.allow" | grep -qx "$f"; then
            echo "expansion_names --self-test: $f is allowlisted: plant elsewhere" >&2
            exit 1
        fi
    done
    sh "$t/scripts/expansion_names.sh" "$t" > "$tmp/before" 2> /dev/null || true
    # the planted uses (each must be reported) ...
    echo 'static const unsigned planted_bit = CARC_EXP_RIVER;' >> "$t/src/engine/rng.c"
    echo "src/engine/rng.c:$(wc -l < "$t/src/engine/rng.c"): CARC_EXP_RIVER" > "$tmp/want"
    printf '#define PLANTED_GROUP (CARC_EXP_INNS | CARC_EXP_TRADERS)\n' > "$t/src/engine/inns/planted.h"
    echo 'static const unsigned planted_group = PLANTED_GROUP;' >> "$t/src/engine/rng.c"
    echo "src/engine/rng.c:$(wc -l < "$t/src/engine/rng.c"): PLANTED_GROUP" >> "$tmp/want"
    echo 'static int planted_pig(int f) { return f == CARC_FIG_PIG; }' >> "$t/src/record/replay.c"
    echo "src/record/replay.c:$(wc -l < "$t/src/record/replay.c"): CARC_FIG_PIG" >> "$tmp/want"
    echo '_PLANTED = lib.CARC_EXP_GIFTS' >> "$t/python/carc/envs.py"
    echo "python/carc/envs.py:$(wc -l < "$t/python/carc/envs.py"): lib.CARC_EXP_GIFTS" >> "$tmp/want"
    # ... and the same kind of names in comments and literals (none may be)
    cat >> "$t/src/engine/rng.c" << 'EOF'
/* CARC_EXP_ABBOT in a comment, CARC_FIG_ABBOT
   over two lines */
// KIND_GARDEN_FIRST in a line comment
static const char planted_msg[] = "CARC_EXP_ABBOT and \"tiles_twin\" in a string";
static const char planted_chr = '"'; /* a quote as a character: "CARC_FIG_ABBOT" */
EOF
    cat >> "$t/python/carc/envs.py" << 'EOF'
# lib.CARC_EXP_ABBOT in a comment
_PLANTED_MSG = "lib.CARC_EXP_ABBOT in a string" + 'CARC_FIG_ABBOT' + """
lib.CARC_SCORE_GARDENS in a long string"""
EOF
    echo 'src/engine/planted_gone.c # planted: a file converted since' >> "$t/scripts/expansion_names.allow"
    rc=0
    sh "$t/scripts/expansion_names.sh" "$t" > "$tmp/after" 2> "$tmp/err" || rc=$?
    bad=0
    [ "$rc" -eq 1 ] || { echo "expansion_names --self-test: exit $rc with planted names, not 1" >&2; bad=1; }
    sort "$tmp/before" > "$tmp/b"
    sort "$tmp/after" | comm -13 "$tmp/b" - > "$tmp/new"
    sort "$tmp/want" > "$tmp/w"
    if ! cmp -s "$tmp/w" "$tmp/new"; then
        echo "expansion_names --self-test: reported (beyond the tree's own hits):" >&2
        sed 's/^/  /' "$tmp/new" >&2
        echo "not what was planted:" >&2
        sed 's/^/  /' "$tmp/w" >&2
        bad=1
    fi
    if grep -q 'ABBOT\|GARDEN\|tiles_twin' "$tmp/new"; then
        echo "expansion_names --self-test: a name in a comment or string was reported" >&2
        bad=1
    fi
    grep -q 'warning: src/engine/planted_gone.c' "$tmp/err" || {
        echo "expansion_names --self-test: no warning for a stale allowlist line" >&2
        bad=1
    }
    [ "$bad" -eq 0 ] && echo "expansion_names --self-test: the $(wc -l < "$tmp/w") planted names reported, none in comments or strings"
    exit $bad
fi

EXPANSION_NAMES=$NAMES exec python3 - "$root" "$mode" << 'PY'
import io, os, re, sys, tokenize

root, mode = sys.argv[1], sys.argv[2]
allow_path = os.path.join(root, "scripts", "expansion_names.allow")

def die(msg):
    print("expansion_names: " + msg, file=sys.stderr)
    sys.exit(2)

def strip_c(text):
    """Blank comments and string and character literals; keep every newline."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = i + 2
            while j < n and text[j] != "\n":
                if text[j] == "\\" and text.startswith("\\\n", j):
                    out.append("\n")
                    j += 1
                j += 1
            out.append(" ")
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\":
                    if text.startswith("\\\n", j):
                        out.append("\n")
                    j += 1
                j += 1
            out.append(c + c)
            i = j + 1 if j < n and text[j] == c else j
        else:
            out.append(c)
            i += 1
    return "".join(out)

BLANK = {tokenize.COMMENT, tokenize.STRING}
if hasattr(tokenize, "FSTRING_MIDDLE"):  # 3.12: an f-string's expressions stay code
    BLANK.add(tokenize.FSTRING_MIDDLE)

def strip_py(text, rel):
    lines = [list(l) for l in text.splitlines(keepends=True)]
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            if t.type not in BLANK:
                continue
            (sr, sc), (er, ec) = t.start, t.end
            for r in range(sr, er + 1):
                line = lines[r - 1]
                for k in range(sc if r == sr else 0, ec if r == er else len(line)):
                    if line[k] != "\n":
                        line[k] = " "
    except (tokenize.TokenError, SyntaxError) as e:
        print("expansion_names: warning: %s does not tokenize (%s): read as is" % (rel, e),
              file=sys.stderr)
        return text
    return "".join("".join(l) for l in lines)

def walk(top, exts):
    top = os.path.join(root, top)
    for d, subdirs, files in os.walk(top):
        subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
        for f in sorted(files):
            if f.endswith(exts):
                yield os.path.relpath(os.path.join(d, f), root)

# the files scanned: src/ but the modules and the registry; python/carc/
def exempt(rel):
    parts = rel.split(os.sep)
    return rel == os.path.join("src", "engine", "registry.c") or (
        parts[:2] == ["src", "engine"] and len(parts) > 3)

files = [f for f in walk("src", (".c", ".h")) if not exempt(f)]
files += list(walk(os.path.join("python", "carc"), (".c", ".h", ".py")))

def read(rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fp:
        return fp.read()

# the names: the list above, then the groups of expansion bits #defined anywhere
pats = []
for line in os.environ["EXPANSION_NAMES"].splitlines():
    pats += line.split()[1:]
bit = re.compile(r"(?<!\w)CARC_EXP_[A-Z0-9_]+(?!\w)")
define = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$", re.M)
groups = set()
for top in ("src", "include"):
    for rel in walk(top, (".c", ".h")):
        code = re.sub(r"\\\n", " ", strip_c(read(rel)))
        for m in define.finditer(code):
            if bit.search(m.group(2)) and not bit.fullmatch(m.group(1)):
                groups.add(m.group(1))
pats += sorted(groups - set(pats))
name_re = re.compile(r"(?<!\w)((?:lib\.)?(?:%s))(?!\w)" % "|".join(pats))

hits = {}  # path -> [(line, [names])]
for rel in files:
    text = read(rel)
    code = strip_py(text, rel) if rel.endswith(".py") else strip_c(text)
    for no, line in enumerate(code.splitlines(), 1):
        found = []
        for m in name_re.finditer(line):
            if m.group(1) not in found:
                found.append(m.group(1))
        if found:
            hits.setdefault(rel, []).append((no, found))

# the allowlist
header, allow = [], {}
if os.path.exists(allow_path):
    with open(allow_path, encoding="utf-8") as fp:
        for no, line in enumerate(fp, 1):
            s = line.strip()
            if not s or s.startswith("#"):
                if not allow:
                    header.append(line.rstrip("\n"))
                continue
            path, sep, reason = s.partition(" # ")
            path, reason = path.strip(), reason.strip()
            if not sep or not reason:
                die("scripts/expansion_names.allow:%d: no \" # reason\" after %s" % (no, path))
            if path in allow:
                die("scripts/expansion_names.allow:%d: %s twice" % (no, path))
            allow[path] = reason

if mode == "write-allow":
    if not header:
        header = ["# scripts/expansion_names.sh: the files that still name an expansion (not yet",
                  "# converted to ask the registry, src/engine/registry.c). One line per file:",
                  "# \"path # reason\". The list only shrinks: remove a file's line once it names none."]
    new = [p for p in sorted(hits) if p not in allow]
    gone = [p for p in allow if p not in hits]
    with open(allow_path, "w", encoding="utf-8") as fp:
        for line in header:
            fp.write(line + "\n")
        for p in sorted(hits):
            fp.write("%s # %s\n" % (p, allow.get(p, "TODO reason")))
    for p in new:
        print("expansion_names: added %s (# TODO reason)" % p, file=sys.stderr)
    for p in gone:
        print("expansion_names: removed %s (names no expansion now)" % p, file=sys.stderr)
    print("expansion_names: %d files in scripts/expansion_names.allow" % len(hits), file=sys.stderr)
    sys.exit(0)

bad = 0
if mode == "count":
    for p in sorted(hits):
        print("%5d %s%s" % (len(hits[p]), p, " (allowed)" if p in allow else ""))
    print("%5d lines in %d files, %d of them allowed" %
          (sum(len(h) for h in hits.values()), len(hits), sum(1 for p in hits if p in allow)))
for p in sorted(hits):
    allowed = p in allow
    if not allowed:
        bad += len(hits[p])
    if mode == "count" or (allowed and mode != "all"):
        continue
    for no, found in hits[p]:
        print("%s:%d: %s%s" % (p, no, ", ".join(found), " (allowed)" if allowed else ""))
for p in allow:
    if p not in hits:
        print("expansion_names: warning: %s is in scripts/expansion_names.allow but names no "
              "expansion now: remove its line (or --write-allow)" % p, file=sys.stderr)
if bad:
    print("expansion_names: %d lines outside scripts/expansion_names.allow name an expansion; "
          "ask the registry (src/engine/registry.c) instead" % bad, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
