#!/usr/bin/env bash
# The stand-in's entrypoint (deploy/images/postgres/Dockerfile): the official
# image's contract, in brief. As root it prepares PGDATA and starts itself
# again as postgres; as postgres it makes the cluster on an empty volume,
# then execs the server.
set -Eeuo pipefail

# file_env VAR [default]: VAR from the environment, or from the file VAR_FILE names.
file_env() {
  local var=$1 file_var="${1}_FILE" default=${2:-}
  if [ -n "${!var:-}" ] && [ -n "${!file_var:-}" ]; then
    echo "postgres: both $var and $file_var are set; set one" >&2
    exit 1
  fi
  local value=$default
  if [ -n "${!var:-}" ]; then
    value=${!var}
  elif [ -n "${!file_var:-}" ]; then
    if [ ! -r "${!file_var}" ]; then
      echo "postgres: $file_var names ${!file_var}, which cannot be read" >&2
      exit 1
    fi
    value=$(< "${!file_var}")
  fi
  export "$var"="$value"
  unset "$file_var"
}

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ]; then
  file_env POSTGRES_PASSWORD
  file_env POSTGRES_USER postgres
  file_env POSTGRES_DB "$POSTGRES_USER"
  file_env POSTGRES_INITDB_ARGS
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA"
    chown postgres:postgres "$PGDATA"
    chmod 0700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
  fi
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
    if [ -z "$POSTGRES_PASSWORD" ] && [ "$auth" != trust ]; then
      echo 'postgres: the database is not initialized and no superuser password is set: set POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE' >&2
      exit 1
    fi
    pwfile=$(mktemp)
    printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
    # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of arguments
    initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
      -D "$PGDATA" $POSTGRES_INITDB_ARGS
    rm -f "$pwfile"
    printf '\nhost all all all %s\n' "$auth" >> "$PGDATA/pg_hba.conf"
    printf "\nlisten_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
      pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start
      psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --dbname postgres \
        --set db="$POSTGRES_DB" <<< 'CREATE DATABASE :"db";'
      pg_ctl -D "$PGDATA" -m fast -w stop
    fi
    echo 'postgres: init process complete; ready for start up.'
  fi
  unset POSTGRES_PASSWORD
  exec "$@"
fi

exec "$@"
