#!/usr/bin/env bash
# `npm run test:docker`: builds the Dockerfile into an image and runs it. Not part of
# `npm test` (it needs root or a Docker engine, and downloads a base system); `npm run
# test:image` there checks the runtime stage's contents on any machine.
#
# - With a Docker engine: `docker build` and `docker run`.
# - Without one (as on this project's machines: a docker client, no engine): buildah builds
#   the same Dockerfile and podman runs it, daemonless, installed from Debian's packages.
#   When no registry serves node:24-slim, a stand-in is assembled and tagged node:24-slim:
#   Debian bookworm (debootstrap, minbase), this repository's Node 24 (the `node` package)
#   and npm in /usr/local, the `node` user (uid 1000), and this machine's CA bundle for npm
#   inside the build (some networks intercept TLS). So what it proves is the Dockerfile and
#   the app on a Debian + Node 24 base, not the official image's own contents.
#
# Then it checks the running image: /healthz and /readyz, the home page, the server-rendered
# search results, an immutable asset, that it runs as `node` and cannot write /app, that its
# HEALTHCHECK reports healthy, that `stop` (SIGTERM) ends it with exit 0, and that with
# ENVIRONMENT_LABEL=production it refuses to start on the default session secret and on the
# embedded default (ADR 0030).
set -euo pipefail
cd "$(dirname "$0")/.."

TAG=localhost/group-visits:check
NAME=group-visits-check
PORT=${PORT:-3480}
BASE=node:24-slim
failures=0

check() { # check "what" command…: ✔ or ✘ with what, counting failures
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then echo "✔ $what"; else echo "✘ $what"; failures=$((failures + 1)); fi
}

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  ENGINE=(docker)
  build() { docker build -t "$TAG" .; }
  RUN_FLAGS=()
else
  [ "$(id -u)" = 0 ] || { echo "No Docker engine, and building with buildah and podman here needs root." >&2; exit 2; }
  missing=()
  for tool in buildah podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== Installing ${missing[*]} (Debian packages)"
    apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null; }
  fi
  # vfs works inside containers without overlay mounts; runc with cgroupfs and explicit
  # ulimits run where the host's cgroups and limits are not ours to change.
  export STORAGE_DRIVER=vfs
  ENGINE=(podman --runtime runc --cgroup-manager cgroupfs)
  RUN_FLAGS=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
  if ! podman image exists "$BASE" && ! timeout 120 podman pull -q "docker.io/library/$BASE" >/dev/null 2>&1; then
    # The npm running this script (npm run sets npm_execpath to its npm-cli.js).
    npm_dir=$(dirname "$(dirname "$(readlink -f "${npm_execpath:-$(command -v npm)}")")")
    echo "== No registry serves $BASE here: assembling a stand-in (Debian bookworm, Node $(node --version), npm $(npm --version))"
    rootfs=$(mktemp -d)
    trap 'rm -rf "$rootfs"' EXIT
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
    install -m 755 "$(node -p process.execPath)" "$rootfs/usr/local/bin/node"
    mkdir -p "$rootfs/usr/local/lib/node_modules"
    cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
    chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
    chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
    mkdir -p "$rootfs/etc/ssl/certs"
    cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/build-network-ca.crt"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    container=$(buildah from scratch)
    cp -a "$rootfs/." "$(buildah mount "$container")/"
    buildah umount "$container" >/dev/null
    buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/build-network-ca.crt --cmd node "$container"
    buildah commit -q "$container" "localhost/$BASE" >/dev/null
    buildah rm "$container" >/dev/null
    rm -rf "$rootfs"
  fi
  # The docker format keeps HEALTHCHECK (OCI images have no such field).
  build() { buildah bud --pull-never --isolation chroot --format docker -t "$TAG" .; }
fi

