#!/usr/bin/env bash
# Builds, when missing, the images deploy/compose.yaml names, for the compose test
# (__tests__/deploy/compose.test.ts), and prints
#   export FOLIO_IMAGE=localhost/folio:local FOLIO_DEPLOY_IMAGES="…"
# so that CI can `eval "$(bash scripts/ci-deploy-images.sh)"` after
# scripts/ci-containers.sh (whose CONTAINERS_CONF and CONTAINERS_STORAGE_CONF it
# needs, and whose docker.io/library/debian:bookworm-slim it builds on).
# Everything else goes to stderr, with how long each step took.
#
# - docker.io/library/postgres:15-bookworm: CI's stand-in for the official image
#   (deploy/images/postgres/), Debian's PostgreSQL 15 under the official name,
#   so that compose.yaml serves users and CI unchanged;
# - folio-varnish:local: deploy/images/varnish/ (Debian's Varnish 7.1, xkey,
#   and the Varnish exporter), the image compose.yaml builds for users too.
# - FOLIO_IMAGE (localhost/folio:local): Folio's own, from the root Dockerfile,
#   unless it is there already (the image's own CI step may have built it).
# Each is built with --pull=never (nothing can be pulled here) and host
# networking for apt and npm; a CA bundle in NODE_EXTRA_CA_CERTS (a proxy that
# intercepts TLS) is lent to Folio's build as its Dockerfile expects.
#
# podman-compose gives services their names on the compose network through the
# CNI dnsname plugin: installed with apt when podman uses CNI without it.
set -euo pipefail
cd "$(dirname "$0")/.."
PODMAN=${FOLIO_PODMAN:-podman}
BASE_IMAGE=docker.io/library/debian:bookworm-slim
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

STEP_PREFIX=ci-deploy-images
# shellcheck source=lib/timed-steps.sh
source "$(dirname "$(readlink -f "$0")")/lib/timed-steps.sh"
podman_() { $SUDO env CONTAINERS_CONF="${CONTAINERS_CONF:-}" CONTAINERS_STORAGE_CONF="${CONTAINERS_STORAGE_CONF:-}" "$PODMAN" "$@"; }

if [ -z "${CONTAINERS_CONF:-}" ]; then
  say 'CONTAINERS_CONF is not set: run `eval "$(bash scripts/ci-containers.sh)"` first'
  exit 1
fi
if ! podman_ image exists "$BASE_IMAGE"; then
  say "$BASE_IMAGE is missing: scripts/ci-containers.sh makes it"
  exit 1
fi

backend=$(podman_ info --format '{{.Host.NetworkBackend}}')
if [ "$backend" = cni ] && [ ! -x /usr/lib/cni/dnsname ]; then
  {
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends golang-github-containernetworking-plugin-dnsname
  } >&2
  step_done "installed the CNI dnsname plugin (services' names on compose networks)"
else
  step_done "podman's network backend is $backend; names on its networks resolve"
fi

# build IMAGE CONTEXT [OPTIONS…]: builds CONTEXT as IMAGE unless it is there, keeping no
# intermediate layers: with vfs storage each is a full copy (scripts/ci-image.sh says more).
build() {
  local image=$1 context=$2 log
  shift 2
  if podman_ image exists "$image"; then
    step_done "$image is there"
    return
  fi
  log=$(mktemp)
  if ! podman_ build --pull=never --network host --layers=false "$@" -t "$image" "$context" > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  step_done "built $image from $context ($(podman_ image inspect --format '{{.Size}}' "$image") bytes)"
}

build docker.io/library/postgres:15-bookworm deploy/images/postgres
build localhost/folio-varnish:local deploy/images/varnish
FOLIO_IMAGE=${FOLIO_IMAGE:-localhost/folio:local}
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  build "$FOLIO_IMAGE" . --volume "$NODE_EXTRA_CA_CERTS:/etc/folio-build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/etc/folio-build-ca.crt
else
  build "$FOLIO_IMAGE" .
fi

say "ready in $(( $(now_ms) - started )) ms"
echo "export FOLIO_IMAGE=$FOLIO_IMAGE"
echo "export FOLIO_DEPLOY_IMAGES=\"docker.io/library/postgres:15-bookworm localhost/folio-varnish:local $FOLIO_IMAGE\""
