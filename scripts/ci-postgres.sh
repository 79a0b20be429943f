#!/usr/bin/env bash
# Starts Debian's PostgreSQL 15 on 127.0.0.1 for the tests and prints
#   export TEST_DATABASE_URL=postgres://…
# so that CI can `eval "$(bash scripts/ci-postgres.sh)"`. Everything else goes to stderr.
# Idempotent: a server it started earlier is stopped and started afresh.
# FOLIO_PG_PORT, FOLIO_PG_DIR: where (several can run side by side);
# FOLIO_PG_FSYNC=on: durable writes, as a deployment runs (the benchmarks);
# off by default, which only tests may do.
set -euo pipefail
BIN=/usr/lib/postgresql/15/bin
DIR=${FOLIO_PG_DIR:-/tmp/folio-postgres}
PORT=${FOLIO_PG_PORT:-55432}
FSYNC=${FOLIO_PG_FSYNC:-off}
case "$FSYNC" in on|off) ;; *) echo "FOLIO_PG_FSYNC must be on or off" >&2; exit 2 ;; esac

if [ ! -x "$BIN/initdb" ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15; } >&2
fi
# initdb refuses to run as root: the cluster belongs to the postgres user.
as_postgres() { runuser -u postgres -- "$@"; }

if [ -f "$DIR/PG_VERSION" ]; then as_postgres "$BIN/pg_ctl" -D "$DIR" stop -m fast >&2 2>/dev/null || true; fi
rm -rf "$DIR"
mkdir -p "$DIR"
chown postgres:postgres "$DIR"
as_postgres "$BIN/initdb" -D "$DIR" -A trust -U postgres --no-sync >&2
as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=$FSYNC" start >&2
as_postgres "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres folio_test >&2
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/folio_test"