# The engine command quoted once, for the checks that run it inside `sh -c`.
engine=$(printf '%q ' "${ENGINE[@]}")
cleanup() { "${ENGINE[@]}" rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup

echo "== Building the Dockerfile (${ENGINE[0]})"
started=$SECONDS
build > /tmp/check-docker-build.log 2>&1 || { tail -30 /tmp/check-docker-build.log; echo "✘ the image did not build (log: /tmp/check-docker-build.log)"; exit 1; }
echo "✔ built $TAG in $((SECONDS - started)) s"

echo "== Running it on port $PORT"
"${ENGINE[@]}" run -d --name "$NAME" --network host "${RUN_FLAGS[@]}" -e PORT="$PORT" "$TAG" >/dev/null
url="http://127.0.0.1:$PORT"
for _ in $(seq 1 60); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.5; done
if ! curl -sf "$url/healthz" >/dev/null; then
  echo "✘ it did not answer /healthz within 30 s; its output:"
  "${ENGINE[@]}" logs "$NAME" 2>&1 | tail -20
  exit 1
fi
home=$(curl -s "$url/")
asset=$(grep -o '/assets/app-[^"]*\.css' <<<"$home" | head -1)
check "/healthz answers 200" curl -sf "$url/healthz"
check "/readyz answers 200 (embedded default)" curl -sf "$url/readyz"
check "the home page has its heading" grep -q "<h1>School and group visits" <<<"$home"
check "the search page has results rendered on the server" sh -c "curl -s '$url/registration/education/organisation' | grep -q 'class=\"hit-name\"'"
check "an asset is served immutable" sh -c "curl -sI '$url$asset' | grep -qi 'cache-control: public, max-age=31536000, immutable'"
check "it runs as the node user" sh -c "$engine exec $NAME id -un | grep -qx node"
check "it cannot write /app" sh -c "$engine exec $NAME sh -c 'touch /app/written 2>&1' | grep -q 'Permission denied'"
if [ "${ENGINE[0]}" = docker ]; then
  check "its HEALTHCHECK reports healthy" sh -c "for i in \$(seq 1 40); do [ \"\$(docker inspect -f '{{.State.Health.Status}}' $NAME)\" = healthy ] && exit 0; sleep 1; done; exit 1"
else
  check "its HEALTHCHECK reports healthy" "${ENGINE[@]}" healthcheck run "$NAME"
fi
"${ENGINE[@]}" stop -t 25 "$NAME" >/dev/null 2>&1
check "stop (SIGTERM) ends it with exit 0" sh -c "[ \"\$($engine inspect -f '{{.State.ExitCode}}' $NAME)\" = 0 ]"
check "it logs JSON lines, the last one 'stopped'" sh -c "$engine logs $NAME 2>/dev/null | grep '^{' | tail -1 | grep -q '\"msg\":\"stopped\"'"
# (PUBLIC_ORIGIN, which production also requires, given so the secret is what is refused.)
check "ENVIRONMENT_LABEL=production refuses the default session secret" sh -c \
  "$engine run --rm --network host ${RUN_FLAGS[*]} -e PORT=$((PORT + 1)) -e ENVIRONMENT_LABEL=production -e PUBLIC_ORIGIN=https://groups.example.org $TAG 2>&1 | grep -q 'SESSION_SECRET'"
check "ENVIRONMENT_LABEL=production refuses the embedded default, naming GATEWAY_BASE_URL and CMS_BASE_URL" sh -c \
  "$engine run --rm --network host ${RUN_FLAGS[*]} -e PORT=$((PORT + 1)) -e ENVIRONMENT_LABEL=production -e PUBLIC_ORIGIN=https://groups.example.org -e SESSION_SECRET=a-secret-of-at-least-32-characters-here $TAG 2>&1 | grep -q 'ENVIRONMENT_LABEL: production needs the real services: set GATEWAY_BASE_URL and CMS_BASE_URL'"

if [ "$failures" -gt 0 ]; then echo "$failures check(s) failed."; exit 1; fi
echo "All checks passed."
