#!/bin/sh
# The Varnish image's entrypoint (deploy/images/varnish/Dockerfile): varnishd in
# the foreground with its state in VARNISH_WORKDIR, the arguments given (listen
# addresses, VCL, storage) passed on. Beside it:
#
# - unless VARNISH_EXPORTER_ADDRESS is empty, Debian's prometheus-varnish-exporter
#   on that address. It reads varnishstat's shared memory, which Varnish 7.1
#   lets only a process of the same PID namespace read: so it runs here, not in
#   a container of its own.
# - with VARNISH_WATCH_HOSTS (names, space-separated), a watch: varnishd
#   resolves a backend's host name once, when it loads the VCL, and a container
#   started again (compose) gets a new address. When every name resolves and
#   one resolves to another address than at the last load, the VCL is loaded
#   again (Debian's varnishreload, 2 s of warm-up so that the new backends'
#   probes have run before it is used; the old VCL serves meanwhile). Cached
#   objects are kept across a reload.
#
# Run the container with an init (compose: `init: true`) so that all are reaped.
set -eu
: "${VARNISH_WORKDIR:=/var/lib/varnish/folio}"

if [ -n "${VARNISH_EXPORTER_ADDRESS:-}" ]; then
  # Started once varnishd has made its statistics (its start-up check logs an error otherwise).
  (
    while [ ! -e "$VARNISH_WORKDIR/_.vsm_mgt" ]; do sleep 1; done
    sleep 2
    exec prometheus-varnish-exporter -n "$VARNISH_WORKDIR" -web.listen-address "$VARNISH_EXPORTER_ADDRESS" -raw
  ) &
fi

# Each watched name and its addresses, or nothing (status 1) if one does not resolve.
addresses() {
  line=
  for host in $VARNISH_WATCH_HOSTS; do
    found=$(getent hosts "$host" | awk '{print $1}' | sort | tr '\n' ' ')
    [ -n "$found" ] || return 1
    line="$line $host=$found"
  done
  echo "$line"
}

if [ -n "${VARNISH_WATCH_HOSTS:-}" ]; then
  (
    loaded=$(addresses || true)
    while sleep 1; do
      now=$(addresses) || continue
      [ "$now" = "$loaded" ] && continue
      echo "folio-varnish: backends now at$now (were at$loaded): loading the VCL again" >&2
      if /usr/share/varnish/varnishreload -n "$VARNISH_WORKDIR" -w 2 -m 2 >&2; then
        loaded=$now
      fi
    done
  ) &
fi

exec varnishd -F -n "$VARNISH_WORKDIR" "$@"
