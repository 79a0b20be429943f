#!/usr/bin/env bash
# Makes Debian's Prometheus (2.42, with promtool) available for the tests of
# deploy/prometheus/ (the alert rules and their unit tests, the example scrape
# configuration) and for the tests that scrape a real Folio, and prints
#   export FOLIO_PROMETHEUS=/usr/bin/prometheus
#   export FOLIO_PROMTOOL=/usr/bin/promtool
POSTGRES_EXPORTER=/usr/bin/prometheus-postgres-exporter
VARNISH_EXPORTER=/usr/bin/prometheus-varnish-exporter
SERVICES="prometheus prometheus-postgres-exporter prometheus-varnish-exporter"
#   export FOLIO_POSTGRES_EXPORTER=/usr/bin/prometheus-postgres-exporter
#   export FOLIO_VARNISH_EXPORTER=/usr/bin/prometheus-varnish-exporter
# so that CI can `eval "$(bash scripts/ci-prometheus.sh)"`. Everything else goes to stderr.
# It starts nothing: each test starts its own prometheus (harness/prometheusProcess.ts)
# in a temporary folder, on a free port of 127.0.0.1.
# Installs `prometheus` and the PostgreSQL and Varnish exporters the dashboard
# reads beside Folio (deploy/grafana/) with apt (no recommends: not the node
# exporter) when a command is missing, with sudo unless it runs as root.
set -euo pipefail
PROMETHEUS=/usr/bin/prometheus
PROMTOOL=/usr/bin/promtool
POSTGRES_EXPORTER=/usr/bin/prometheus-postgres-exporter
VARNISH_EXPORTER=/usr/bin/prometheus-varnish-exporter
SERVICES="prometheus prometheus-postgres-exporter prometheus-varnish-exporter"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ! -x "$PROMETHEUS" ] || [ ! -x "$PROMTOOL" ] || [ ! -x "$POSTGRES_EXPORTER" ] || [ ! -x "$VARNISH_EXPORTER" ]; then
  # Debian's postinst starts the service it installs unless policy-rc.d says no (exit 101):
  # nothing here may leave a Prometheus running, so one that says no is put in place for
  # the install when the machine has none (a container image usually has).
  POLICY=/usr/sbin/policy-rc.d
  placed_policy=""
  if [ ! -e "$POLICY" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" > /dev/null
    $SUDO chmod 755 "$POLICY"
    placed_policy=yes
  fi
  remove_policy() { if [ -n "$placed_policy" ]; then $SUDO rm -f "$POLICY"; fi; }
  trap remove_policy EXIT
  {
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $SERVICES
  } >&2
  remove_policy
  trap - EXIT
fi
# The package enables its service for the next boot (and a systemd that ignores
# policy-rc.d may have started it): stop it and keep it off. Tests start their own.
for service in $SERVICES; do
  if command -v systemctl > /dev/null 2>&1; then
    if [ -d /run/systemd/system ]; then $SUDO systemctl stop "$service.service" >&2 2>/dev/null || true; fi
    $SUDO systemctl disable "$service.service" >&2 2>/dev/null || true
  fi
  if [ -x "/etc/init.d/$service" ] && [ ! -d /run/systemd/system ]; then
    $SUDO "/etc/init.d/$service" stop >&2 2>/dev/null || true
  fi
done
for command in "$PROMETHEUS" "$PROMTOOL" "$POSTGRES_EXPORTER" "$VARNISH_EXPORTER"; do
  if [ ! -x "$command" ]; then
    echo "ci-prometheus: $command is missing after installing $SERVICES" >&2
    exit 1
  fi
done
"$PROMETHEUS" --version 2>&1 | head -n 1 >&2
echo "export FOLIO_PROMETHEUS=$PROMETHEUS"
echo "export FOLIO_PROMTOOL=$PROMTOOL"
echo "export FOLIO_POSTGRES_EXPORTER=$POSTGRES_EXPORTER"
echo "export FOLIO_VARNISH_EXPORTER=$VARNISH_EXPORTER"
