#!/usr/bin/env bash
# Builds Folio's image from the root Dockerfile, as CI does once before the tests
# that run it (__tests__/deploy/), and prints
#   export FOLIO_IMAGE=localhost/folio:local
# so that CI can `eval "$(bash scripts/ci-image.sh)"`. It runs scripts/ci-containers.sh
# first (podman's configuration for this machine, and the base images standing in for
# the official ones). Everything else goes to stderr: the build's
# output in $FOLIO_IMAGE_LOG (/tmp/folio-image-build.log), how long it took and the
# image's size.
#
# The build is the one a user runs, with what this machine needs around it:
# - --pull=never: nothing can be pulled here; the base images are the local stand-ins;
# - --format docker: the OCI format has no HEALTHCHECK (podman would drop it);
# - --network host: npm and apt reach their registries without a CNI bridge;
# - the machine's npm cache mounted at /root/.npm (a warm `npm ci`), when it has one;
# - the machine's CA bundle, when Node is told of one (NODE_EXTRA_CA_CERTS: a
#   TLS-intercepting proxy between this machine and the npm registry).
#
# Disk: with vfs storage every layer is a full copy of the file system under it, so each
# build that keeps its layers and has a change leaves about 4 GB behind (the two stages'
# 25 steps): 48 GB had piled up on this machine after a dozen builds when a CI run's
# build stopped with "no space left on device". So by default the
# build keeps no intermediate layers (--layers=false: each stage is committed once, the
# image is the base and one layer), and the storage is swept before and after:
# - before: containers in Folio's storage made more than FOLIO_CONTAINERS_STALE_AFTER
#   (1h) ago, running or not (what a killed test run left; no test takes an hour),
#   and dangling images (earlier builds, their stages and layers);
# - after a build that worked: the images it left dangling (the image it replaced
#   under the tag, the build stage).
# Base images and tagged ones stay. Without layers the build takes 78-91 s here, less than
# the 160 s of one with every layer cached (bench/RESULTS.md, "The image": vfs copies the
# build stage to check them). FOLIO_IMAGE_LAYERS=1 keeps the layers, and sweeps only
# containers, for a developer who wants the cache anyway.
# FOLIO_IMAGE names the tag; FOLIO_IMAGE_NO_CACHE=1 builds every layer again (with
# FOLIO_IMAGE_LAYERS=1); FOLIO_IMAGE_NPM_CACHE=0 leaves the npm cache out (a cold build,
# as a user's first).
set -euo pipefail
cd "$(dirname "$0")/.."
# podman's configuration and the base images (idempotent: a fraction of a second when in place).
containers_env=$(bash scripts/ci-containers.sh)
eval "$containers_env"
PODMAN=${FOLIO_PODMAN:-podman}
IMAGE=${FOLIO_IMAGE:-localhost/folio:local}
LOG=${FOLIO_IMAGE_LOG:-/tmp/folio-image-build.log}
say() { echo "ci-image: $*" >&2; }

STALE_AFTER=${FOLIO_CONTAINERS_STALE_AFTER:-1h}
storage_dir=$("$PODMAN" info --format '{{.Store.GraphRoot}}')
free_space() { df -h --output=avail "$storage_dir" | tail -n 1 | tr -d ' '; }
# sweep_images: removes dangling images, with the chains of layer images under them.
sweep_images() {
  local removed
  removed=$("$PODMAN" image prune --force 2> /dev/null | grep -c . || true)
  say "removed $removed dangling images; $(free_space) free for $storage_dir"
}
stale=$("$PODMAN" ps --all --quiet --filter "until=$STALE_AFTER" 2> /dev/null || true)
if [ -n "$stale" ]; then
  say "removing $(echo "$stale" | wc -l) containers made more than $STALE_AFTER ago"
  echo "$stale" | xargs "$PODMAN" rm --force --time 2 > /dev/null 2>&1 || true
  "$PODMAN" pod prune --force > /dev/null 2>&1 || true
fi
if [ "${FOLIO_IMAGE_LAYERS:-0}" != 1 ]; then sweep_images; fi

args=(build --format docker --pull=never --network host --tag "$IMAGE" --file Dockerfile)
if [ "${FOLIO_IMAGE_LAYERS:-0}" = 1 ]; then
  if [ "${FOLIO_IMAGE_NO_CACHE:-}" = 1 ]; then args+=(--no-cache); fi
else
  args+=(--layers=false)
fi
npm_cache=$(npm config get cache 2> /dev/null || true)
if [ "${FOLIO_IMAGE_NPM_CACHE:-1}" != 0 ] && [ -n "$npm_cache" ] && [ -d "$npm_cache/_cacache" ]; then
  args+=(--volume "$npm_cache:/root/.npm")
fi
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  args+=(--volume "$NODE_EXTRA_CA_CERTS:/run/folio-build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/folio-build-ca.crt)
fi

started=$(date +%s%3N)
say "building $IMAGE (${args[*]:1}); the build's output is in $LOG"
if ! "$PODMAN" "${args[@]}" . > "$LOG" 2>&1; then
  tail -n 40 "$LOG" >&2
  say "the build failed after $(( ($(date +%s%3N) - started) / 1000 )) s"
  exit 1
fi
took=$(( $(date +%s%3N) - started ))
if [ "${FOLIO_IMAGE_LAYERS:-0}" != 1 ]; then sweep_images; fi
size=$("$PODMAN" image inspect --format '{{.Size}}' "$IMAGE")
say "built $IMAGE in $(( took / 1000 )).$(( took % 1000 / 100 )) s: $(( size / 1000000 )) MB ($size bytes)"
echo "export FOLIO_IMAGE=$IMAGE"
