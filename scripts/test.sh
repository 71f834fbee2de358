#!/usr/bin/env bash
# Every test, from a fresh clone: installs what it needs, then runs
#   1. the lint (ESLint with the project's rules + Prettier's check),
#   2. the type check, 3. unit + integration tests (node --test),
#   4. the regression suite (agent-test testcases/),
#   5. the bundle and the installer on a real systemd host,
#      and the maintenance scripts in transient systemd units.
# Usage: scripts/test.sh [--quick]   (--quick skips stage 5)
# No stage drops out silently: one that cannot run fails and says why.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/setup.sh
quick=0
[ "${1:-}" = "--quick" ] && quick=1

ensure_node_modules
apt_install chromium fonts-noto-cjk || log "chromium could not be installed: the browser tests will fail (set AIRGAP_SKIP_BROWSER=1 to skip them explicitly)"

status=0
run_stage() {
  local name=$1; shift
  log "$name"
  if "$@"; then log "$name: ok"; else log "$name: FAILED"; status=1; fi
}

# a stage whose files are missing fails (bash names the missing file); none is skipped
regression_suite() {
  ls testcases/*.yaml >/dev/null 2>&1 || { log "cannot run: no testcases/*.yaml"; return 1; }
  ./bin/agent-test testcases/
}

run_stage "lint" npm run --silent lint
run_stage "type check" npx tsc -p .
run_stage "type check of the page scripts (DOM only, no Node types)" npx tsc -p tsconfig.page.json
run_stage "unit and integration tests" node scripts/run-tests.mjs
run_stage "regression suite" regression_suite
if [ $quick = 0 ]; then
  run_stage "bundle and install on a systemd host" bash scripts/install-test.sh
  run_stage "maintenance scripts in transient systemd units" bash scripts/scripts-systemd-test.sh
fi
if [ $status = 0 ]; then log "all test stages passed"; else log "some test stages FAILED"; fi
exit $status
