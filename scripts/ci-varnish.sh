#!/usr/bin/env bash
# Makes Debian's Varnish 7 with the xkey vmod available for the CDN tests and
# the freshness benchmark, and prints
#   export VARNISHD=/usr/sbin/varnishd
# so that CI can `eval "$(bash scripts/ci-varnish.sh)"`. Everything else goes to stderr.
# It starts nothing: each test starts its own varnishd (-n in a temporary
# folder, on a free port) with cdn/varnish/folio.vcl in front of its own Folio.
# Installs `varnish` and `varnish-modules` with apt when varnishd or xkey is missing
# (the VCL compiles to C: gcc and libc6-dev come with them).
set -euo pipefail
VARNISHD=/usr/sbin/varnishd
VMOD_DIR=$(dpkg -L varnish 2>/dev/null | grep -m1 '/vmods$' || echo /usr/lib/x86_64-linux-gnu/varnish/vmods)

if [ ! -x "$VARNISHD" ] || [ ! -f "$VMOD_DIR/libvmod_xkey.so" ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq varnish varnish-modules; } >&2
  VMOD_DIR=$(dpkg -L varnish | grep -m1 '/vmods$')
fi
if [ ! -f "$VMOD_DIR/libvmod_xkey.so" ]; then
  echo "ci-varnish: the xkey vmod is not in $VMOD_DIR after installing varnish-modules" >&2
  exit 1
fi
# Debian's package starts varnishd through systemd; nothing here needs it running.
"$VARNISHD" -V >&2
echo "export VARNISHD=$VARNISHD"
