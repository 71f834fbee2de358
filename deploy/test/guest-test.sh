#!/usr/bin/env bash
# Runs INSIDE the throw-away systemd guest (scripts/install-test.sh starts it
# through systemd-sandbox.sh): installs the appliance with install.sh and
# checks it as an admin would. No Node.js here: only the bundle's own runtime.
#   guest-test.sh BUNDLE_A.tar.gz BUNDLE_B.tar.gz   (B: a newer build of A)
# Prints PASS/FAIL/SKIP lines; the last line is "N passed, N failed".
# A SKIP always names the reason (a command still a placeholder).
set -uo pipefail
A_TAR=$(readlink -f "$1") B_TAR=$(readlink -f "$2")
WORK=/root/install-test
CONFIG=/etc/airgap-agent/config.yaml
DATA=/var/lib/airgap-agent
OUT=${GUEST_OUT:-/mnt/out}
passed=0 failed=0 skipped=0
declare -a SKIPS=() FAILS=()
export AIRGAP_READY_TIMEOUT=${AIRGAP_READY_TIMEOUT:-60}

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); FAILS+=("$1: $2"); echo "FAIL $1: $2"; }
skip() { skipped=$((skipped + 1)); SKIPS+=("$1: $2"); echo "SKIP $1: $2"; }
check() {
  # check NAME CMD...: PASS when CMD succeeds
  local name=$1; shift
  if "$@" >/tmp/check.out 2>&1; then pass "$name"; else fail "$name" "$(tail -5 /tmp/check.out | tr '\n' ' ')"; fi
}
section() { echo; echo "== $*"; }
as_agent() { runuser -u airgap-agent -- "$@"; }
agent() { as_agent airgap-agent --config "$CONFIG" "$@"; }
placeholder() { grep -q 'is not built yet' "$1"; }
ms() { date +%s%3N; }
fingerprint() {
  # what must survive restarts and upgrades: plant.db, config, users, audit
  { sha256sum "$CONFIG" "$DATA/plant.db" 2>/dev/null | awk '{print $1}'
    agent users list 2>/dev/null || true
    ls "$DATA/docs" 2>/dev/null | head -50; } | sha256sum | cut -c1-16
}
version_of() { sed -n 's/^VERSION=//p' "$1/bundle.env"; }

mkdir -p "$WORK" && cd "$WORK" || exit 1
tar xzf "$A_TAR" && tar xzf "$B_TAR" || { echo "cannot unpack the bundles"; echo "0 passed, 1 failed"; exit 1; }
A_DIR=$WORK/$(tar tzf "$A_TAR" | head -1 | cut -d/ -f1)
B_DIR=$WORK/$(tar tzf "$B_TAR" | head -1 | cut -d/ -f1)
A_VERSION=$(version_of "$A_DIR") B_VERSION=$(version_of "$B_DIR")
echo "bundle A: $A_VERSION, bundle B: $B_VERSION; guest: $(. /etc/os-release; echo "$PRETTY_NAME"), $(getconf GNU_LIBC_VERSION), node: $(command -v node || echo none)"

# ------------------------------------------------------------------ bad input first: nothing installed yet
section "corrupted bundle is refused before anything changes"
cp -a "$A_DIR" "$WORK/bad"
# flip the first hex digit of the binary's checksum
awk '$2 == "bin/airgap-agent" { c = substr($1, 1, 1); print (c == "0" ? "1" : "0") substr($1, 2) "  " $2; next } { print }' "$A_DIR/SHA256SUMS" > "$WORK/bad/SHA256SUMS"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'does not match SHA256SUMS' /tmp/bad.out && [ ! -e /opt/airgap-agent ] && ! getent passwd airgap-agent >/dev/null && [ ! -e /etc/airgap-agent ]; then
  pass "corrupted SHA256SUMS: refused (rc $rc), no user, no /opt, no /etc"
else fail "corrupted SHA256SUMS" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"; cp -a "$A_DIR" "$WORK/bad"
echo tampered >> "$WORK/bad/deploy/config.yaml"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'deploy/config.yaml' /tmp/bad.out && [ ! -e /opt/airgap-agent ]; then pass "altered file: refused and named (rc $rc)"; else fail "altered file" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"; cp -a "$A_DIR" "$WORK/bad"
sed -i '/  install.sh$/d' "$WORK/bad/SHA256SUMS"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'does not list install.sh' /tmp/bad.out; then pass "truncated SHA256SUMS: refused"; else fail "truncated SHA256SUMS" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"

