#!/bin/sh
# The Python package's test environment: .venv/ at the repository's root with the exact
# versions of python/requirements-test.txt, and the package itself (`pip install ./`) built
# from this checkout. Each step runs only when needed: the venv when missing, the
# requirements when the file is newer than the venv's stamp, the package when a source of
# it (src/, include/, python/, pyproject.toml, setup.py) is newer than its stamp.
# Usage: python/install.sh            (scripts/deps.sh runs it)
#        python/install.sh --package  (only the package, and only if a venv exists: ctest's
#                                      python_install runs this so tests see the sources)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
py="$venv/bin/python"
if [ "${1-}" = "--package" ]; then
  [ -x "$py" ] || { echo "python: no .venv (scripts/deps.sh makes it): nothing to install"; exit 0; }
else
  if [ ! -x "$py" ]; then
    echo "deps: python virtual environment .venv/"
    python3 -m venv "$venv"
  fi
  if [ ! -f "$venv/.requirements.stamp" ] ||
     [ "$root/python/requirements-test.txt" -nt "$venv/.requirements.stamp" ]; then
    echo "deps: pip install -r python/requirements-test.txt"
    "$py" -m pip install -q --disable-pip-version-check -r "$root/python/requirements-test.txt"
    touch "$venv/.requirements.stamp"
  fi
fi
stamp="$venv/.carc.stamp"
if [ -f "$stamp" ] && "$py" -c "import carc" >/dev/null 2>&1 &&
   [ -z "$(find "$root/src" "$root/include" "$root/python" "$root/pyproject.toml" "$root/setup.py" \
          -newer "$stamp" -type f \( -name '*.c' -o -name '*.h' -o -name '*.py' -o -name '*.toml' \) \
          2>/dev/null | head -n 1)" ]; then
  exit 0
fi
echo "python: pip install ./ (the carc package, built from this checkout)"
touch "$stamp.new"
# setuptools decides from its own build files whether to compile again, and misses a changed
# header: the package is built from scratch
rm -rf "$root/build-py"
(cd "$root" && "$py" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps ./)
mv "$stamp.new" "$stamp"
