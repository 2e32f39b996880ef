#!/usr/bin/env bash
# The rate-limit store's tests (tests/faults/rate-limit-store.test.ts) start a real Redis:
# use Debian's redis-server, installing it on a fresh machine. Prints the path for the tests.
# Only the binary is used; each test starts its own server on a free port.
set -euo pipefail
path="${REDIS_SERVER_PATH:-$(command -v redis-server || echo /usr/bin/redis-server)}"
if [ ! -x "$path" ]; then
  echo "redis-server not found at $path; installing Debian's redis-server…" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends redis-server >&2
  path="$(command -v redis-server || echo /usr/bin/redis-server)"
fi
"$path" --version >&2
echo "$path"
