#!/usr/bin/env bash
# The cluster test (ADR 0023): HAProxy, Redis, the mock backend and two SSR processes on
# this machine, driven by Chromium (tests/cluster/). Installs Debian's haproxy,
# redis-server and chromium when missing; builds the app when the build is missing or old.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-cluster-tools.sh
bash scripts/ensure-chromium.sh
exec playwright test --config tests/cluster/playwright.config.ts "$@"
