#!/usr/bin/env bash
# The cluster test (npm run test:cluster, tests/cluster/) runs a real reverse proxy and a
# real Redis: Debian's haproxy and redis-server, installed on a fresh machine as
# scripts/ensure-chromium.sh installs Chromium. Prints their versions.
set -euo pipefail
missing=()
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the cluster test…" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  # No service is started: the test runs its own processes on free ports.
  DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
PATH="$PATH:/usr/sbin" haproxy -v | sed -n 1p >&2
redis-server --version >&2
