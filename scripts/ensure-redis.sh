#!/usr/bin/env bash
# The rate-limit store's tests (tests/faults/rate-limit-store.test.ts, shared-rate-limits.test.ts)
# start a real Redis: Debian's redis-server, installed here on a fresh machine. Prints its
# path for the tests. Only the binary is used; each test file starts its own server on a
# free port, in memory only.
set -euo pipefail
path="${REDIS_SERVER_PATH:-/usr/bin/redis-server}"
if [ ! -x "$path" ]; then
  # Test files call this at the same time: one installs, the others wait for it.
  exec 9>"${TMPDIR:-/tmp}/ensure-redis.lock"
  flock 9
fi
if [ ! -x "$path" ]; then
  echo "redis-server not found at $path; installing Debian's redis-server…" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends redis-server >&2
fi
"$path" --version >&2
echo "$path"