# ------------------------------------------------------------------ first install
section "install $A_VERSION"
t0=$(ms)
"$A_DIR/install.sh" >/tmp/install-a.out 2>&1; rc=$?
t1=$(ms)
sed 's/^/  | /' /tmp/install-a.out
[ $rc -eq 0 ] && pass "install.sh $A_VERSION (rc 0, $((t1 - t0)) ms)" || fail "install.sh $A_VERSION" "rc $rc"
check "current → releases/$A_VERSION" test "$(readlink -f /opt/airgap-agent/current)" = "/opt/airgap-agent/releases/$A_VERSION"
check "airgap-agent on the PATH prints $A_VERSION" test "$(airgap-agent --version)" = "airgap-agent $A_VERSION"
t0=$(ms); for _ in $(seq 20); do airgap-agent --version >/dev/null; done; t1=$(ms)
echo "  --version cold start in the guest: $(( (t1 - t0) / 20 )) ms (mean of 20)"; echo "GUEST_COLD_START_MS=$(( (t1 - t0) / 20 ))" >> "$OUT/metrics.txt"
check "agent-test on the PATH reaches the binary" sh -c 'agent-test --help 2>&1 | grep -qiE "usage|\"test\" command"'
check "system user airgap-agent (nologin)" sh -c 'getent passwd airgap-agent | grep -q nologin'
check "config installed 0640 root:airgap-agent" test "$(stat -c '%a %U %G' "$CONFIG")" = "640 root airgap-agent"
check "config check passes" agent config check
check "data and log folders owned by the service user" test "$(stat -c %U "$DATA") $(stat -c %U /var/log/airgap-agent)" = "airgap-agent airgap-agent"
check "units enabled: service and maintenance timer" sh -c 'systemctl is-enabled airgap-agent.service && systemctl is-enabled airgap-agent-maintenance.timer'
check "maintenance timer scheduled" sh -c 'systemctl is-active airgap-agent-maintenance.timer && systemctl list-timers --all --no-pager | grep -q airgap-agent-maintenance'
if [ "$(sed -n 's/^MODELS=//p' "$A_DIR/bundle.env")" = 0 ]; then
  check "no model shipped → no embedded model unit" test ! -e /etc/systemd/system/airgap-agent-llm.service
else
  check "model shipped → embedded model unit enabled" systemctl is-enabled airgap-agent-llm.service
  sleep 2
  if journalctl -u airgap-agent-llm --no-pager | grep -q 'is not built yet'; then skip "embedded model service active" "the llm command is a placeholder in this build"
  else check "embedded model service active" systemctl is-active airgap-agent-llm.service; fi
fi
check "hardened unit (user, NoNewPrivileges, ProtectSystem=strict, PrivateTmp, PrivateDevices, address families)" sh -c '
  systemctl show airgap-agent -p User -p NoNewPrivileges -p ProtectSystem -p ProtectHome -p PrivateTmp -p PrivateDevices -p RestrictAddressFamilies -p ReadWritePaths > /tmp/unit.props
  grep -qx User=airgap-agent /tmp/unit.props && grep -qx NoNewPrivileges=yes /tmp/unit.props && grep -qx ProtectSystem=strict /tmp/unit.props &&
  grep -qx ProtectHome=yes /tmp/unit.props && grep -qx PrivateTmp=yes /tmp/unit.props && grep -qx PrivateDevices=yes /tmp/unit.props &&
  grep -q "^RestrictAddressFamilies=.*AF_UNIX" /tmp/unit.props && grep -q "/var/lib/airgap-agent" /tmp/unit.props'
echo "  systemd-analyze security: $(systemd-analyze security airgap-agent.service --no-pager 2>/dev/null | tail -1)"

# plant.db (seed)
if grep -q '"seed" command is not built' /tmp/install-a.out; then
  skip "plant.db seeded on first install" "the seed command is a placeholder in this build"
else
  check "plant.db seeded on first install, owned by the service user" test "$(stat -c %U "$DATA/plant.db" 2>/dev/null)" = airgap-agent
  check "plant documents in $DATA/docs" sh -c "[ -n \"\$(ls -A $DATA/docs)\" ]"
fi
check "agent.db created and migrated by install" test -s "$DATA/agent.db"

