#!/usr/bin/env bash
# Playwright cannot download its own browsers here: use Debian's Chromium, installing it
# on a fresh machine. Prints the path for the Playwright config.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$path" ]; then
  echo "Chromium not found at $path; installing Debian's chromium…" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >&2
fi
"$path" --version >&2
