#!/usr/bin/env bash
# Maintenance scripts under a real systemd (issue 16): boots a fresh offline
# Debian 12 with systemd as PID 1 (../shared/tools/systemd-sandbox.sh) and
# runs there the exact transient units the runner builds
# (scripts/scripts-systemd-cases.ts): the shipped restart_service restarting
# a harmless unit from its allow-list, the shipped disk_health, and a probe
# that shows ProtectSystem=strict (even root cannot write /etc; only the
# manifest's write paths are writable) and PrivateNetwork. Needs root.
# Last line: "N passed, N failed".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
sandbox=$root/../shared/tools/systemd-sandbox.sh
[ -f "$sandbox" ] || { echo "$sandbox not found"; echo "0 passed, 1 failed"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "needs root (systemd-nspawn)"; echo "0 passed, 1 failed"; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/scripts"
cp -a deploy/scripts/restart_service deploy/scripts/disk_health "$stage/scripts/"
# the plant's allow-list: one harmless unit
sed -i 's/enum: \[vision-inspection, label-printer, airgap-agent-llm\]/enum: [harmless-test]/' "$stage/scripts/restart_service/manifest.yaml"
sed -i '/^phrasings:/,$d' "$stage/scripts/restart_service/manifest.yaml"
mkdir -p "$stage/scripts/write_probe"
cat > "$stage/scripts/write_probe/manifest.yaml" <<'YAML'
name: write_probe
version: 1.0.0
description: { en: tries to write where it may and may not, zh: 写入探测 }
command: ['./run']
timeout_s: 20
touches: { write: ['{reports.dir}'] }
YAML
cat > "$stage/scripts/write_probe/run" <<'SH'
#!/bin/sh
if touch /etc/airgap-probe 2>/dev/null; then echo "etc: written"; else echo "etc: denied"; fi
if touch "$AIRGAP_REPORTS_DIR/probe-ok" 2>/dev/null; then echo "reports: written"; else echo "reports: denied"; fi
if touch /var/lib/airgap-agent/agent.db 2>/dev/null; then echo "state: written"; else echo "state: denied"; fi
if [ -e /sys/class/net/eth0 ] || [ -e /sys/class/net/host0 ]; then echo "network: visible"; else echo "network: private"; fi
echo "user: $(id -un)"
echo "inherited: ${SECRET_FROM_HOST:-none}"
SH
chmod +x "$stage/scripts/write_probe/run"
node --import tsx scripts/scripts-systemd-cases.ts "$stage" > "$stage/cases.sh"
cat > "$stage/guest.sh" <<'GUEST'
set -u
pass=0; fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
. /root/src/cases.sh
mkdir -p /var/lib/airgap-agent/reports /var/log/airgap-agent
printf '[Unit]\nDescription=harmless test unit\n[Service]\nExecStart=/bin/sleep infinity\n' > /etc/systemd/system/harmless-test.service
systemctl daemon-reload && systemctl start harmless-test
before=$(systemctl show -p MainPID --value harmless-test)
export SECRET_FROM_HOST=leaked
out=$(run_restart 2>&1); rc=$?
echo "$out"
after=$(systemctl show -p MainPID --value harmless-test)
check "restart_service exits 0 in its transient unit" '[ "$rc" = 0 ]'
check "restart_service reports the unit active" 'echo "$out" | grep -q "harmless-test.service is active"'
check "the unit really restarted (new main PID)" '[ -n "$before" ] && [ "$before" != "$after" ] && [ "$after" != 0 ]'
out=$(run_disk 2>&1); rc=$?
echo "$out"
check "disk_health exits 0 under ProtectSystem=strict" '[ "$rc" = 0 ]'
check "disk_health checks the data disk" 'echo "$out" | grep -q "OK   data disk: /var/lib/airgap-agent"'
out=$(run_probe 2>&1); rc=$?
echo "$out"
check "the probe ran" '[ "$rc" = 0 ]'
check "even root cannot write /etc" 'echo "$out" | grep -q "etc: denied" && [ ! -e /etc/airgap-probe ]'
check "the declared write path is writable" 'echo "$out" | grep -q "reports: written" && [ -f /var/lib/airgap-agent/reports/probe-ok ]'
check "state outside touches.write is read-only" 'echo "$out" | grep -q "state: denied"'
check "no network inside" 'echo "$out" | grep -q "network: private"'
check "nothing inherited from the caller" 'echo "$out" | grep -q "inherited: none"'
check "transient units are collected" '! systemctl list-units --all --no-legend "airgap-script-*" | grep -q .'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
GUEST
out=${SCRIPTS_SYSTEMD_OUT:-$root/test-artifacts/scripts-systemd}
mkdir -p "$out"
bash "$sandbox" -o "$out" "$stage" 'bash /root/src/guest.sh'
