#!/bin/sh
# One pytest file as a ctest test: run.sh VENV_PYTHON CARC_BINARY TEST_FILE. Exit 77
# (skipped) when the virtual environment or pytest is missing (scripts/deps.sh makes
# them), or when the file ran no test; a package that does not import is a failure.
py=$1 carc=$2 file=$3
if [ ! -x "$py" ] || ! "$py" -c "import pytest" >/dev/null 2>&1; then
  echo "skipped: needs the Python test environment .venv/ (scripts/deps.sh)"
  exit 77
fi
"$py" -c "import carc" || { echo "python: the carc package does not import (python/install.sh)"; exit 1; }
cd "$(dirname "$file")" || exit 1
# pytest's 5, no test ran (a file skipped whole: a tool of python/requirements-test.txt
# missing from an older venv, which scripts/deps.sh brings up to date), is ctest's skip
CARC_BIN=$carc "$py" -m pytest -q -p no:cacheprovider "$(basename "$file")"
rc=$?
[ $rc -eq 5 ] && { echo "skipped: no test ran (python/install.sh updates the venv)"; exit 77; }
exit $rc