# doctor: a real check either way
agent doctor >/tmp/doctor.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/doctor.out
if [ -e "$DATA/plant.db" ]; then
  if [ $rc -eq 0 ] || ! grep -q '^FAIL' /tmp/doctor.out; then pass "doctor: healthy"; else
    # the only acceptable failure: the service's own model endpoint when none ships
    fail "doctor" "$(grep '^FAIL' /tmp/doctor.out | tr '\n' ' ')"; fi
else
  if [ $rc -eq 1 ] && grep -q '^FAIL plant.db' /tmp/doctor.out && grep -q 'seed' /tmp/doctor.out; then pass "doctor: names the missing plant.db and the fix"; else fail "doctor without plant.db" "rc $rc"; fi
fi

# the SEA spawning itself as a stdio MCP server (the protocol, from bash)
mcp_probe() {
  local server=$1
  printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"guest-test","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}' |
    (cat; sleep 2) | timeout 15 runuser -u airgap-agent -- airgap-agent --config "$CONFIG" mcp "$server" >/tmp/mcp.out 2>/tmp/mcp.err
}
for server in holidays query docs; do
  mcp_probe "$server"
  if grep -q '"id":2' /tmp/mcp.out && grep -q '"tools"' /tmp/mcp.out; then
    pass "mcp $server: the binary serves MCP over stdio ($(grep -o '"name":"[a-z_]*"' /tmp/mcp.out | head -3 | tr '\n' ' '))"
  elif placeholder /tmp/mcp.err; then skip "mcp $server over stdio" "the $server MCP server is a placeholder in this build"
  else fail "mcp $server over stdio" "$(head -c 300 /tmp/mcp.err)"; fi
done

# ------------------------------------------------------------------ service ready
section "service"
SERVE_BUILT=1
if grep -q 'NOT READY: the "serve" command is not built' /tmp/install-a.out; then
  SERVE_BUILT=0
  skip "service active and /readyz" "the serve command is a placeholder in this build (install.sh reported it)"
  skip "time from systemctl start to ready" "the serve command is a placeholder in this build"
else
  check "service active" systemctl is-active airgap-agent.service
  port=$(agent config show | awk '/^server:/ {s=1; next} /^[^ ]/ {s=0} s && /^  port:/ {print $2}')
  check "/readyz answers on port $port" curl -fsS --max-time 3 "http://127.0.0.1:$port/readyz"
  systemctl stop airgap-agent.service
  t0=$(ms); systemctl start airgap-agent.service
  until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do
    [ $(( $(ms) - t0 )) -gt 30000 ] && break; sleep 0.02; done
  t1=$(ms)
  if [ $((t1 - t0)) -le 30000 ]; then pass "systemctl start → ready in $((t1 - t0)) ms"; echo "START_TO_READY_MS=$((t1 - t0))" >> "$OUT/metrics.txt"; else fail "start → ready" "not ready within 30 s"; fi
fi

# ask
agent ask "What was line A's defect rate yesterday?" >/tmp/ask.out 2>/tmp/ask.err; rc=$?
if placeholder /tmp/ask.err; then skip "airgap-agent ask answers a question" "the ask command is a placeholder in this build"
elif [ $rc -eq 0 ] && [ -s /tmp/ask.out ]; then pass "airgap-agent ask answers: $(head -c 160 /tmp/ask.out | tr '\n' ' ')"
else fail "airgap-agent ask" "rc $rc: $(head -c 300 /tmp/ask.err)"; fi

# agent-test testcases/
(cd /opt/airgap-agent/current && runuser -u airgap-agent -- env AIRGAP_AGENT_CONFIG="$CONFIG" agent-test testcases/) >/tmp/agent-test.out 2>&1; rc=$?
if placeholder /tmp/agent-test.out; then skip "agent-test testcases/ passes in the guest" "the test command is a placeholder in this build"
elif [ $rc -eq 0 ]; then pass "agent-test testcases/: $(tail -1 /tmp/agent-test.out)"
else fail "agent-test testcases/" "rc $rc: $(tail -5 /tmp/agent-test.out | tr '\n' ' ')"; fi

# an admin user (data that must survive)
printf 'correct-horse-battery\ncorrect-horse-battery\n' | agent users add alice --role admin >/tmp/users.out 2>&1; rc=$?
if placeholder /tmp/users.out; then skip "users add (first admin)" "the users command is a placeholder in this build"
elif [ $rc -eq 0 ]; then pass "users add alice --role admin"; else fail "users add" "rc $rc: $(head -c 300 /tmp/users.out)"; fi

