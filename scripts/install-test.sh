#!/usr/bin/env bash
# The appliance on a real systemd host: builds two bundles (this version and
# a newer build of it), boots a fresh offline Debian 12 with systemd as PID 1
# (../shared/tools/systemd-sandbox.sh) and runs deploy/test/guest-test.sh
# there: install, service ready, ask, agent-test, restart, upgrade, rollback,
# log rotation, maintenance timer, bad inputs, uninstall, purge.
#   scripts/install-test.sh [--no-llm] [--rebuild]
#   env: INSTALL_TEST_OUT=DIR (artifacts; default test-artifacts/install-test)
# Reuses dist/ bundles newer than every source file unless --rebuild.
# Needs root (systemd-nspawn). Last line: "N passed, N failed".
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null || (cd "$(dirname "$0")/.." && pwd))
cd "$root"
llm_flag="" rebuild=0
for arg in "$@"; do
  case $arg in
    --no-llm) llm_flag=--no-llm ;;
    --rebuild) rebuild=1 ;;
    *) echo "usage: scripts/install-test.sh [--no-llm] [--rebuild]" >&2; exit 2 ;;
  esac
done
log() { printf '\033[1m== install-test: %s\033[0m\n' "$*" >&2; }
die() { log "ERROR: $*"; echo "0 passed, 1 failed"; exit 1; }

sandbox=$root/../shared/tools/systemd-sandbox.sh
[ -f "$sandbox" ] || die "$sandbox not found (the shared tools sit beside the repository: ../shared/tools)"
[ "$(id -u)" = 0 ] || die "the systemd sandbox needs root (systemd-nspawn): run as root"

version=$(node -p 'require("./package.json").version')
suffix=+upgrade.1
a_tar=dist/airgap-agent-$version-linux-x64.tar.gz
b_tar=dist/airgap-agent-$version$suffix-linux-x64.tar.gz

fresh() {
  # fresh TARBALL: exists and newer than every input of the bundle
  [ -f "$1" ] || return 1
  [ -z "$(find src mcp-servers skills testcases docs deploy vendor install.sh scripts/bundle.mjs scripts/bundle package-lock.json \
      -newer "$1" -type f 2>/dev/null | head -1)" ]
}
# the bundle records whether node-llama-cpp is in it; a --no-llm build is not fresh for a full test
has_llm() { tar tzf "$1" 2>/dev/null | grep -q '/vendor/node-llama-cpp/' ; }
want_bundle() {
  local tar=$1; shift
  if [ $rebuild = 0 ] && fresh "$tar" && { [ -n "$llm_flag" ] || has_llm "$tar"; }; then log "reusing $tar"; return 0; fi
  log "building $tar"
  env "$@" node scripts/bundle.mjs $llm_flag >/dev/null || die "npm run bundle failed"
}
t0=$SECONDS
want_bundle "$a_tar" BUNDLE_VERSION_SUFFIX=
want_bundle "$b_tar" BUNDLE_VERSION_SUFFIX=$suffix
log "bundles ready in $((SECONDS - t0))s: $(du -h "$a_tar" | cut -f1) each"

# --version cold start of the SEA on this host (mean of 20)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tar xzf "$a_tar" -C "$stage"
binary=$(ls -d "$stage"/airgap-agent-*/bin/airgap-agent)
"$binary" --version >/dev/null
start=$(date +%s%N)
for _ in $(seq 20); do "$binary" --version >/dev/null; done
cold_ms=$(( ($(date +%s%N) - start) / 20000000 ))
binary_mb=$(( $(stat -c %s "$binary") / 1048576 ))
tar_mb=$(( $(stat -c %s "$a_tar") / 1048576 ))
rm -rf "$stage"/airgap-agent-*

# the guest sees only this folder (copied to /root/src)
cp "$a_tar" "$b_tar" deploy/test/guest-test.sh "$stage/"
out=${INSTALL_TEST_OUT:-$root/test-artifacts/install-test}
rm -rf "$out"; mkdir -p "$out"
log "booting the systemd guest (artifacts: $out)"
set +e
bash "$sandbox" -o "$out" "$stage" "bash guest-test.sh $(basename "$a_tar") $(basename "$b_tar")" 2>&1 | tee "$out/host.log"
rc=${PIPESTATUS[0]}
set -e
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out/output.log" 2>/dev/null | tail -1 || true)
ready_ms=$(sed -n 's/^START_TO_READY_MS=//p' "$out/metrics.txt" 2>/dev/null | tail -1 || true)
guest_cold_ms=$(sed -n 's/^GUEST_COLD_START_MS=//p' "$out/metrics.txt" 2>/dev/null | tail -1 || true)
log "sizes: binary ${binary_mb} MB, tarball ${tar_mb} MB; --version cold start ${cold_ms} ms here${guest_cold_ms:+, ${guest_cold_ms} ms in the guest} (mean of 20)${ready_ms:+; systemctl start → ready ${ready_ms} ms}"
if [ -z "$summary" ]; then
  log "the guest did not finish (rc $rc): see $out/output.log, $out/journal.txt, $out/boot.log"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "$summary"
[ "$rc" = 0 ]
