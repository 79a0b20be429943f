#!/usr/bin/env bash
# Makes podman (and buildah, skopeo, podman-compose) work on this kind of machine
# (Debian 12, root, hybrid cgroups, no container registry), for the image's test
# (__tests__/deploy/) and the compose and Kubernetes tests (deploy/), and prints
#   export CONTAINERS_CONF=…  CONTAINERS_STORAGE_CONF=…  FOLIO_PODMAN=/usr/bin/podman …
# so that CI can `eval "$(bash scripts/ci-containers.sh)"`. Everything else goes to
# stderr, with how long each step took. Idempotent: a second run only checks.
#
# 1. Installs podman, buildah, skopeo, catatonit (podman's pause binary for
#    `podman kube play`), debootstrap, runc and podman-compose with apt (no
#    recommends), with sudo unless it runs as root.
# 2. Writes a containers.conf and a storage.conf that work here
#    (../shared/CONTAINERS-NOTES.md): runc (crun refuses hybrid cgroups),
#    cgroupfs (no systemd), events in a file, explicit ulimits (podman's default
#    ones fail with "setrlimit RLIMIT_NOFILE: Operation not permitted"), the
#    vfs storage driver. They live in $FOLIO_CONTAINERS_DIR (/var/lib/folio-containers),
#    not /etc/containers: a machine's own configuration is left alone, and
#    everything that runs podman (jest, podman-compose) gets them through the
#    variables printed. Images and containers are kept there too, in a storage
#    of their own ($FOLIO_CONTAINERS_DIR/storage): a container's cleanup
#    (conmon's exit command) runs without these variables and checks its flags
#    against what the storage recorded when it was made, so a storage first
#    made by podman without this configuration (/var/lib/containers/storage on
#    a machine that used podman before) made every container's exit wait 20 s.
# 3. Nothing can be pulled, so the base images Folio's Dockerfile names are made
#    here when missing and tagged with the official names, so the Dockerfile
#    builds unchanged with `--pull=never`:
#    - docker.io/library/debian:bookworm-slim: `debootstrap --variant=minbase`,
#      trimmed as Debian's official slim image is (no docs but copyright files, no
#      man or info pages, no locales but C, no apt lists or cached packages, and the
#      same dpkg excludes so later installs stay slim);
#    - docker.io/library/node:20-bookworm-slim: that base with this machine's Node
#      (/usr/bin/node) and npm laid out as the official image has them
#      (/usr/local/bin/node, /usr/local/lib/node_modules/npm, npm and npx links,
#      a `node` user and group with id 1000, docker-entrypoint.sh, CMD ["node"]).
# FOLIO_DEBIAN_MIRROR: where debootstrap fetches Debian (deb.debian.org);
# FOLIO_BASE_IMAGE, FOLIO_NODE_IMAGE: other names for the two (bench/image.ts makes
# them afresh under names of its own to time them).
set -euo pipefail
DIR=${FOLIO_CONTAINERS_DIR:-/var/lib/folio-containers}
MIRROR=${FOLIO_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE_IMAGE=${FOLIO_BASE_IMAGE:-docker.io/library/debian:bookworm-slim}
NODE_IMAGE=${FOLIO_NODE_IMAGE:-docker.io/library/node:20-bookworm-slim}
PODMAN=/usr/bin/podman
PACKAGES="podman buildah skopeo catatonit debootstrap runc podman-compose"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

STEP_PREFIX=ci-containers
# shellcheck source=lib/timed-steps.sh
source "$(dirname "$(readlink -f "$0")")/lib/timed-steps.sh"

# 1. The tools.
missing=""
for command in podman buildah skopeo catatonit debootstrap runc podman-compose; do
  if ! command -v "$command" > /dev/null 2>&1 && [ ! -x "/usr/sbin/$command" ]; then
    missing="$missing $command"
  fi
done
if [ -n "$missing" ]; then
  say "installing $PACKAGES (missing:$missing)"
  {
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $PACKAGES
  } >&2
  step_done "installed $PACKAGES"
else
  step_done "podman, buildah, skopeo, catatonit, debootstrap, runc and podman-compose are installed"
fi

# 2. The configuration.
$SUDO mkdir -p "$DIR"
write_if_changed() {
  local file=$1 text=$2
  if [ ! -f "$file" ] || [ "$(cat "$file")" != "$text" ]; then
    printf '%s\n' "$text" | $SUDO tee "$file" > /dev/null
  fi
}
write_if_changed "$DIR/containers.conf" '# Written by scripts/ci-containers.sh: what works on these machines (../shared/CONTAINERS-NOTES.md).
[containers]
# Without explicit limits runc fails with "error setting rlimit" (the hard open-files limit here is 20000).
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]

