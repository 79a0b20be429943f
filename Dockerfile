# Folio's image (docs/operations.md#deploying): the site, /graphql and the
# embedded content service on one port, as `npm start` serves them.
#
#   podman build --format docker -t folio .      (docker build -t folio .)
#   podman run --read-only --tmpfs /tmp -v folio-data:/data -p 4000:4000 folio
#
# Built in two stages: `build` installs every package, builds the client and the
# server renderer and prunes what only the build needs; the image itself is
# Debian's slim base with Node's binary, that result and nothing else (no npm,
# no compiler, no package manager's cache). It runs as uid 10001, needs nothing
# writable but /data (PGlite, the image cache) and /tmp (tsx's compile cache),
# and stops with Folio's drain inside the default 10 s stop timeout.
#
# NODE_IMAGE and BASE_IMAGE name the official images; CI, which reaches no
# registry, makes stand-ins under the same names (scripts/ci-containers.sh) and
# builds with --pull=never.
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim
ARG BASE_IMAGE=docker.io/library/debian:bookworm-slim

FROM ${NODE_IMAGE} AS build
# Only for a build behind a TLS-intercepting proxy: a CA file for npm (CI mounts
# its machine's bundle with --volume and names it here). Unset, nothing changes.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# The packages first: this layer is reused until package.json or the lock file changes.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The client and the server renderer (dist/), then the packages the server runs
# with and nothing more: dev dependencies pruned, then what scripts/image-trim.sh
# says (the Lingui macro's Babel and TypeScript, GraphiQL, the fonts, source maps,
# type declarations and READMEs inside node_modules: 212 -> 105 MB).
RUN npm run build \
 && npm prune --omit=dev \
 && sh scripts/image-trim.sh

FROM ${BASE_IMAGE}
# catatonit as PID 1 (docs/operations.md#running-the-image): it hands SIGTERM and
# SIGINT to Node at any moment, also before Folio has installed its handlers
# (PID 1 ignores a signal it has no handler for), reaps any orphan, and exits
# with Node's status.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends catatonit \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
 && groupadd --gid 10001 folio \
 && useradd --uid 10001 --gid folio --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin folio \
 && mkdir -p /data \
 && chown folio:folio /data \
 && chmod 0700 /data
COPY --from=build /usr/local/bin/node /usr/local/bin/node
WORKDIR /app
# The code belongs to root and is only read: the server's user writes nothing here.
COPY --from=build /app/package.json /app/tsconfig.json /app/schema.graphql ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/__generated__ ./__generated__
COPY --from=build /app/settings ./settings
COPY --from=build /app/shared ./shared
COPY --from=build /app/api ./api
COPY --from=build /app/server ./server
COPY --from=build /app/public ./public
COPY --from=build /app/content ./content
# Production, on every address, data in /data/folio (Folio makes that folder itself
# and keeps it private, 0700: the volume's own root may belong to someone else, as a
# Kubernetes emptyDir does); the grace period shortened so that
# the drain (2 s lame duck + 5 s grace + closing) ends inside Docker's and
# Podman's default 10 s stop timeout. Raise both together.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    FOLIO_DATA_DIR=/data/folio \
    FOLIO_SHUTDOWN_GRACE_MS=5000
USER 10001:10001
VOLUME ["/data"]
EXPOSE 4000
STOPSIGNAL SIGTERM
# /readyz (database, data folder, client build, not draining); no curl in the image: Node's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 4000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/catatonit", "--"]
CMD ["node", "--import", "tsx", "server/start.ts"]
