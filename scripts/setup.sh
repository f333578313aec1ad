#!/usr/bin/env bash
# One-time set-up on Debian/Ubuntu (or macOS with Homebrew's node): system tools the
# terminal sessions and tests use, pnpm 10.34.9, dependencies, and a build.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  need=""
  for pair in bwrap:bubblewrap gdb:gdb ed:ed python3:python3 make:make g++:g++ tmux:tmux vim:vim less:less man:man-db top:procps; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || need="$need ${pair#*:}"
  done
  if [ -n "$need" ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need
  fi
elif ! command -v bwrap >/dev/null 2>&1 && [ "$(uname)" = Linux ]; then
  echo "note: install bubblewrap (bwrap) for the default confined composition" >&2
fi
[ "$(pnpm --version 2>/dev/null)" = "10.34.9" ] || npm i -g pnpm@10.34.9
pnpm install --frozen-lockfile
pnpm build