# ------------------------------------------------------------------ restart keeps data
section "restart"
before=$(fingerprint)
systemctl restart airgap-agent.service; sleep 1
check "restart keeps config and data" test "$(fingerprint)" = "$before"
[ $SERVE_BUILT = 1 ] && check "active after restart" systemctl is-active airgap-agent.service

# ------------------------------------------------------------------ maintenance service + timer
section "maintenance"
backups_before=$(ls "$DATA/backups" | wc -l)
systemctl start airgap-agent-maintenance.service; rc=$?
result=$(systemctl show airgap-agent-maintenance.service -p Result --value)
backups_after=$(ls "$DATA/backups" | wc -l)
if [ $rc -eq 0 ] && [ "$result" = success ] && [ "$backups_after" -gt "$backups_before" ]; then
  pass "maintenance service (timer's unit) ran: a new backup $(ls -t "$DATA/backups" | head -1)"
else fail "maintenance service" "rc $rc, Result=$result, backups $backups_before → $backups_after; $(journalctl -u airgap-agent-maintenance -n 5 --no-pager | tr '\n' ' ')"; fi
check "backup owned by the service user" test "$(stat -c %U "$DATA/backups/$(ls -t "$DATA/backups" | head -1)")" = airgap-agent
check "maintenance reported to the journal" sh -c 'journalctl -u airgap-agent-maintenance --no-pager | grep -q "archived .* audit row"'

# ------------------------------------------------------------------ log rotation
section "log rotation"
cp "$CONFIG" /root/config.before-logtest
sed -i 's/^    size: .*/    size: 1k/; s/^    keep: .*/    keep: 3/' "$CONFIG"
for _ in $(seq 12); do agent maintenance --keep 2 >/dev/null 2>&1; done
files=$(ls /var/log/airgap-agent/ | grep -c '^maintenance\.[0-9]*\.log$')
if [ "$files" -ge 2 ] && [ "$files" -le 4 ]; then pass "logs rotate at 1k and keep 3 (+ current): $files maintenance.N.log files"
else fail "log rotation" "$files rotated files: $(ls /var/log/airgap-agent | tr '\n' ' ')"; fi
check "kept N backups (--keep 2)" test "$(ls "$DATA/backups" | grep -c '^agent-.*\.db$')" -le 2
check "journald keeps the service's stdout" sh -c 'journalctl -u airgap-agent.service --no-pager | grep -q .'
cp /root/config.before-logtest "$CONFIG"
# an admin's own change that upgrades must keep
printf '\n# local change kept across upgrades\n' >> "$CONFIG"
config_sum=$(sha256sum "$CONFIG" | cut -d' ' -f1)

# ------------------------------------------------------------------ upgrade
section "upgrade to $B_VERSION"
before=$(fingerprint)
"$B_DIR/install.sh" >/tmp/install-b.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/install-b.out
[ $rc -eq 0 ] && pass "install.sh $B_VERSION (upgrade, rc 0)" || fail "upgrade" "rc $rc"
check "current → $B_VERSION, previous → $A_VERSION" test "$(readlink -f /opt/airgap-agent/current) $(readlink -f /opt/airgap-agent/previous)" = "/opt/airgap-agent/releases/$B_VERSION /opt/airgap-agent/releases/$A_VERSION"
check "airgap-agent prints $B_VERSION" test "$(airgap-agent --version)" = "airgap-agent $B_VERSION"
check "upgrade kept the config byte for byte" test "$(sha256sum "$CONFIG" | cut -d' ' -f1)" = "$config_sum"
check "upgrade kept the data" test "$(fingerprint)" = "$before"
check "upgrade reported config keys (none new)" grep -q 'no new config keys\|config keys new in' /tmp/install-b.out
check "agent.db migrated by the new release before the switch" grep -q 'agent.db: .*schema' /tmp/install-b.out
check "agent.db backed up before the switch" sh -c "ls $DATA/backups | grep -qF -- '-pre-v$B_VERSION.db'"
[ $SERVE_BUILT = 1 ] && check "ready after upgrade" grep -q 'ready after' /tmp/install-b.out

