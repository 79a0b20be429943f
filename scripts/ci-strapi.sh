#!/usr/bin/env bash
# Starts the repo's Strapi (npm run cms:strapi: installs cms/strapi if needed,
# imports content/ on first run) in the background for the tests, and prints
#   export FOLIO_TEST_STRAPI='FOLIO_CONTENT_SOURCE=strapi FOLIO_STRAPI_URL=… …'
#   export FOLIO_TEST_STRAPI_PID=…
#   export FOLIO_TEST_STRAPI_WEBHOOK_PORT=…
# so that CI can `eval "$(bash scripts/ci-strapi.sh)"` and later
# `kill $FOLIO_TEST_STRAPI_PID` (the start script stops Strapi on SIGTERM).
# Strapi's own log goes to ${FOLIO_STRAPI_LOG:-/tmp/folio-ci-strapi.log}. Its webhook calls
# Folio's /hooks/content on FOLIO_TEST_STRAPI_WEBHOOK_PORT (4097), where the
# end-to-end freshness test serves Folio.
set -euo pipefail
cd "$(dirname "$0")/.."
LOG=${FOLIO_STRAPI_LOG:-/tmp/folio-ci-strapi.log}
VARS=$(mktemp)
WEBHOOK_PORT=${FOLIO_TEST_STRAPI_WEBHOOK_PORT:-4097}
FOLIO_WEBHOOK_URL="http://127.0.0.1:$WEBHOOK_PORT/hooks/content" setsid node cms/strapi/scripts/start.mjs > "$VARS" 2> "$LOG" < /dev/null &
pid=$!
# First run: install (266 s on a fresh clone), admin build (89 s) and import (24 s); later runs: 2-15 s.
for _ in $(seq 1 600); do
  if [ -s "$VARS" ]; then
    echo "export FOLIO_TEST_STRAPI='$(head -n 1 "$VARS")'"
    echo "export FOLIO_TEST_STRAPI_PID=$pid"
    echo "export FOLIO_TEST_STRAPI_WEBHOOK_PORT=$WEBHOOK_PORT"
    exit 0
  fi
  if ! kill -0 "$pid" 2> /dev/null; then
    echo "ci: Strapi did not start:" >&2
    tail -n 40 "$LOG" >&2
    exit 1
  fi
  sleep 1
done
echo "ci: Strapi printed no variables in 10 minutes:" >&2
tail -n 40 "$LOG" >&2
kill "$pid" 2> /dev/null || true
exit 1
