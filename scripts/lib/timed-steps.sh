# Sourced by the CI scripts that build container images (scripts/ci-containers.sh,
# scripts/ci-deploy-images.sh): `say` writes a line to stderr under the script's
# name (STEP_PREFIX), and `step_done "what"` says what was just done and how long
# it took since the previous step (or the start), so CI's log shows where the
# minutes go. stdout stays free for the `export …` lines the scripts print.
say() { echo "$STEP_PREFIX: $*" >&2; }
now_ms() { date +%s%3N; }
started=$(now_ms)
step_started=$started
step_done() {
  local at
  at=$(now_ms)
  say "$1 ($((at - step_started)) ms)"
  step_started=$at
}
