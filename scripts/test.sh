#!/usr/bin/env bash
# The whole test suite, as README and CI run it: contracts current, types, unit, flows, contract
# (Pact consumer, OpenAPI check, provider verification), faults (fault injection, fuzzing,
# idempotency; they build the app themselves), the Dockerfile's runtime image assembled and
# run without Docker, e2e on the production build, that e2e ran axe on every page route, and
# the cluster test (HAProxy, two SSR processes, Redis; ADR 23).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "generated/ is current with contracts/"
node scripts/generate-contract-types.ts --check

step "Contracts lint (Redocly)"
redocly lint --max-problems 1000 --format stylish gateway cms

step "Contracts compatible with contracts/released/ (contracts/README.md, Versioning)"
node scripts/contract-compat.ts

step "Import directions (dependency-cruiser: no circles, no import back up a layer)"
depcruise app generated mocks server tests scripts --config .dependency-cruiser.cjs --output-type err

step "Documents true against the tree: the README's layout, the ADR index, the layers of app/ (scripts/check-docs.ts)"
node scripts/check-docs.ts

step "Type check"
react-router typegen
tsc

step "Redis for the rate-limit store's tests"
bash scripts/ensure-redis.sh >/dev/null

step "Unit, flow, contract and fault tests (journeys at loader and action level; fault injection, fuzzing, idempotency, the rate-limit store)"
vitest run --project unit --project flows --project contract --project faults

step "pacts/ is current with the consumer tests (they rewrote it just now)"
node scripts/pact-check.ts

step "Browser"
bash scripts/ensure-chromium.sh

step "Production build"
react-router build

step "Runtime image contents (Dockerfile's runtime stage, without Docker)"
node scripts/check-image.ts

step "Hostile traffic over real sockets: the production build directly and behind HAProxy (docs/security.md)"
bash scripts/ensure-cluster-tools.sh
vitest run --project hostile

step "End-to-end tests (Chromium, embedded default)"
playwright test

step "Accessibility coverage: axe ran on a page of every page route, and one of each was walked (tests/e2e/page-states.ts)"
node tests/e2e/axe-coverage.ts

step "Cluster: HAProxy over two SSR processes, the mock backend over HTTP and Redis (ADR 23)"
bash scripts/test-cluster.sh
