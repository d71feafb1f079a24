#!/bin/sh
# Installs the Debian packages carc needs to build and test, skipping those already present
# (tmux runs the terminal game in tests/cli/play_tmux.sh; the sqlite3 shell damages a
# database on purpose in tests/server/expire.sh; postgresql is the second store's server,
# which tests/server/pg.sh starts in a scratch folder itself; nginx the proxy in front of
# several servers, which tests/server/nginx.sh starts the same way; libev and libwebsockets'
# libev plugin the server's event loop on epoll). With --ci it also installs what CI
# and the developer targets need beyond that: clang (the second compiler CI builds with, and
# `make fuzz`) and its runtime libraries, which hold libFuzzer. Last, the Python tests'
# virtual environment .venv/ with the carc package (python/install.sh, docs/PYTHON.md).
# Usage (as root on Debian 12): scripts/deps.sh [--ci]
set -eu
pkgs="build-essential cmake pkg-config libcmocka-dev libjansson-dev libncurses-dev tmux
      libwebsockets-dev libwebsockets-evlib-ev libev-dev libsqlite3-dev libssl-dev sqlite3
      libpq-dev postgresql
      nginx python3 python3-venv python3-dev"
case "${1-}" in
  "") ;;
  --ci) pkgs="$pkgs clang libclang-rt-14-dev" ;;
  *) echo "usage: scripts/deps.sh [--ci]" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "deps: installing$missing"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

# The browser game's tests (tests/web/): node and npm, Debian's chromium for playwright-core
# (never a downloaded browser), and the npm packages of package-lock.json, installed again
# when node_modules is missing or older than the lockfile.
web_pkgs=""
command -v node >/dev/null 2>&1 || web_pkgs="$web_pkgs nodejs"
command -v npm >/dev/null 2>&1 || web_pkgs="$web_pkgs npm"
[ -x /usr/bin/chromium ] || web_pkgs="$web_pkgs chromium"
if [ -n "$web_pkgs" ]; then
  echo "deps: installing$web_pkgs"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $web_pkgs
fi
web_root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$web_root/node_modules/.package-lock.json" ] ||
   [ "$web_root/package-lock.json" -nt "$web_root/node_modules/.package-lock.json" ]; then
  echo "deps: npm ci (playwright-core, typescript, ws)"
  (cd "$web_root" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

# The Python package's tests (tests/python/): the virtual environment .venv/ with the pinned
# packages of python/requirements-test.txt and the carc package built from this checkout.
sh "$web_root/python/install.sh"