[engine]
# crun fails on hybrid cgroups ("cgroups in hybrid mode not supported").
runtime = "runc"
# No systemd here: cgroupfs, and events in a file.
cgroup_manager = "cgroupfs"
events_logger = "file"
# State beside the storage of its own (storage.conf).
tmp_dir = "/run/folio-containers/libpod"'
write_if_changed "$DIR/storage.conf" "# Written by scripts/ci-containers.sh: the vfs driver (no fuse-overlayfs needed; every
# layer is a full copy), in a storage of its own: podman records its settings in the storage
# it makes, and a container whose cleanup found other ones there waited 20 s at every exit
# (\"Exceeded conmon timeout\").
[storage]
driver = \"vfs\"
runroot = \"/run/folio-containers/storage\"
graphroot = \"$DIR/storage\""
export CONTAINERS_CONF="$DIR/containers.conf"
export CONTAINERS_STORAGE_CONF="$DIR/storage.conf"
driver=$($SUDO env CONTAINERS_CONF="$CONTAINERS_CONF" CONTAINERS_STORAGE_CONF="$CONTAINERS_STORAGE_CONF" "$PODMAN" info --format '{{.Store.GraphDriverName}} {{.Host.OCIRuntime.Name}}')
if [ "$driver" != "vfs runc" ]; then
  say "podman reports \"$driver\" (storage driver, runtime), not \"vfs runc\" (storage in $DIR/storage)"
  exit 1
fi
step_done "configuration in $DIR (vfs storage, runc, cgroupfs)"

podman_() { $SUDO env CONTAINERS_CONF="$CONTAINERS_CONF" CONTAINERS_STORAGE_CONF="$CONTAINERS_STORAGE_CONF" "$PODMAN" "$@"; }

# A storage over its budget is emptied (podman system reset) and made again below. vfs copies
# every layer in full: layers kept by builds, and the ones a build that failed for want of
# space leaves behind with no image (podman 4.3 has no command that finds those), once
# filled 48 GB of this machine. scripts/ci-image.sh keeps it small; this is the backstop.
BUDGET_MB=${FOLIO_CONTAINERS_BUDGET_MB:-12000}
used_mb=$($SUDO du -sxm "$DIR/storage" 2> /dev/null | cut -f1)
if [ "${used_mb:-0}" -gt "$BUDGET_MB" ]; then
  say "the storage holds $used_mb MB, over its budget of $BUDGET_MB MB (FOLIO_CONTAINERS_BUDGET_MB): emptying it"
  podman_ system reset --force > /dev/null 2>&1
  step_done "emptied the storage"
fi

# 3a. The Debian base, made with debootstrap.
if podman_ image exists "$BASE_IMAGE"; then
  step_done "$BASE_IMAGE is there ($(podman_ image inspect --format '{{.Size}}' "$BASE_IMAGE") bytes)"
else
  root=$($SUDO mktemp -d /var/tmp/folio-debootstrap.XXXXXX)
  trap '$SUDO rm -rf "$root"' EXIT
  say "debootstrap --variant=minbase bookworm from $MIRROR (about a minute)…"
  $SUDO debootstrap --variant=minbase bookworm "$root/rootfs" "$MIRROR" > "$root/debootstrap.log" 2>&1 || {
    tail -n 30 "$root/debootstrap.log" >&2
    exit 1
  }
  before=$($SUDO du -sb "$root/rootfs" | cut -f1)
  step_done "debootstrap made a $(( before / 1000000 )) MB root"
  # What Debian's official slim image leaves out (debuerreotype's slimify), and the
  # dpkg configuration that keeps later installs without them.
  $SUDO tee "$root/rootfs/etc/dpkg/dpkg.cfg.d/docker" > /dev/null <<'DPKG'
