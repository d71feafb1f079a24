#!/bin/sh
# The Python package's C side under AddressSanitizer and UndefinedBehaviorSanitizer (ctest
# asan_python, in a CARC_SANITIZE build): the extension carc._carc compiled again with
# -fsanitize=address,undefined into this build directory (not into .venv/, whose package
# stays the plain one), a smoke of the Python tests run against it with the ASan runtime
# preloaded into the interpreter, and the test failed on any sanitizer report.
# Usage: asan.sh VENV_PYTHON CARC_BINARY OUT_DIR. Exit 77 (skipped) without the venv.
# The interpreter is not instrumented: its own allocations are not leaks of ours
# (detect_leaks=0), and ASan's quarantine is off, since test_batch's memory test holds
# freed games by design (docs/PYTHON.md, "Tests").
set -u
py=$1 carc=$2 out=$3
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
py=$(abs "$py") carc=$(abs "$carc") out=$(abs "$out")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ ! -x "$py" ] || ! "$py" -c "import pytest, cffi, numpy" >/dev/null 2>&1; then
  echo "skipped: needs the Python test environment .venv/ (scripts/deps.sh)"
  exit 77
fi
# the runtime of the compiler that builds extensions (sysconfig's CC), which links them
cc=$("$py" -c "import sysconfig; print(sysconfig.get_config_var('CC').split()[0])")
asan=$("$cc" -print-file-name=libasan.so) ubsan=$("$cc" -print-file-name=libubsan.so)
[ -f "$asan" ] && [ -f "$ubsan" ] || { echo "asan_python: no libasan/libubsan beside $cc"; exit 1; }
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

# the package: its Python files copied, the extension compiled when a C source or header
# changed since the last build here (the engine's ~100 files take minutes with ASan)
mkdir -p "$out/carc" || exit 1
cp "$root"/python/carc/*.py "$root"/python/carc/py.typed "$out/carc/" || exit 1
so=$(ls "$out"/carc/_carc*.so 2>/dev/null | head -n 1)
if [ -z "$so" ] || [ -n "$(find "$root/src" "$root/include" "$root/python" -newer "$so" \
                           -type f \( -name '*.c' -o -name '*.h' -o -name 'carc_build.py' \) |
                           head -n 1)" ]; then
  echo "asan_python: compiling carc._carc with $flags"
  rm -rf "$out/obj" "$out"/carc/_carc*.so
  # the sources by absolute paths, the objects under obj/ (cffi's compile works in its
  # tmpdir, and reads the setup.cfg there: both cores)
  mkdir -p "$out/obj" && printf '[build_ext]\nparallel = 2\n' >"$out/obj/setup.cfg" || exit 1
  (cd "$out/obj" && CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
     CARC_BUILD_ABSOLUTE=1 PYTHONPATH="$root/python" \
     "$py" -c "import carc_build; carc_build.ffibuilder.compile(tmpdir='.')" \
     >"$out/compile.log" 2>&1) || { tail -n 30 "$out/compile.log"; exit 1; }
  cp "$out"/obj/carc/_carc*.so "$out/carc/" || exit 1
fi

# the smoke: every part of the C side (games, actions, observations, the batch, search
# with an evaluator, chance, saving, self-play and the three boxes), CARC_QUICK's sizes;
# test_batch's 20,000-game memory test and the wheel, typing and engine-agreement runs
# are left to the plain suite (they check no more C)
log="$out/pytest.log"
cd "$here" || exit 1
export LD_PRELOAD="$asan $ubsan" PYTHONPATH="$out" CARC_BIN=$carc CARC_QUICK=1 \
  ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0:halt_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# the extension is instrumented, it is the package imported, and a report is seen: an
# overflow made on purpose (through ctypes) must be caught, or this test could not fail
nm -D "$out"/carc/_carc*.so | grep -q __asan_report ||
  { echo "asan_python: the extension is not instrumented ($out/compile.log)"; exit 1; }
"$py" -c "
import carc._carc as m
assert m.__file__.startswith('$out/'), m.__file__
" || { echo "asan_python: the instrumented package is not the one imported"; exit 1; }
"$py" -c "
import ctypes
b = ctypes.create_string_buffer(1 << 20)
ctypes.memset(ctypes.addressof(b) + (1 << 20) + 8, 0, 64)
" 2>&1 | grep -q "ERROR: AddressSanitizer: heap-buffer-overflow" ||
  { echo "asan_python: an overflow made on purpose went unreported"; exit 1; }
"$py" -m pytest -q -p no:cacheprovider -x \
    -k "not memory_does_not_grow and not gil_is_released" \
    test_game.py test_batch.py test_search.py test_chance.py \
    test_saving.py test_selfplay.py test_lifecycle.py test_dragon_tower.py \
    test_abbey_mayor.py >"$log" 2>&1
rc=$?
tail -n 5 "$log"
if grep -n -E "ERROR: (Address|Leak)Sanitizer|runtime error:" "$log"; then
  echo "asan_python: a sanitizer report (the whole log: $log)"
  exit 1
fi
[ $rc -eq 0 ] || { grep -E "^(E |FAILED|ERROR)" "$log" | head -n 20; exit 1; }
echo "asan_python: no sanitizer report"