section "install.sh again (idempotent)"
"$B_DIR/install.sh" >/tmp/install-b2.out 2>&1; rc=$?
[ $rc -eq 0 ] && pass "second run of install.sh $B_VERSION (rc 0)" || fail "second run" "rc $rc: $(tail -3 /tmp/install-b2.out | tr '\n' ' ')"
check "second run kept the release in place" grep -q 'already in place' /tmp/install-b2.out
check "second run kept previous → $A_VERSION" test "$(readlink -f /opt/airgap-agent/previous)" = "/opt/airgap-agent/releases/$A_VERSION"
check "second run kept config and data" test "$(fingerprint) $(sha256sum "$CONFIG" | cut -d' ' -f1)" = "$before $config_sum"

# ------------------------------------------------------------------ bad config: refused, nothing switched
section "invalid config blocks an install"
cp "$CONFIG" /root/config.good
printf 'server:\n  port: "eighty"\n' >> "$CONFIG"
"$A_DIR/install.sh" >/tmp/install-bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'not valid for release' /tmp/install-bad.out && [ "$(readlink -f /opt/airgap-agent/current)" = "/opt/airgap-agent/releases/$B_VERSION" ]; then
  pass "invalid config: install refused with the key named, current unchanged"
else fail "invalid config" "rc $rc: $(tail -4 /tmp/install-bad.out | tr '\n' ' ')"; fi
cp /root/config.good "$CONFIG"

# ------------------------------------------------------------------ rollback
section "rollback"
/opt/airgap-agent/current/install.sh --rollback >/tmp/rollback.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/rollback.out
[ $rc -eq 0 ] && pass "--rollback (rc 0)" || fail "--rollback" "rc $rc"
check "after rollback: current → $A_VERSION, airgap-agent prints it" test "$(readlink -f /opt/airgap-agent/current) $(airgap-agent --version)" = "/opt/airgap-agent/releases/$A_VERSION airgap-agent $A_VERSION"
check "rollback kept config and data" test "$(fingerprint)" = "$before"
[ $SERVE_BUILT = 1 ] && check "ready after rollback" grep -q 'ready after' /tmp/rollback.out
/opt/airgap-agent/current/install.sh --rollback >/tmp/rollback2.out 2>&1
check "--rollback again returns to $B_VERSION" test "$(airgap-agent --version)" = "airgap-agent $B_VERSION"

# ------------------------------------------------------------------ uninstall / purge
section "uninstall"
/opt/airgap-agent/current/install.sh --uninstall >/tmp/uninstall.out 2>&1; rc=$?
[ $rc -eq 0 ] && pass "--uninstall (rc 0)" || fail "--uninstall" "rc $rc: $(tail -3 /tmp/uninstall.out | tr '\n' ' ')"
check "uninstall removed programs, units and links" sh -c '[ ! -e /opt/airgap-agent ] && [ ! -e /usr/local/bin/airgap-agent ] && [ ! -e /usr/local/bin/agent-test ] && [ ! -e /etc/systemd/system/airgap-agent.service ] && ! systemctl is-active --quiet airgap-agent.service'
check "uninstall kept config and data" sh -c "[ -f $CONFIG ] && [ -f $DATA/agent.db ] && [ \"\$(sha256sum $CONFIG | cut -d' ' -f1)\" = $config_sum ]"
"$A_DIR/install.sh" >/tmp/reinstall.out 2>&1; rc=$?
check "reinstall over kept data: rc 0, config kept, plant.db not re-seeded" sh -c "[ $rc -eq 0 ] && ! grep -q 'seeding the demo plant' /tmp/reinstall.out && [ \"\$(sha256sum $CONFIG | cut -d' ' -f1)\" = $config_sum ]"
/opt/airgap-agent/current/install.sh --purge </dev/null >/tmp/purge-no.out 2>&1; rc=$?
check "--purge without confirmation refuses and deletes nothing" sh -c "[ $rc -ne 0 ] && [ -f $DATA/agent.db ] && [ -e /opt/airgap-agent/current ]"
/opt/airgap-agent/current/install.sh --purge --yes >/tmp/purge.out 2>&1; rc=$?
check "--purge --yes removes everything, user included" sh -c "[ $rc -eq 0 ] && [ ! -e $DATA ] && [ ! -e /etc/airgap-agent ] && [ ! -e /opt/airgap-agent ] && ! getent passwd airgap-agent"

# ------------------------------------------------------------------ summary
echo
if [ ${#SKIPS[@]} -gt 0 ]; then echo "skipped ($skipped):"; printf '  %s\n' "${SKIPS[@]}"; fi
if [ ${#FAILS[@]} -gt 0 ]; then echo "failed ($failed):"; printf '  %s\n' "${FAILS[@]}"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
