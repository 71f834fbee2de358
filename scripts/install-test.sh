#!/usr/bin/env bash
# The appliance on a real systemd host: builds two bundles (this version and
# a newer build of it), boots a fresh offline Debian 12 with systemd as PID 1
# (../shared/tools/systemd-sandbox.sh) and runs deploy/test/guest-test.sh
# there: install, service ready, ask, agent-test, restart, upgrade, rollback,
# log rotation, maintenance timer, bad inputs, uninstall, purge, and a
# maintenance script asked in the chat by an operator, approved by an admin,
# restarting a harmless unit from the service through the generated polkit
# rule (the guest image carries polkitd and openssl: SANDBOX_PKGS). Both bundles
# carry the tiny random-weight test model (scripts/make-tiny-gguf.ts, written
# to a temp folder and passed with --models: never into vendor/models), so the
# embedded model service is installed and exercised too (--no-llm: neither);
# a second one (another seed and chat template) is staged beside the bundles
# for install.sh --model, a model the plant brings.
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
      -newer "$1" -type f ! -path 'deploy/test/*' 2>/dev/null | head -1)" ]
}
# a bundle of the other kind (with/without node-llama-cpp and the test model) is not fresh
llm_parts() { tar tzf "$1" 2>/dev/null | grep -cE '/vendor/node-llama-cpp/node_modules/node-llama-cpp/package.json$|/vendor/models/tiny-test\.gguf$' || true; }
t_all=$SECONDS
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
models_args=()
if [ -z "$llm_flag" ]; then
  mkdir -p "$stage/models"
  node --import tsx scripts/make-tiny-gguf.ts --out "$stage/models" >/dev/null || die "cannot write the tiny test model (scripts/make-tiny-gguf.ts)"
  models_args=(--models "$stage/models")
fi
want_bundle() {
  local tar=$1 want=2; shift
  [ -n "$llm_flag" ] && want=0
  if [ $rebuild = 0 ] && fresh "$tar" && [ "$(llm_parts "$tar")" = $want ]; then log "reusing $tar"; return 0; fi
  log "building $tar"
  env "$@" node scripts/bundle.mjs $llm_flag "${models_args[@]}" >/dev/null || die "npm run bundle failed"
}
t0=$SECONDS
want_bundle "$a_tar" BUNDLE_VERSION_SUFFIX=
want_bundle "$b_tar" BUNDLE_VERSION_SUFFIX=$suffix
log "bundles ready in $((SECONDS - t0))s: $(du -h "$a_tar" | cut -f1) each"

# --version cold start of the SEA on this host (mean of 20)
tar xzf "$a_tar" -C "$stage"
binary=$(ls -d "$stage"/airgap-agent-*/bin/airgap-agent)
"$binary" --version >/dev/null
start=$(date +%s%N)
for _ in $(seq 20); do "$binary" --version >/dev/null; done
cold_ms=$(( ($(date +%s%N) - start) / 20000000 ))
binary_mb=$(( $(stat -c %s "$binary") / 1048576 ))
tar_mb=$(( $(stat -c %s "$a_tar") / 1048576 ))
llm_mb=$(( $(du -sb "$(dirname "$binary")/../vendor/node-llama-cpp" 2>/dev/null | cut -f1 || echo 0) / 1048576 ))
rm -rf "$stage"/airgap-agent-* "$stage/models"

# the guest sees only this folder (copied to /root/src)
cp "$a_tar" "$b_tar" deploy/test/guest-test.sh "$stage/"
# a model the plant brings (install.sh --model): a second tiny GGUF, another seed, a Hermes-style chat template,
# the file alone (no manifest entry), beside the bundles
if [ -z "$llm_flag" ]; then
  node --import tsx scripts/make-tiny-gguf.ts --out "$stage" --name plant-model.gguf --seed 31 --template hermes --no-manifest >/dev/null ||
    die "cannot write the second tiny test model (scripts/make-tiny-gguf.ts --template hermes)"
fi
out=${INSTALL_TEST_OUT:-$root/test-artifacts/install-test}
rm -rf "$out"; mkdir -p "$out"
log "booting the systemd guest (artifacts: $out)"
set +e
# polkitd in the guest: the service's restarts go through it (the image is built once per package list, from the host's mirror)
# the guest's own time limit: about 16 min on a quiet 2-core host, 31 min at load 10; the sandbox's default
# (30 min) cut a run short on a busy host, so an hour (SANDBOX_RUN_TIMEOUT overrides)
env SANDBOX_PKGS="polkitd openssl${SANDBOX_PKGS:+ $SANDBOX_PKGS}" SANDBOX_RUN_TIMEOUT="${SANDBOX_RUN_TIMEOUT:-3600}" bash "$sandbox" -o "$out" "$stage" "bash guest-test.sh $(basename "$a_tar") $(basename "$b_tar")" 2>&1 | tee "$out/host.log"
rc=${PIPESTATUS[0]}
set -e
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out/output.log" 2>/dev/null | tail -1 || true)
metric() { sed -n "s/^$1=//p" "$out/metrics.txt" 2>/dev/null | tail -1 || true; }
ready_ms=$(metric START_TO_READY_MS) guest_cold_ms=$(metric GUEST_COLD_START_MS) install_ms=$(metric INSTALL_MS)
rss_mb=$(metric SERVICE_RSS_MB) llm_rss_mb=$(metric LLM_RSS_MB)
log "sizes: binary ${binary_mb} MB, tarball ${tar_mb} MB (node-llama-cpp unpacked: ${llm_mb} MB); --version cold start ${cold_ms} ms here${guest_cold_ms:+, ${guest_cold_ms} ms in the guest} (mean of 20)"
log "guest: install ${install_ms:-?} ms; systemctl start → ready ${ready_ms:-?} ms; RSS: service + MCP children ${rss_mb:-?} MB, embedded model service ${llm_rss_mb:-n/a} MB; install test total $((SECONDS - t_all)) s"
if [ -z "$summary" ]; then
  log "the guest did not finish (rc $rc): see $out/output.log, $out/journal.txt, $out/boot.log"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "$summary"
[ "$rc" = 0 ]
