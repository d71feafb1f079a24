#!/bin/sh
# One pytest file as a ctest test: run.sh VENV_PYTHON CARC_BINARY TEST_FILE. Exit 77
# (skipped) when the virtual environment or pytest is missing (scripts/deps.sh makes
# them); a package that does not import is a failure.
py=$1 carc=$2 file=$3
if [ ! -x "$py" ] || ! "$py" -c "import pytest" >/dev/null 2>&1; then
  echo "skipped: needs the Python test environment .venv/ (scripts/deps.sh)"
  exit 77
fi
"$py" -c "import carc" || { echo "python: the carc package does not import (python/install.sh)"; exit 1; }
cd "$(dirname "$file")" || exit 1
CARC_BIN=$carc exec "$py" -m pytest -q -p no:cacheprovider "$(basename "$file")"