# As in Debian's official slim images: no documentation but copyright files, no man or info pages, no translations.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
DPKG
  $SUDO tee "$root/rootfs/etc/apt/apt.conf.d/docker-clean" > /dev/null <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
  $SUDO tee "$root/rootfs/etc/apt/apt.conf.d/docker-no-languages" > /dev/null <<'APT'
Acquire::Languages "none";
APT
  # The official image's sources: the release, its updates and security.
  $SUDO rm -f "$root/rootfs/etc/apt/sources.list"
  $SUDO tee "$root/rootfs/etc/apt/sources.list.d/debian.sources" > /dev/null <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  $SUDO chroot "$root/rootfs" /bin/sh -c '
    set -e
    find /usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete
    find /usr/share/doc -mindepth 1 -type d -empty -delete
    rm -rf /usr/share/man/* /usr/share/groff/* /usr/share/info/* /usr/share/lintian/* /usr/share/linda/*
    find /usr/share/locale -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
    rm -rf /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/* /var/cache/apt/*.bin
    rm -rf /var/lib/apt/lists/*
    rm -f /var/cache/debconf/*-old /var/lib/dpkg/*-old /var/log/bootstrap.log
    find /var/log -type f -exec truncate -s 0 {} +
    rm -rf /tmp/* /var/tmp/*
    : > /etc/machine-id
  '
  after=$($SUDO du -sb "$root/rootfs" | cut -f1)
  step_done "trimmed the root to $(( after / 1000000 )) MB (from $(( before / 1000000 )) MB)"
  $SUDO tar --numeric-owner --xattrs -C "$root/rootfs" -c . |
    podman_ import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' \
      --message 'Debian bookworm minbase (debootstrap), trimmed like the official slim image, by scripts/ci-containers.sh' \
      - "$BASE_IMAGE" > /dev/null
  $SUDO rm -rf "$root"
  trap - EXIT
  step_done "imported $BASE_IMAGE ($(podman_ image inspect --format '{{.Size}}' "$BASE_IMAGE") bytes)"
fi

# 3b. Node on that base, laid out as the official image has it.
if podman_ image exists "$NODE_IMAGE"; then
  step_done "$NODE_IMAGE is there ($(podman_ image inspect --format '{{.Size}}' "$NODE_IMAGE") bytes)"
else
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  node_version=$("$node_bin" --version)
  case "$node_version" in v20.*) ;; *) say "this machine's Node is $node_version, not 20: cannot stand in for $NODE_IMAGE"; exit 1 ;; esac
  context=$($SUDO mktemp -d /var/tmp/folio-node-image.XXXXXX)
  trap '$SUDO rm -rf "$context"' EXIT
  $SUDO cp "$node_bin" "$context/node"
  $SUDO cp -a "$npm_dir" "$context/npm"
  # The official image's entrypoint: a first argument that is an option or not a command goes to node.
  $SUDO tee "$context/docker-entrypoint.sh" > /dev/null <<'ENTRYPOINT'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
ENTRYPOINT
  $SUDO chmod 755 "$context/docker-entrypoint.sh"
  $SUDO tee "$context/Containerfile" > /dev/null <<CONTAINERFILE
FROM $BASE_IMAGE
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=${node_version#v}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && node --version && npm --version
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
CONTAINERFILE
  podman_ build --pull=never --quiet --squash -t "$NODE_IMAGE" -f "$context/Containerfile" "$context" > /dev/null
  $SUDO rm -rf "$context"
  trap - EXIT
  step_done "built $NODE_IMAGE with Node $node_version and npm $("$node_bin" "$npm_dir/bin/npm-cli.js" --version) ($(podman_ image inspect --format '{{.Size}}' "$NODE_IMAGE") bytes)"
fi

say "ready in $(( $(now_ms) - started )) ms"
echo "export CONTAINERS_CONF=$CONTAINERS_CONF"
echo "export CONTAINERS_STORAGE_CONF=$CONTAINERS_STORAGE_CONF"
echo "export FOLIO_PODMAN=$PODMAN"
echo "export FOLIO_PODMAN_COMPOSE=/usr/bin/podman-compose"
