#!/bin/sh
# Installs the Debian packages carc needs to build and test, skipping those already present
# (tmux runs the terminal game in tests/cli/play_tmux.sh).
# Usage (as root on Debian 12): scripts/deps.sh
set -eu
pkgs="build-essential cmake pkg-config libcmocka-dev libjansson-dev libncurses-dev tmux
      libwebsockets-dev libsqlite3-dev libssl-dev"
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
