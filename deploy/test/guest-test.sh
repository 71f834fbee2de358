#!/usr/bin/env bash
# Runs INSIDE the throw-away systemd guest (scripts/install-test.sh starts it
# through systemd-sandbox.sh): installs the appliance with install.sh and
# checks it as an admin would. No Node.js here: only the bundle's own runtime.
#   guest-test.sh BUNDLE_A.tar.gz BUNDLE_B.tar.gz   (B: a newer build of A)
# Prints PASS/FAIL lines (every check can only pass or fail); the last line
# is "N passed, N failed". Figures go to $OUT/metrics.txt.
set -uo pipefail
A_TAR=$(readlink -f "$1") B_TAR=$(readlink -f "$2")
WORK=/root/install-test
CONFIG=/etc/airgap-agent/config.yaml
DATA=/var/lib/airgap-agent
# plant.db in its own folder, which only the import unit may write (issue 29, N9)
PLANT=$DATA/plant/plant.db
INBOX=/var/lib/airgap-agent-inbox
OUT=${GUEST_OUT:-/mnt/out}
passed=0 failed=0
declare -a FAILS=()
PASSWORD=correct-horse-battery
export AIRGAP_READY_TIMEOUT=${AIRGAP_READY_TIMEOUT:-60}

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); FAILS+=("$1: $2"); echo "FAIL $1: $2"; }
check() {
  # check NAME CMD...: PASS when CMD succeeds
  local name=$1; shift
  if "$@" >/tmp/check.out 2>&1; then pass "$name"; else fail "$name" "$(tail -5 /tmp/check.out | tr '\n' ' ')"; fi
}
section() { echo; echo "== $*"; }
as_agent() { runuser -u airgap-agent -- "$@"; }
agent() { as_agent airgap-agent --config "$CONFIG" "$@"; }
ms() { date +%s%3N; }
metric() { echo "$1=$2" >> "$OUT/metrics.txt"; }
unit_rss_mb() {
  # RSS of a unit's main process and all its descendants (the service and its MCP children): "MB COUNT"
  local main
  main=$(systemctl show -p MainPID --value "$1")
  ps -e -o pid=,ppid=,rss= | awk -v root="$main" '
    { parent[$1] = $2; rss[$1] = $3 }
    END { for (pid in parent) { p = pid; while (p != "" && p != 0 && p != root) p = parent[p]; if (p == root && root != 0) { sum += rss[pid]; n++ } }
          printf "%d %d\n", sum / 1024, n }'
}
sse_ask() {
  # sse_ask QUESTION OUTFILE: POST /api/tasks with the session cookie, the answer streamed back as SSE
  curl -sS -N --max-time "${3:-120}" -b /tmp/jar -H 'Content-Type: application/json' -H 'Accept: text/event-stream' \
    -d "{\"question\":\"$1\"}" "http://127.0.0.1:$port/api/tasks" > "$2"
}
fingerprint() {
  # what must survive restarts and upgrades: plant.db, config, users, audit
  { sha256sum "$CONFIG" "$PLANT" 2>/dev/null | awk '{print $1}'
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
if [ $rc -ne 0 ] && grep -q 'SHA256SUMS does not match its signature' /tmp/bad.out && [ ! -e /opt/airgap-agent ] && ! getent passwd airgap-agent >/dev/null && [ ! -e /etc/airgap-agent ]; then
  pass "corrupted SHA256SUMS: refused by its signature (rc $rc), no user, no /opt, no /etc"
else fail "corrupted SHA256SUMS" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"; cp -a "$A_DIR" "$WORK/bad"
echo tampered >> "$WORK/bad/deploy/config.yaml"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'deploy/config.yaml' /tmp/bad.out && [ ! -e /opt/airgap-agent ]; then pass "altered file: refused and named (rc $rc)"; else fail "altered file" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"; cp -a "$A_DIR" "$WORK/bad"
echo '#!/bin/sh' > "$WORK/bad/bin/extra-tool"; mkdir -p "$WORK/bad/skills/smuggled"; echo x > "$WORK/bad/skills/smuggled/SKILL.md"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'not in SHA256SUMS: bin/extra-tool' /tmp/bad.out && grep -q 'not in SHA256SUMS: skills/smuggled/SKILL.md' /tmp/bad.out && [ ! -e /opt/airgap-agent ]; then
  pass "files not listed in SHA256SUMS: bundle refused, both named (rc $rc)"
else fail "unlisted files" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"; cp -a "$A_DIR" "$WORK/bad"
sed -i '/  install.sh$/d' "$WORK/bad/SHA256SUMS"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'SHA256SUMS does not match its signature' /tmp/bad.out; then pass "truncated SHA256SUMS: refused by its signature"; else fail "truncated SHA256SUMS" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -rf "$WORK/bad"
# the release signature (issue 29): a tampered bundle whose SHA256SUMS was rewritten to match is refused
check "the guest's openssl verifies Ed25519 (openssl pkeyutl -verify -rawin): $(openssl version 2>&1)" sh -c "openssl pkeyutl -help 2>&1 | grep -q -- -rawin"
cp -a "$A_DIR" "$WORK/bad"
printf '#!/bin/sh\necho tampered\n' > "$WORK/bad/deploy/launcher.sh"
(cd "$WORK/bad" && find . -type f ! -name SHA256SUMS ! -name SHA256SUMS.sig | sed 's|^\./||' | LC_ALL=C sort | xargs -d '\n' sha256sum > SHA256SUMS)
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'SHA256SUMS does not match its signature .*altered after it was signed' /tmp/bad.out && (cd "$WORK/bad" && sha256sum --check --strict --quiet SHA256SUMS) && [ ! -e /opt/airgap-agent ] && ! getent passwd airgap-agent >/dev/null; then
  pass "tampered bundle (a file changed, SHA256SUMS rewritten to match): refused by the signature (rc $rc), nothing installed"
else fail "tampered bundle with rewritten SHA256SUMS" "rc=$rc $(tail -3 /tmp/bad.out | tr '\n' ' ')"; fi
rm -f "$WORK/bad/SHA256SUMS.sig"
"$WORK/bad/install.sh" >/tmp/bad.out 2>&1; rc=$?
check "unsigned bundle: refused (rc $rc)" sh -c "[ $rc -ne 0 ] && grep -q 'the bundle is not signed (no SHA256SUMS.sig)' /tmp/bad.out && [ ! -e /opt/airgap-agent ]"
rm -rf "$WORK/bad"
# resign DIR: the bundle signed by another key (its own public key inside, SHA256SUMS and signature consistent)
resign() {
  openssl genpkey -algorithm ed25519 -out "$WORK/other-key.pem" 2>/dev/null
  openssl pkey -in "$WORK/other-key.pem" -pubout -out "$1/release-key.pem"
  (cd "$1" && find . -type f ! -name SHA256SUMS ! -name SHA256SUMS.sig | sed 's|^\./||' | LC_ALL=C sort | xargs -d '\n' sha256sum > SHA256SUMS)
  openssl pkeyutl -sign -inkey "$WORK/other-key.pem" -rawin -in "$1/SHA256SUMS" -out "$1/SHA256SUMS.sig"
}

# ------------------------------------------------------------------ first install
section "install $A_VERSION"
t0=$(ms)
"$A_DIR/install.sh" >/tmp/install-a.out 2>&1; rc=$?
t1=$(ms)
sed 's/^/  | /' /tmp/install-a.out
[ $rc -eq 0 ] && pass "install.sh $A_VERSION (rc 0, $((t1 - t0)) ms)" || fail "install.sh $A_VERSION" "rc $rc"
metric INSTALL_MS $((t1 - t0))
check "first install: the release key's fingerprint printed to compare out of band" sh -c "grep -qE 'FIRST INSTALL: compare this fingerprint with the one published for the release \(out of band\): SHA256:[0-9a-f]{64}' /tmp/install-a.out &&
  grep -q \"\$(openssl pkey -pubin -in $A_DIR/release-key.pem -outform DER | sha256sum | cut -d' ' -f1)\" /tmp/install-a.out"
check "current → releases/$A_VERSION" test "$(readlink -f /opt/airgap-agent/current)" = "/opt/airgap-agent/releases/$A_VERSION"
check "airgap-agent on the PATH prints $A_VERSION" test "$(airgap-agent --version)" = "airgap-agent $A_VERSION"
t0=$(ms); for _ in $(seq 20); do airgap-agent --version >/dev/null; done; t1=$(ms)
echo "  --version cold start in the guest: $(( (t1 - t0) / 20 )) ms (mean of 20)"; metric GUEST_COLD_START_MS $(( (t1 - t0) / 20 ))
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
  MODEL=1
  check "model shipped → embedded model unit enabled" systemctl is-enabled airgap-agent-llm.service
  check "embedded model service active" systemctl is-active airgap-agent-llm.service
  check "install.sh waited for the embedded model service" grep -q 'embedded model service ready after' /tmp/install-a.out
  llm_pid=$(systemctl show -p MainPID --value airgap-agent-llm.service)
  check "llm serve runs inside the SEA ($(readlink "/proc/$llm_pid/exe" 2>/dev/null))" sh -c "readlink /proc/$llm_pid/exe | grep -q '^/opt/airgap-agent/releases/.*/bin/airgap-agent\$' && tr '\\0' ' ' < /proc/$llm_pid/cmdline | grep -q 'llm serve'"
  # getLlama() forks the binary with TEST_BINDING_CP=true to test the native binding; inside the SEA
  # that fork re-enters forkedVendorScript(): had it failed, no binding would load and nothing would listen
  check "node-llama-cpp loaded from vendor/ (binding test re-entry worked): /health names the model" sh -c "curl -fsS --max-time 5 http://127.0.0.1:8081/health | grep -q '\"model\":\"tiny-test'"
  check "/v1/models answers through curl" sh -c "curl -fsS --max-time 5 http://127.0.0.1:8081/v1/models | tee /tmp/models.json | grep -q '\"object\":\"list\"' && grep -q tiny-test /tmp/models.json"
  check "no errors in the embedded model service's journal" sh -c "! journalctl -u airgap-agent-llm --no-pager | grep -qiE 'fatal|error|failed to'"
fi
check "hardened unit (user, NoNewPrivileges, ProtectSystem=strict, PrivateTmp, PrivateDevices, address families)" sh -c '
  systemctl show airgap-agent -p User -p NoNewPrivileges -p ProtectSystem -p ProtectHome -p PrivateTmp -p PrivateDevices -p RestrictAddressFamilies -p ReadWritePaths > /tmp/unit.props
  grep -qx User=airgap-agent /tmp/unit.props && grep -qx NoNewPrivileges=yes /tmp/unit.props && grep -qx ProtectSystem=strict /tmp/unit.props &&
  grep -qx ProtectHome=yes /tmp/unit.props && grep -qx PrivateTmp=yes /tmp/unit.props && grep -qx PrivateDevices=yes /tmp/unit.props &&
  grep -q "^RestrictAddressFamilies=.*AF_UNIX" /tmp/unit.props && grep -q "/var/lib/airgap-agent" /tmp/unit.props'
echo "  systemd-analyze security: $(systemd-analyze security airgap-agent.service --no-pager 2>/dev/null | tail -1)"
for unit in airgap-agent.service airgap-agent-maintenance.service airgap-agent-import.service $([ -e /etc/systemd/system/airgap-agent-llm.service ] && echo airgap-agent-llm.service); do
  exposure=$(systemd-analyze security "$unit" --no-pager 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
  metric "exposure_${unit%.service}" "$exposure"
  check "$unit: systemd-analyze exposure $exposure ≤ 2.0; TasksMax, SystemCallFilter, ProtectProc=invisible set" sh -c "
    awk 'BEGIN { exit !(\"$exposure\" != \"\" && \"$exposure\" + 0 <= 2.0) }' &&
    systemctl show $unit -p TasksMax -p SystemCallFilter -p ProtectProc > /tmp/limits.props &&
    ! grep -qx TasksMax=infinity /tmp/limits.props && grep -q '^SystemCallFilter=.' /tmp/limits.props && grep -qx ProtectProc=invisible /tmp/limits.props"
done
check "airgap-agent.service: MemoryHigh/MemoryMax set" sh -c "systemctl show airgap-agent -p MemoryMax -p MemoryHigh | grep -vq =infinity && ! systemctl show airgap-agent -p MemoryMax | grep -qx MemoryMax=infinity"

# plant.db (seed), first-install marker, the plant's own skills folder
check "plant.db seeded on first install, owned by the service user" test "$(stat -c %U "$PLANT" 2>/dev/null)" = airgap-agent
check "plant documents in $DATA/docs" sh -c "[ -n \"\$(ls -A $DATA/docs)\" ]"
check "first install recorded ($DATA/.installed: $(cat $DATA/.installed 2>/dev/null))" grep -q "first install of $A_VERSION" "$DATA/.installed"
check "skills.custom_dir $DATA/skills created for the service user" test "$(stat -c '%U %a' "$DATA/skills" 2>/dev/null)" = "airgap-agent 750"
check "config sets skills.custom_dir" sh -c "airgap-agent --config $CONFIG config show | grep -q 'custom_dir: /var/lib/airgap-agent/skills'"
check "agent.db created and migrated by install" test -s "$DATA/agent.db"

# doctor: a real check either way
agent doctor >/tmp/doctor.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/doctor.out
if [ $rc -eq 0 ] && grep -q '^healthy' /tmp/doctor.out; then pass "doctor: healthy"; else fail "doctor" "rc $rc: $(grep -E '^(FAIL|WARN)' /tmp/doctor.out | tr '\n' ' ')"; fi
check "doctor counts real skills through the registry (code + Markdown, no index.ts/shared)" sh -c "grep -E '^ok   skills: [0-9]+ skill\(s\) enabled \([0-9]+ code, [0-9]+ Markdown\)' /tmp/doctor.out && ! grep -E '^ok   skills:.*(index\.ts|shared)' /tmp/doctor.out"
if [ "${MODEL:-0}" = 1 ]; then
  check "doctor: the model verified against its manifest, its endpoint answering" sh -c "grep -q '^ok   model: .*tiny-test.gguf: sha256 matches the manifest' /tmp/doctor.out && grep -q '^ok   llm endpoint: http://127.0.0.1:8081/v1/models answered' /tmp/doctor.out"
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
  else fail "mcp $server over stdio" "$(head -c 300 /tmp/mcp.err)"; fi
done

# ------------------------------------------------------------------ service ready
section "service"
check "service active" systemctl is-active airgap-agent.service
check "install.sh waited for /readyz (ready after …)" grep -q 'ready after' /tmp/install-a.out
port=$(agent config show | awk '/^server:/ {s=1; next} /^[^ ]/ {s=0} s && /^  port:/ {print $2}')
check "/readyz answers 200 on port $port: ready" sh -c "curl -fsS --max-time 3 http://127.0.0.1:$port/readyz | grep -q '\"status\":\"ready\"'"
systemctl stop airgap-agent.service
t0=$(ms); systemctl start airgap-agent.service
until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do
  [ $(( $(ms) - t0 )) -gt 30000 ] && break; sleep 0.02; done
t1=$(ms)
if [ $((t1 - t0)) -le 30000 ]; then pass "systemctl start → ready in $((t1 - t0)) ms"; metric START_TO_READY_MS $((t1 - t0)); else fail "start → ready" "not ready within 30 s"; fi
start_ready=$((t1 - t0))
if [ "${MODEL:-0}" = 1 ]; then
  check "restarting the main service leaves the embedded model service running (not PartOf)" sh -c "[ \"\$(systemctl show -p MainPID --value airgap-agent-llm.service)\" = $llm_pid ]"
  check "the service uses the embedded model by default (llm.base_url null → http://127.0.0.1:8081/v1)" sh -c "journalctl -u airgap-agent.service --no-pager | grep 'llm-embedded-endpoint' | grep -q '127.0.0.1:8081/v1'"
fi

# ask (as the service user: the CLI against the installed config)
agent ask "What was line A's defect rate yesterday?" >/tmp/ask.out 2>/tmp/ask.err; rc=$?
if [ $rc -eq 0 ] && grep -qE '[0-9]' /tmp/ask.out; then pass "airgap-agent ask answers: $(head -c 160 /tmp/ask.out | tr '\n' ' ')"
else fail "airgap-agent ask" "rc $rc: $(head -c 300 /tmp/ask.err)"; fi

# agent-test on the PATH as the service user (seeds its own plants per file into a temp folder): two files, one
# with its own plant, one replaying cassettes through the scripted model server. The whole shipped suite runs
# once below, in the score gate's --require-pass 0.9 run (as the service user, the release's own binary), which
# must report exactly one failure: the case made to fail (CI time: one full run in the guest, not three)
t0=$(ms)
(cd /opt/airgap-agent/current && runuser -u airgap-agent -- env AIRGAP_AGENT_CONFIG="$CONFIG" agent-test testcases/quality.yaml testcases/tool-formats.yaml) >/tmp/agent-test.out 2>&1; rc=$?
t1=$(ms)
if [ $rc -eq 0 ] && tail -1 /tmp/agent-test.out | grep -qE '^[0-9]+ passed, 0 failed'; then pass "agent-test testcases/quality.yaml testcases/tool-formats.yaml in the guest ($((t1 - t0)) ms): $(tail -1 /tmp/agent-test.out)"
else fail "agent-test testcases/quality.yaml testcases/tool-formats.yaml" "rc $rc: $(grep -E '^(FAIL|✖)' /tmp/agent-test.out | head -5 | tr '\n' ' ') $(tail -2 /tmp/agent-test.out | tr '\n' ' ')"; fi
metric AGENT_TEST_MS $((t1 - t0))
check "agent-test left no root-owned files in $DATA or /var/log/airgap-agent" sh -c "f=\$(find $DATA /var/log/airgap-agent \( -path $DATA/scripts -o -path $DATA/models \) -prune -o -user root -print | head -5); [ -z \"\$f\" ] || { ls -ld \$f; exit 1; }"
check "agent-test left no temp folders behind" sh -c "[ -z \"\$(ls -d /tmp/agent-test-* 2>/dev/null)\" ]"

# the first admin (password on stdin: the no-echo prompt needs a terminal)
printf '%s\n' "$PASSWORD" | agent users add alice --role admin --password-stdin >/tmp/users.out 2>&1; rc=$?
if [ $rc -eq 0 ]; then pass "users add alice --role admin --password-stdin"; else fail "users add" "rc $rc: $(head -c 300 /tmp/users.out)"; fi
agent users add bob --role operator </dev/null >/tmp/users-tty.out 2>&1; rc=$?
check "users add without a terminal or --password-stdin: refused with the fix" sh -c "[ $rc -ne 0 ] && grep -q 'password-stdin' /tmp/users-tty.out"

# log-in and a question over HTTP, the answer streamed (SSE)
section "HTTP: log-in, question, SSE answer"
curl -sS -c /tmp/jar -H 'Content-Type: application/json' -d "{\"username\":\"alice\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$port/api/login" >/tmp/login.out 2>&1
check "POST /api/login (cookie)" grep -q '"user"' /tmp/login.out
t0=$(ms); sse_ask "What was line A's defect rate yesterday?" /tmp/sse.out; t1=$(ms)
if grep -q '^event: answer' /tmp/sse.out && grep -q '^event: done' /tmp/sse.out && grep -A1 '^event: done' /tmp/sse.out | grep -q '"state":"success"'; then
  pass "POST /api/tasks (Accept: text/event-stream) answered in $((t1 - t0)) ms: $(grep -A1 '^event: answer' /tmp/sse.out | sed -n 's/^data: //p' | grep -o '"answer":"[^"]\{0,100\}' | head -1)"
else fail "question over HTTP (SSE)" "$(head -c 400 /tmp/sse.out)"; fi
if [ "${MODEL:-0}" = 1 ]; then
  # a chat completion straight from the embedded service (small prompt: the tiny model answers gibberish, well-formed)
  curl -fsS --max-time 60 -H 'Content-Type: application/json' -d '{"model":"local","max_tokens":16,"messages":[{"role":"user","content":"hello"}]}' \
    http://127.0.0.1:8081/v1/chat/completions >/tmp/completion.json 2>&1
  check "POST /v1/chat/completions on the embedded service answers (chat.completion, finish_reason)" sh -c "grep -q '\"object\":\"chat.completion\"' /tmp/completion.json && grep -q '\"finish_reason\"' /tmp/completion.json"
  # a question no rule covers: the service sends it to the embedded model. The agent's prompt (tools, skills) is
  # ~27k of the tiny model's byte-level tokens, beyond llm.embedded.context_size (16384 by default), so the model service
  # answers with its OpenAI-style context error and the task ends failed with that error: the wiring is what is checked
  since=$(date '+%Y-%m-%d %H:%M:%S')
  before=$(curl -fsS http://127.0.0.1:8081/health | grep -o '"completed":[0-9]*' | cut -d: -f2)
  sse_ask "Write two sentences about teamwork on the night shift." /tmp/sse-model.out 120
  sleep 0.5
  after=$(curl -fsS http://127.0.0.1:8081/health | grep -o '"completed":[0-9]*' | cut -d: -f2)
  journalctl -u airgap-agent-llm --since "$since" --no-pager >/tmp/llm-since.out
  # the model service saw the request: it completed, refused it (context) or had it cancelled by the agent's
  # own llm timeout (a prompt that fits the context runs long on the tiny model under a loaded host)
  if grep -q '"mode":"model"' /tmp/sse-model.out && { [ "${after:-0}" -gt "${before:-0}" ] || grep -qE 'chat-completion-refused|request was cancelled' /tmp/llm-since.out; }; then
    pass "a question no rule covers goes from the service to the embedded model (completions ${before} → ${after}; $(grep -o '"code":"[a-z_]*"' /tmp/llm-since.out | head -1))"
  else fail "the service asks the embedded model" "$(grep -E '^(event|data)' /tmp/sse-model.out | head -c 300); llm journal: $(tail -2 /tmp/llm-since.out | cut -c1-200)"; fi
  read -r llm_rss _ < <(unit_rss_mb airgap-agent-llm.service); metric LLM_RSS_MB "$llm_rss"
fi
read -r rss procs < <(unit_rss_mb airgap-agent.service)
echo "  RSS of airgap-agent.service: $rss MB in $procs processes (the service and its MCP children)"
metric SERVICE_RSS_MB "$rss"; metric SERVICE_PROCS "$procs"
check "the service runs its MCP servers as children, started on demand ($procs processes)" test "$procs" -ge 2

# ------------------------------------------------------------------ a model the plant brings (install.sh --model, issue 31)
# A second tiny GGUF (another seed, a Hermes-style chat template), staged beside the bundles by scripts/install-test.sh,
# installed as a plant would bring one. It stays installed: the upgrade and rollback below keep serving it.
if [ "${MODEL:-0}" = 1 ]; then
  section "install.sh --model: a model the plant brings, checked, recorded, served; a wrong one refused, nothing changed"
  PLANT_MODEL=$(dirname "$A_TAR")/plant-model.gguf
  MODELS=$DATA/models
  # what a refused --model must leave as it was: the config, the models folder, the model served and its process
  model_state() {
    { sha256sum "$CONFIG"; ls -A "$MODELS" 2>/dev/null; cat "$MODELS/manifest.json" 2>/dev/null
      curl -fsS --max-time 5 http://127.0.0.1:8081/health | grep -o '"model":"[^"]*"'
      systemctl show -p MainPID --value airgap-agent-llm.service; } | sha256sum | cut -c1-16
  }
  if [ ! -f "$PLANT_MODEL" ]; then
    fail "install.sh --model" "$PLANT_MODEL is missing (scripts/install-test.sh stages it beside the bundles)"
  else
    plant_sha=$(sha256sum "$PLANT_MODEL" | cut -d' ' -f1)
    plant_size=$(stat -c %s "$PLANT_MODEL")
    state_before=$(model_state)
    wrong_sha=$(printf '%s' "$plant_sha" | tr '0-9a-f' '1-9a-f0')
    /opt/airgap-agent/current/install.sh --model "$PLANT_MODEL" --sha256 "$wrong_sha" >/tmp/model-wrong.out 2>&1; rc=$?
    state_after=$(model_state)
    check "--model with a wrong --sha256: refused (rc $rc) naming both digests, nothing changed" sh -c "
      [ $rc -ne 0 ] && grep -q 'sha256 mismatch: $PLANT_MODEL has $plant_sha, --sha256 says $wrong_sha' /tmp/model-wrong.out &&
      grep -q 'fix: .*nothing was changed' /tmp/model-wrong.out && [ '$state_after' = '$state_before' ]"
    printf 'Model card: the weights are on the other disk.\n' > /root/not-a-model.gguf
    /opt/airgap-agent/current/install.sh --model /root/not-a-model.gguf >/tmp/model-notgguf.out 2>&1; rc=$?
    state_after=$(model_state)
    check "--model with a file that is not a GGUF: refused (rc $rc) with what it starts with, nothing changed" sh -c "
      [ $rc -ne 0 ] && grep -q 'is not a GGUF model: it starts with \"Mode\"' /tmp/model-notgguf.out && [ '$state_after' = '$state_before' ]"
    /opt/airgap-agent/current/install.sh --model "$PLANT_MODEL" --sha256 "$plant_sha" --check >/tmp/model-check.out 2>&1; rc=$?
    state_after=$(model_state)
    check "--model --check: the file accepted (rc $rc), nothing changed" sh -c "
      [ $rc -eq 0 ] && grep -q 'it would be installed as $MODELS/plant-model.gguf' /tmp/model-check.out && [ '$state_after' = '$state_before' ]"
    t0=$(ms)
    /opt/airgap-agent/current/install.sh --model "$PLANT_MODEL" --sha256 "$plant_sha" --licence CC0-1.0 >/tmp/model-install.out 2>&1; rc=$?
    t1=$(ms)
    sed 's/^/  | /' /tmp/model-install.out
    [ $rc -eq 0 ] && pass "install.sh --model plant-model.gguf --sha256 (rc 0, $((t1 - t0)) ms)" || fail "install.sh --model" "rc $rc: $(tail -3 /tmp/model-install.out | tr '\n' ' ')"
    metric MODEL_INSTALL_MS $((t1 - t0))
    check "the model copied into $MODELS (root:airgap-agent 0640), the same bytes" sh -c "
      [ \"\$(stat -c '%U %G %a' $MODELS/plant-model.gguf)\" = 'root airgap-agent 640' ] && cmp -s '$PLANT_MODEL' $MODELS/plant-model.gguf &&
      [ \"\$(stat -c '%U %G %a' $MODELS)\" = 'root airgap-agent 750' ]"
    check "recorded in $MODELS/manifest.json: name, size, sha256, licence, date, who, source" sh -c "
      grep -q '{\"name\": \"plant-model.gguf\", \"size\": $plant_size, \"sha256\": \"$plant_sha\", \"licence\": \"CC0-1.0\", \"installed_at\": \"20[0-9-]*T[0-9:]*Z\", \"installed_by\": \"root\", \"source\": \"$PLANT_MODEL\"}' $MODELS/manifest.json"
    check "config: llm.embedded.model → $MODELS/plant-model.gguf (the config before kept as $CONFIG.pre-model)" sh -c "
      runuser -u airgap-agent -- airgap-agent --config $CONFIG config show | grep -qx '    model: $MODELS/plant-model.gguf' && [ -f $CONFIG.pre-model ]"
    check "install.sh restarted the embedded model service and checked it: /health, a 4-token completion" \
      grep -q 'embedded model service ready on plant-model.gguf: /health names plant-model, a 4-token completion answered' /tmp/model-install.out
    check "the embedded model service serves it: /health names plant-model, unit enabled" sh -c "
      curl -fsS --max-time 5 http://127.0.0.1:8081/health | grep -q '\"model\":\"plant-model\"' && systemctl is-enabled airgap-agent-llm.service"
    curl -fsS --max-time 60 -H 'Content-Type: application/json' -d '{"max_tokens":8,"messages":[{"role":"user","content":"hello"}]}' \
      http://127.0.0.1:8081/v1/chat/completions >/tmp/model-completion.json 2>&1
    # no model named in the request: the reply names the one served
    check "the service answers a chat completion on the plant's model" sh -c "grep -q '\"object\":\"chat.completion\"' /tmp/model-completion.json && grep -q '\"model\":\"plant-model\"' /tmp/model-completion.json"
    check "the main service restarted by install.sh and ready" sh -c "grep -q 'ready after' /tmp/model-install.out && curl -fsS --max-time 3 http://127.0.0.1:$port/readyz | grep -q '\"status\":\"ready\"'"
    agent doctor >/tmp/model-doctor.out 2>&1; rc=$?
    sed 's/^/  | /' /tmp/model-doctor.out | grep -E 'model|llm endpoint'
    check "doctor: the plant's model verified against its manifest (rc $rc, healthy)" sh -c "[ $rc -eq 0 ] && grep -q '^healthy' /tmp/model-doctor.out &&
      grep -q '^ok   model: $MODELS/plant-model.gguf: sha256 matches the manifest, licence CC0-1.0' /tmp/model-doctor.out"
    check "doctor: its size, GGUF version, quantisation and chat template family (hermes)" \
      grep -qE "^ok   model info: plant-model\.gguf: [0-9]+ KB, GGUF v3, llama, F32, trained context [0-9]+; chat template: tool calls in the hermes \(Hermes/Qwen" /tmp/model-doctor.out
    check "doctor: a smoke completion through the embedded service, timed" grep -qE '^ok   model smoke: [0-9]+ token\(s\) in [0-9]+ ms' /tmp/model-doctor.out
    /opt/airgap-agent/current/install.sh --model "$PLANT_MODEL" --sha256 "$plant_sha" >/tmp/model-again.out 2>&1; rc=$?
    check "--model with the same file again: nothing to do (rc $rc)" sh -c "[ $rc -eq 0 ] && grep -q 'already installed and in use: nothing to do' /tmp/model-again.out"
    check "no errors in the embedded model service's journal since the install" sh -c "
      ! journalctl -u airgap-agent-llm --no-pager --since '@$((t0 / 1000))' | grep -qiE 'fatal|error|failed to'"
  fi
fi

# ------------------------------------------------------------------ a maintenance script from the chat, through polkit
section "restart_service from the chat: operator asks, admin approves, the service (user airgap-agent) restarts a unit via polkit"
RULE=/etc/polkit-1/rules.d/50-airgap-agent.rules
check "install.sh wrote the polkit rule for the shipped allow-list (restarts only from a run's own unit)" sh -c "grep -q 'polkit rule: wrote $RULE' /tmp/install-a.out &&
  grep -q '\"vision-inspection.service\"' $RULE && grep -q 'verb !== \"restart\"' $RULE && grep -q 'polkit.spawn' $RULE && [ \"\$(stat -c '%a %U' $RULE)\" = '644 root' ]"
check "install.sh installed the run unit template airgap-agent-script@.service (not enabled)" sh -c "[ -f '/etc/systemd/system/airgap-agent-script@.service' ] && systemctl cat 'airgap-agent-script@0123.service' | grep -q 'scripts exec'"
check "doctor: the polkit rule is current" grep -q '^ok   polkit rule: .* is current: airgap-agent may restart airgap-agent-llm.service, label-printer.service, vision-inspection.service' /tmp/doctor.out
# two harmless units: harmless-test in the allow-list, guarded-test not (listed in the script's enum, not in touches.units)
for unit in harmless-test guarded-test; do
  printf '[Unit]\nDescription=%s (install test)\n[Service]\nExecStart=/bin/sleep infinity\n' "$unit" > /etc/systemd/system/$unit.service
done
systemctl daemon-reload && systemctl start harmless-test.service guarded-test.service
# as an admin would: the shipped script copied into scripts.dir, its allow-list edited for the plant
cp -a /opt/airgap-agent/current/deploy/scripts/restart_service "$DATA/scripts/"
M=$DATA/scripts/restart_service/manifest.yaml
sed -i 's/enum: \[vision-inspection, label-printer, airgap-agent-llm\]/enum: [harmless-test, guarded-test]/; s/^  units: \[.*\]$/  units: [harmless-test.service]/; /^phrasings:/,$d' "$M"
printf 'phrasings:\n  - text: restart the harmless test service\n    args: { service: harmless-test }\n  - text: restart the guarded test service\n    args: { service: guarded-test }\n' >> "$M"
chown -R root:airgap-agent "$DATA/scripts/restart_service"; chmod -R g-w,o-rwx "$DATA/scripts/restart_service"
agent doctor >/tmp/doctor-stale.out 2>&1
check "doctor: after the manifest changed, the polkit rule is out of date (with the fix)" sh -c "grep -q '^WARN polkit rule: .* out of date .* now list harmless-test.service' /tmp/doctor-stale.out && grep -q 'install.sh --polkit-rule' /tmp/doctor-stale.out"
/opt/airgap-agent/current/install.sh --polkit-rule >/tmp/polkit-rule.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/polkit-rule.out
check "install.sh --polkit-rule rewrote it: harmless-test.service only (rc $rc)" sh -c "[ $rc -eq 0 ] && grep -q 'airgap-agent may restart harmless-test.service\$' /tmp/polkit-rule.out &&
  grep -q '\"harmless-test.service\"' $RULE && ! grep -qE 'guarded-test|vision-inspection' $RULE"
/opt/airgap-agent/current/install.sh --polkit-rule >/tmp/polkit-rule2.out 2>&1
check "install.sh --polkit-rule again: unchanged" grep -q 'polkit rule unchanged' /tmp/polkit-rule2.out
agent doctor >/tmp/doctor-current.out 2>&1
check "doctor: the rewritten rule is current" grep -q '^ok   polkit rule: .* is current: airgap-agent may restart harmless-test.service$' /tmp/doctor-current.out
systemctl restart airgap-agent.service
until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.1; done
printf '%s\n' "$PASSWORD" | agent users add olga --role operator --password-stdin >/dev/null 2>&1
curl -sS -c /tmp/jar-op -H 'Content-Type: application/json' -d "{\"username\":\"olga\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$port/api/login" >/tmp/login-op.out 2>&1
check "operator olga logs in" grep -q '"role":"operator"' /tmp/login-op.out
# restart_chat QUESTION TAG SERVICE: the operator asks, the admin approves, the script's run ends (its script_runs row),
# then the task: success (TAG ok) or failed (TAG no: the approved script's failure is the answer; the model is not
# asked to try the same action again); files /tmp/TAG-*
restart_chat() {
  local tag=$2 task approval i
  curl -sS -b /tmp/jar-op -H 'Content-Type: application/json' -d "{\"question\":\"$1\"}" "http://127.0.0.1:$port/api/tasks" >/tmp/$tag-task.json
  task=$(grep -o '"task_id":"[^"]*"' /tmp/$tag-task.json | head -1 | cut -d'"' -f4)
  curl -sS -N --max-time 3 -b /tmp/jar-op -H 'Accept: text/event-stream' "http://127.0.0.1:$port/api/tasks/$task/events" >/tmp/$tag-waiting.sse 2>/dev/null
  approval=$(sed -n 's/^data: .*"approval_id":"\([^"]*\)".*/\1/p' /tmp/$tag-waiting.sse | head -1)
  curl -sS -b /tmp/jar "http://127.0.0.1:$port/api/approvals?state=pending" >/tmp/$tag-pending.json
  curl -sS -o /tmp/$tag-op-approve.json -w '%{http_code}' -b /tmp/jar-op -H 'Content-Type: application/json' -d '{"decision":"approve"}' \
    "http://127.0.0.1:$port/api/approvals/$approval" >/tmp/$tag-op-approve.code
  curl -sS -b /tmp/jar -H 'Content-Type: application/json' -d '{"decision":"approve"}' "http://127.0.0.1:$port/api/approvals/$approval" >/tmp/$tag-approve.json
  for i in $(seq 120); do
    curl -sS -b /tmp/jar "http://127.0.0.1:$port/api/script-runs?script=restart_service&limit=1" >/tmp/$tag-run.json
    grep -q "\"arguments\":{\"service\":\"$3\"}" /tmp/$tag-run.json && ! grep -q '"state":"running"' /tmp/$tag-run.json && break
    sleep 0.5
  done
  for i in $(seq 60); do
    curl -sS -b /tmp/jar-op "http://127.0.0.1:$port/api/tasks/$task" >/tmp/$tag-final.json
    grep -o '"state":"[a-z_]*"' /tmp/$tag-final.json | head -1 | grep -qE '"(success|failed|cancelled)"' && break
    sleep 0.5
  done
  curl -sS --max-time 10 -b /tmp/jar-op -H 'Accept: text/event-stream' "http://127.0.0.1:$port/api/tasks/$task/events" >/tmp/$tag-events.sse 2>/dev/null
  RESTART_TASK=$task RESTART_APPROVAL=$approval
}
before_pid=$(systemctl show -p MainPID --value harmless-test.service)
restart_chat "restart the harmless test service" ok harmless-test
check "the question waits for an approval (waiting_input, approval-required for restart_service, service=harmless-test)" sh -c "
  grep -q '\"state\":\"waiting_input\"' /tmp/ok-task.json && grep -q '^event: approval-required' /tmp/ok-waiting.sse &&
  grep -q '\"skill\":\"restart_service\"' /tmp/ok-waiting.sse && grep -q '\"service\":\"harmless-test\"' /tmp/ok-waiting.sse"
check "the admin sees it pending (GET /api/approvals)" grep -q "\"approval_id\":\"$RESTART_APPROVAL\"" /tmp/ok-pending.json
check "an operator cannot approve it (HTTP $(cat /tmp/ok-op-approve.code))" test "$(cat /tmp/ok-op-approve.code)" = 403
check "the admin approves it (POST /api/approvals/ID)" grep -q '"state":"approved"' /tmp/ok-approve.json
after_pid=$(systemctl show -p MainPID --value harmless-test.service)
check "the task succeeded: $(grep -o '"state":"[a-z_]*"' /tmp/ok-final.json | head -1)" sh -c "grep -o '\"state\":\"[a-z_]*\"' /tmp/ok-final.json | head -1 | grep -q success"
check "harmless-test.service really restarted (MainPID $before_pid → $after_pid), active" sh -c "[ -n '$before_pid' ] && [ '$before_pid' != 0 ] && [ '$after_pid' != 0 ] && [ '$before_pid' != '$after_pid' ] && systemctl is-active harmless-test.service"
R=/tmp/ok-run.json
check "audit (GET /api/script-runs): requested_by olga, approved_by alice, exit 0, success, service=harmless-test, run in its own unit" sh -c "
  grep -q '\"requested_by\":\"olga\"' $R && grep -q '\"approved_by\":\"alice\"' $R && grep -q '\"exit_code\":0' $R && grep -q '\"state\":\"success\"' $R &&
  grep -q '\"arguments\":{\"service\":\"harmless-test\"}' $R && grep -qE '\"sandbox\":\"unit:airgap-agent-script@[0-9a-f]{32}\\.service\"' $R && grep -q 'harmless-test.service is active' $R"
check "the run's unit left its journal (airgap-agent-script@…: scripts exec)" sh -c "journalctl --no-pager -t airgap-agent-script | grep -q 'restart_service: success'"
# N20: the same restart from any other process of the service user is refused by polkit
pid_before=$(systemctl show -p MainPID --value harmless-test.service)
runuser -u airgap-agent -- systemctl restart harmless-test.service >/tmp/direct-restart.out 2>&1; rc=$?
check "the service user outside a run's unit: systemctl restart harmless-test refused (rc $rc: $(head -c 80 /tmp/direct-restart.out))" sh -c "
  [ $rc -ne 0 ] && grep -qiE 'interactive authentication required|access denied' /tmp/direct-restart.out && [ \"\$(systemctl show -p MainPID --value harmless-test.service)\" = '$pid_before' ]"
# a process of the service user inside the service's own cgroup (what the service itself or one of its children
# would be): the unit's own ExecReload= runs there as User=airgap-agent with the unit's hardening. A drop-in adds
# one for this check only. (Moving a process into the unit's cgroup by writing cgroup.procs is refused with EIO on
# hosts whose guest runs a hybrid cgroup hierarchy, and systemd's AttachProcessesToUnit only serves delegated units.)
N20_OUT=$DATA/n20-restart.out
mkdir -p /etc/systemd/system/airgap-agent.service.d
printf '[Service]\nExecReload=-/bin/sh -c "systemctl restart harmless-test.service >%s 2>&1; echo rc=$$? >>%s; cat /proc/self/cgroup >>%s"\n' \
  "$N20_OUT" "$N20_OUT" "$N20_OUT" > /etc/systemd/system/airgap-agent.service.d/n20-test.conf
systemctl daemon-reload && systemctl reload airgap-agent.service; rc=$?
rm -f /etc/systemd/system/airgap-agent.service.d/n20-test.conf; rmdir /etc/systemd/system/airgap-agent.service.d 2>/dev/null; systemctl daemon-reload
check "a process of the service user inside the service's own cgroup (its ExecReload=): refused too (reload rc $rc: $(head -c 120 "$N20_OUT" 2>/dev/null | tr '\n' ' '))" sh -c "
  grep -q '^rc=[1-9]' '$N20_OUT' && grep -qiE 'interactive authentication required|access denied' '$N20_OUT' &&
  grep -q 'system.slice/airgap-agent.service' '$N20_OUT' && [ \"\$(systemctl show -p MainPID --value harmless-test.service)\" = '$pid_before' ]"
rm -f "$N20_OUT"
runuser -u airgap-agent -- systemctl start airgap-agent-script@0123456789abcdef0123456789abcdef.service >/tmp/forged-unit.out 2>&1
check "a run unit started for a run that is not queued takes nothing: it fails, nothing restarted" sh -c "
  journalctl --no-pager -u airgap-agent-script@0123456789abcdef0123456789abcdef.service | grep -q 'not waiting for its unit' && [ \"\$(systemctl show -p MainPID --value harmless-test.service)\" = '$pid_before' ]"
mkdir -p "$DATA/scripts/restart_bus"
printf 'name: restart_bus\nversion: 1.0.0\ndescription: { en: x, zh: x }\ncommand: [./run]\ntouches: { units: [dbus.service, -.mount] }\n' > "$DATA/scripts/restart_bus/manifest.yaml"
printf '#!/bin/sh\n' > "$DATA/scripts/restart_bus/run"; chmod 0750 "$DATA/scripts/restart_bus/run"; chown -R root:airgap-agent "$DATA/scripts/restart_bus"
agent scripts list >/tmp/scripts-bus.out 2>&1
check "a manifest listing dbus.service or -.mount: disabled with the reason, left out of the rule" sh -c "
  grep -q 'restart_bus  DISABLED .*is a unit the system itself needs' /tmp/scripts-bus.out &&
  ! agent scripts polkit-rule --user airgap-agent 2>/dev/null | grep -q 'dbus.service'"
rm -rf "$DATA/scripts/restart_bus"
guarded_pid=$(systemctl show -p MainPID --value guarded-test.service)
restart_chat "restart the guarded test service" no guarded-test
check "a unit outside the polkit rule (guarded-test): approved, the script fails, the task says so (then $(grep -o '"state":"[a-z_]*"' /tmp/no-final.json | head -1))" sh -c "
  grep -q '\"state\":\"approved\"' /tmp/no-approve.json && grep -q 'script restart_service exited with code 1' /tmp/no-events.sse &&
  grep -o '\"state\":\"[a-z_]*\"' /tmp/no-final.json | head -1 | grep -q failed"
check "polkit refused it: guarded-test.service not restarted (MainPID $guarded_pid)" test "$(systemctl show -p MainPID --value guarded-test.service)" = "$guarded_pid"
R=/tmp/no-run.json
check "audit: guarded-test run failed, exit 1, polkit's refusal in its output, olga/alice recorded" sh -c "
  grep -q '\"state\":\"failed\"' $R && grep -q '\"exit_code\":1' $R && grep -q '\"arguments\":{\"service\":\"guarded-test\"}' $R &&
  grep -qiE 'interactive authentication required|access denied' $R && grep -q '\"requested_by\":\"olga\"' $R && grep -q '\"approved_by\":\"alice\"' $R"
echo "  refused run's output: $(sed -n 's/.*"output_tail":"\([^"]*\)".*/\1/p' $R | cut -c1-200)"

# ------------------------------------------------------------------ the CLI as typed: root, an admin, speed, memory
section "CLI as typed (root, a console admin, another user)"
Q="产线A昨天的次品率是多少？"
SOCK=/run/airgap-agent/cli.sock
check "the console socket $SOCK: 0660 airgap-agent:airgap-agent in a 0750 folder; its proofs folder 1730" test "$(stat -c '%a %U %G' $SOCK 2>/dev/null) $(stat -c %a /run/airgap-agent 2>/dev/null) $(stat -c '%a %U' $SOCK.peers 2>/dev/null)" = "660 airgap-agent airgap-agent 750 1730 airgap-agent"
airgap-agent ask "$Q" >/tmp/root-ask.out 2>/tmp/root-ask.err; rc=$?
check "root: airgap-agent ask (no --config, no runuser) answers through the service: $(head -c 100 /tmp/root-ask.out | tr '\n' ' ')" sh -c "[ $rc -eq 0 ] && grep -q '%' /tmp/root-ask.out && grep -q '^\[via\] the service' /tmp/root-ask.err"
airgap-agent ask --json --quiet "$Q" >/tmp/root-ask.json 2>&1
check "root: ask --json carries the trace id" grep -qE '"trace_id":"[0-9a-f-]{36}"' /tmp/root-ask.json
airgap-agent doctor >/tmp/root-doctor.out 2>&1; rc=$?
check "root: airgap-agent doctor (rc $rc)" sh -c "[ $rc -eq 0 ] && grep -q '^healthy' /tmp/root-doctor.out"
check "root: airgap-agent users list" sh -c "airgap-agent users list | grep -q alice"
check "root: airgap-agent skills list" sh -c "airgap-agent skills list | grep -q quality_metrics"
check "root: airgap-agent maintenance" airgap-agent maintenance
check "root: airgap-agent config check" airgap-agent config check
# a shipped maintenance script run by root at the console: the launcher runs it as the service user (so it is a
# plain child process, scripts.sandbox auto), and its audit row (agent.db script_runs) says who asked and how it ended
airgap-agent scripts run disk_health >/tmp/root-script.out 2>/tmp/root-script.err; rc=$?
script_run=$(sed -n 's/^run //p' /tmp/root-script.out | head -1)
check "root: scripts run disk_health (rc $rc): $(head -1 /tmp/root-script.out)" sh -c "[ $rc -eq 0 ] && [ -n '$script_run' ] &&
  grep -qE '^disk_health( [0-9.]+)?: success, exit code 0,' /tmp/root-script.out && grep -q 'RESULT: ' /tmp/root-script.err"
airgap-agent scripts runs --json --script disk_health --limit 1 >/tmp/root-script-runs.json 2>&1
R=/tmp/root-script-runs.json
check "root: scripts runs shows that run's audit row (success, exit 0, asked by console:airgap-agent)" sh -c "
  grep -q '\"run_id\": \"$script_run\"' $R && grep -q '\"state\": \"success\"' $R &&
  grep -q '\"exit_code\": 0' $R && grep -q '\"requested_by\": \"console:airgap-agent\"' $R"
case_file=$(ls /opt/airgap-agent/current/testcases/*.yaml | head -1)
(cd /root && agent-test "$case_file") >/tmp/root-agent-test.out 2>&1; rc=$?
check "root: agent-test $(basename "$case_file") in process (rc $rc): $(tail -1 /tmp/root-agent-test.out)" sh -c "[ $rc -eq 0 ] && tail -1 /tmp/root-agent-test.out | grep -qE '^[0-9]+ passed, 0 failed'"
# every shipped file brings its own demo plant, which a remote run skips (the service answers from its own
# plant.db): cases with neither a plant nor a clock, asked of the installed service, must really run and pass
# (in /tmp: agent-test as root runs as the service user, which cannot read /root)
cat > /tmp/remote-cases.yaml <<'CASES'
- name: a defect rate through the service
  input: "What was line A's defect rate yesterday?"
  expected_mode: rules
  expected_skill: quality_metrics
  expected_error: null
- name: last week's output in Chinese through the service
  input: "A线上周的产量"
  expected_mode: rules
  expected_skill: quality_metrics
  expected_output_contains: ["产线A"]
CASES
(cd /root && agent-test --url local /tmp/remote-cases.yaml) >/tmp/root-agent-test-url.out 2>&1; rc=$?
check "root: agent-test --url local, two cases through the service (rc $rc): $(tail -1 /tmp/root-agent-test-url.out)" sh -c "[ $rc -eq 0 ] && [ \"\$(tail -1 /tmp/root-agent-test-url.out)\" = '2 passed, 0 failed' ]"
check "root: ask --help prints its usage, exit 0" sh -c 'airgap-agent ask --help | grep -q "^usage: airgap-agent ask"'
check "root: every command has --help (exit 0)" sh -c 'for c in ask chat doctor users skills maintenance test serve seed config mcp llm version; do airgap-agent $c --help >/dev/null || exit 1; done'
check "root: chat treats exit as a command" sh -c "printf 'exit\nwhat was line A output?\n' | airgap-agent chat --quiet | wc -c | grep -qx 0"
check "the root commands left no root-owned files in $DATA or /var/log/airgap-agent" sh -c "f=\$(find $DATA /var/log/airgap-agent \( -path $DATA/scripts -o -path $DATA/models \) -prune -o -user root -print | head -5); [ -z \"\$f\" ] || { ls -ld \$f; exit 1; }"
useradd -m -G airgap-agent carol && useradd -m dave && useradd -m -G airgap-agent-drop mesexport
# N3: a member of the socket's group is not an admin by membership: she is her own account, or refused
runuser -u carol -- airgap-agent ask "$Q" >/tmp/carol-ask.out 2>/tmp/carol-ask.err; rc=$?
check "carol (group airgap-agent, no account): ask is refused by the service, with the fix (rc $rc)" sh -c "
  [ $rc -eq 1 ] && grep -q 'the local user carol (uid [0-9]*) has no airgap-agent account' /tmp/carol-ask.err && grep -q 'users add carol --role operator' /tmp/carol-ask.err"
printf '%s\n' "$PASSWORD" | agent users add carol --role operator --password-stdin >/dev/null 2>&1
runuser -u carol -- airgap-agent ask "$Q" >/tmp/carol-ask.out 2>/tmp/carol-ask.err; rc=$?
check "carol with an operator account of her name: ask answers through the service as carol (rc $rc)" sh -c "[ $rc -eq 0 ] && grep -q '%' /tmp/carol-ask.out && grep -q 'as carol)' /tmp/carol-ask.err"
# by hand, as an attacker would: curl on the socket with carol's own proof file, then with none
carol_api() {
  # carol_api PATH [OUTFILE]: the HTTP status of GET PATH on the console socket as carol, with a proof she made
  runuser -u carol -- bash -c 'n=$(od -An -tx1 -N16 /dev/urandom | tr -d " \n"); : > "$1.peers/$n" &&
    curl -sS --max-time 10 --unix-socket "$1" -H "X-Airgap-Peer: $n" -o "$3" -w "%{http_code}" "http://console$2"' carol-api "$SOCK" "$1" "${2:-/dev/null}"
}
check "carol over the socket by hand: /api/me is carol (operator); /api/approvals and /api/audit are 403" sh -c "
  [ '$(carol_api /api/me /tmp/carol-me.json)' = 200 ] && grep -q '\"username\":\"carol\",\"role\":\"operator\"' /tmp/carol-me.json &&
  [ '$(carol_api /api/approvals)' = 403 ] && [ '$(carol_api /api/audit)' = 403 ]"
check "the socket without a proof: 401, never the console admin" test "$(runuser -u carol -- curl -sS --max-time 10 --unix-socket $SOCK -o /dev/null -w '%{http_code}' http://console/api/approvals)" = 401
runuser -u carol -- airgap-agent users list >/tmp/carol-users.out 2>&1; rc=$?
check "carol: users list is refused clearly with the sudo form (rc $rc)" sh -c "[ $rc -eq 77 ] && grep -q 'sudo airgap-agent users list' /tmp/carol-users.out"
runuser -u dave -- airgap-agent ask "$Q" >/tmp/dave-ask.out 2>&1; rc=$?
check "dave (not in the group): ask is refused, naming usermod -aG airgap-agent (rc $rc)" sh -c "[ $rc -eq 77 ] && grep -q 'usermod -aG airgap-agent dave' /tmp/dave-ask.out"
# the drop folder's own group: the export account writes the inbox and reaches nothing else
check "mesexport (group airgap-agent-drop): writes the inbox, cannot open the console socket nor list $DATA" sh -c "
  runuser -u mesexport -- sh -c 'echo x > $INBOX/.probe-mesexport && rm $INBOX/.probe-mesexport' &&
  ! runuser -u mesexport -- curl -sS --max-time 5 --unix-socket $SOCK http://console/api/me 2>/dev/null &&
  ! runuser -u mesexport -- ls $DATA >/dev/null 2>&1 && ! id -nG mesexport | tr ' ' '\\n' | grep -qx airgap-agent"

section "ask latency with and without the service"
# end to end as typed by root: the launcher, runuser, the binary, the answer
# the load on the host moves every figure: the program's own start, measured beside them, is the yardstick
t0=$(ms); for _ in 1 2 3 4 5; do airgap-agent --version >/dev/null 2>&1; done; t1=$(ms)
version_ms=$(( (t1 - t0) / 5 )); metric ASK_BASELINE_VERSION_MS $version_ms
echo "  airgap-agent --version through the launcher, now: $version_ms ms (mean of 5)"
t0=$(ms); for _ in 1 2 3 4 5; do airgap-agent ask --quiet "$Q" >/dev/null 2>&1; done; t1=$(ms)
ask_service=$(( (t1 - t0) / 5 )); metric ASK_SERVICE_MS $ask_service
echo "  ask through the service: $ask_service ms (mean of 5; target < 1000)"
systemctl stop airgap-agent.service
airgap-agent ask --quiet "$Q" >/tmp/cold-ask.out 2>&1; rc=$?
check "ask without the service answers in process (rc $rc): $(head -c 80 /tmp/cold-ask.out)" sh -c "[ $rc -eq 0 ] && grep -q '%' /tmp/cold-ask.out"
t0=$(ms); for _ in 1 2 3; do airgap-agent ask --quiet "$Q" >/dev/null 2>&1; done; t1=$(ms)
ask_cold=$(( (t1 - t0) / 3 )); metric ASK_COLD_MS $ask_cold
# where a cold question's time goes: each trace line with the ms since the start
t0=$(ms); airgap-agent ask "$Q" 2>&1 >/dev/null | while IFS= read -r line; do echo "  | +$(( $(ms) - t0 )) ms ${line:0:110}"; done; echo "  | +$(( $(ms) - t0 )) ms exit"
echo "  ask without the service (cold, only the servers the question needs): $ask_cold ms (mean of 3; target < 2000)"
# figures, not checks (targets live in benchmarks; the host's load moves them): what is checked is
# that a cold ask ends with its answer and leaves no MCP server behind
left=$(ps -e -o args= | grep -c '[m]cp query')
check "a cold ask leaves no MCP server behind ($left left)" sh -c "[ $left -eq 0 ]"
check "the cold asks left no root-owned files in $DATA" sh -c "f=\$(find $DATA /var/log/airgap-agent \( -path $DATA/scripts -o -path $DATA/models \) -prune -o -user root -print | head -5); [ -z \"\$f\" ] || { ls -ld \$f; exit 1; }"

section "idle memory of the unit (all its processes)"
cp "$CONFIG" /root/config.before-idletest
printf 'mcp:\n  idle_stop_s: 10\n' >> "$CONFIG"
systemctl start airgap-agent.service
until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.1; done
sleep 3
read -r rss procs < <(unit_rss_mb airgap-agent.service); metric IDLE_RSS_MB "$rss"; metric IDLE_PROCS "$procs"
echo "  right after start: $rss MB in $procs process(es) (target ≤ 300 MB)"
# which processes: the service, the query server its router's equipment lookup starts, that server's worker
unit_main=$(systemctl show -p MainPID --value airgap-agent.service)
ps -e -o pid=,ppid=,rss=,args= | awk -v root="$unit_main" '
  { pid = $1; parent[pid] = $2; rss[pid] = $3; $1 = $2 = $3 = ""; cmd[pid] = substr($0, 4, 90) }
  END { for (p in parent) { q = p; while (q != "" && q != 0 && q != root) q = parent[q];
        if (q == root) printf "  | pid %s %d MB %s\n", p, rss[p] / 1024, cmd[p] } }'
check "right after start only the servers a call needed run (no mcp utils/holidays/docs/plant)" \
  sh -c "[ \$(ps -e -o args= | grep -cE '[m]cp (utils|holidays|docs|plant)\$') -eq 0 ]"
sleep 11
read -r rss_quiet procs_quiet < <(unit_rss_mb airgap-agent.service); metric IDLE_START_QUIET_RSS_MB "$rss_quiet"
echo "  idle after start, no question for mcp.idle_stop_s (10 s): $rss_quiet MB in $procs_quiet process(es) (target ≤ 300 MB)"
root_task() {
  # root_task QUESTION OUTFILE: POST /api/tasks on the console socket as root (the console admin), with a
  # proof of its own (each proof serves one request: src/http/peer-proof.ts); the HTTP status goes to OUTFILE.status
  local n; n=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n'); : > "$SOCK.peers/$n"
  curl -sS -N --max-time 60 --unix-socket $SOCK -H "X-Airgap-Peer: $n" -H 'Content-Type: application/json' \
    -H 'Accept: text/event-stream' -d "{\"question\":\"$1\"}" -o "$2" -w '%{http_code}\n' http://console/api/tasks > "$2.status" 2>&1
}
burst() {
  # N questions through the console socket, 10 at a time; every one must be answered (200 with an answer)
  local i
  rm -rf /tmp/burst; mkdir -p /tmp/burst
  for i in $(seq "$1"); do
    root_task "What was line $(printf 'ABC' | cut -c$(( i % 3 + 1 )))'s $(case $(( i % 3 )) in 0) echo 'defect rate yesterday' ;; 1) echo 'output last Wednesday' ;; *) echo 'defect rate this week' ;; esac)?" /tmp/burst/$i &
    [ $(( i % 10 )) -eq 0 ] && wait
  done
  wait
  answered=$(grep -l "\"answer\":\"" /tmp/burst/* 2>/dev/null | wc -l)
  statuses=$(cat /tmp/burst/*.status | sort | uniq -c | tr -s ' \n' ' ')
}
t0=$(ms); burst 200; t1=$(ms)
read -r rss_burst procs_burst < <(unit_rss_mb airgap-agent.service); metric BURST_RSS_MB "$rss_burst"; metric BURST_PROCS "$procs_burst"
echo "  right after 200 questions ($((t1 - t0)) ms): $rss_burst MB in $procs_burst processes"
check "the burst's 200 questions were all answered ($answered answered; HTTP statuses: $statuses)" test "$answered" = 200
sleep 15
read -r rss_idle2 procs_idle2 < <(unit_rss_mb airgap-agent.service); metric IDLE_AFTER_BURST_RSS_MB "$rss_idle2"
echo "  idle again (servers stopped after mcp.idle_stop_s): $rss_idle2 MB in $procs_idle2 process(es)"
t0=$(ms); burst 200; t1=$(ms); sleep 15
read -r rss_idle3 procs_idle3 < <(unit_rss_mb airgap-agent.service); metric IDLE_AFTER_BURST2_RSS_MB "$rss_idle3"
echo "  after a second burst and idle: $rss_idle3 MB in $procs_idle3 process(es)"
# a target, not a check (targets live in figures, never in timed or sized tests): reported in metrics.txt
echo "  idle unit RSS: $rss MB right after start, $rss_quiet MB idle after start, $rss_idle2 MB after a burst (target ≤ 300 MB: $([ "$rss_quiet" -le 300 ] && [ "$rss_idle2" -le 300 ] && echo met || echo not met))"
if [ "$rss_idle3" -le $(( rss_idle2 + 40 )) ]; then pass "no growth after a second burst: $rss_idle2 → $rss_idle3 MB"; else fail "growth after a second burst" "$rss_idle2 → $rss_idle3 MB"; fi
# the bursts' rule questions read plant.db in process (no MCP server starts for them); a document search and a
# holiday question start the docs and holidays servers, which must stop again after mcp.idle_stop_s without a call
i=0; for q in "find the press maintenance manual" "is the on-call engineer on a public holiday today?"; do
  i=$((i + 1)); root_task "$q" /tmp/idle-q$i.sse; cat /tmp/idle-q$i.sse.status /tmp/idle-q$i.sse >> /tmp/idle-docs.sse
done
servers_up=$(ps -e -o args= | grep -cE '[m]cp (docs|holidays|utils|plant)$')
sleep 15
servers_left=$(ps -e -o args= | grep -cE '[m]cp (docs|holidays|utils|plant)$')
check "servers started on demand stop when idle ($servers_up running after the questions, $servers_left after mcp.idle_stop_s; journal: server-idle-stop)" sh -c "
  [ $servers_up -ge 1 ] && [ $servers_left -eq 0 ] && journalctl -u airgap-agent --no-pager | grep -q 'server-idle-stop' ||
  { grep -o '\"answer\":\"[^\"]\{0,70\}' /tmp/idle-docs.sse; journalctl -u airgap-agent --no-pager | grep -oE '(server|mcp)-[a-z-]+.{0,60}' | tail -4; exit 1; }"
cp /root/config.before-idletest "$CONFIG"
systemctl restart airgap-agent.service
until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.1; done

# ------------------------------------------------------------------ the drop folder, plant.db read-only for the service
section "drop folder (airgap-agent-import) and read-only plant.db"
check "import unit enabled and active" sh -c 'systemctl is-enabled airgap-agent-import.service && systemctl is-active airgap-agent-import.service'
check "inbox $INBOX: the service user's, its own group airgap-agent-drop (setgid), outside $DATA" test "$(stat -c '%U %G %a' "$INBOX" 2>/dev/null)" = "airgap-agent airgap-agent-drop 2770"
main_pid=$(systemctl show -p MainPID --value airgap-agent.service)
check "the main service sees plant.db read-only at the OS level (EROFS, even for root in its namespace)" sh -c "! nsenter -t $main_pid -m -- sh -c ': >> $PLANT' 2>/tmp/ro.err && grep -qi 'read-only' /tmp/ro.err"
import_pid=$(systemctl show -p MainPID --value airgap-agent-import.service)
check "the import unit may write plant.db" nsenter -t "$import_pid" -m -- test -w "$PLANT"
# N9: a forged plant.db-journal beside plant.db would be rolled into it by the next import: no unit but the
# importer may put a file in plant.db's folder (the main service, as its own user or as root in its namespace)
check "plant.db's folder: $DATA/plant, the service user's, 0750" test "$(stat -c '%U %a' "$DATA/plant" 2>/dev/null)" = "airgap-agent 750"
check "the main service cannot put a journal beside plant.db (read-only folder, even for root in its namespace)" sh -c "
  ! nsenter -t $main_pid -m -- sh -c ': > $DATA/plant/plant.db-journal' 2>/tmp/n9.err && grep -qi 'read-only' /tmp/n9.err &&
  ! nsenter -t $main_pid -m -- runuser -u airgap-agent -- sh -c ': > $DATA/plant/forged' 2>/dev/null && [ ! -e $DATA/plant/plant.db-journal ] && [ ! -e $DATA/plant/forged ]"
for unit in airgap-agent-maintenance.service airgap-agent-llm.service; do
  systemctl cat "$unit" >/dev/null 2>&1 || continue
  check "$unit has plant.db's folder read-only" sh -c "systemctl show -p ReadOnlyPaths $unit | grep -q '$DATA/plant'"
done
check "the import unit may create files in plant.db's folder" sh -c "
  nsenter -t $import_pid -m -- runuser -u airgap-agent -- sh -c ': > $DATA/plant/.probe && rm $DATA/plant/.probe'"
yesterday=$(TZ=Asia/Shanghai date -d yesterday +%F)
sse_ask "What was line A's defect rate yesterday?" /tmp/sse-before-import.out
{ echo 'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at'
  for i in $(seq 1 2000); do echo "A,$yesterday,day,GUEST$i,铰链,100,50,burr,QC,$yesterday 12:00"; done; } > /tmp/guest-import.csv
# a partial copy (no marker, still growing) is not read; the marker makes it ready
head -c 2000 /tmp/guest-import.csv > "$INBOX/quality_data-guest.csv"; chown airgap-agent:airgap-agent "$INBOX/quality_data-guest.csv"
sleep 0.5
check "a partial file is not imported while it is still being written" test -e "$INBOX/quality_data-guest.csv"
t0=$(ms)
cat /tmp/guest-import.csv > "$INBOX/quality_data-guest.csv"; touch "$INBOX/quality_data-guest.csv.done"
until ls "$INBOX/done/"*quality_data-guest.csv.report.txt >/dev/null 2>&1 || [ $(( $(ms) - t0 )) -gt 30000 ]; do sleep 0.1; done
sse_ask "What was line A's defect rate yesterday?" /tmp/sse-after-import.out; t1=$(ms)
check "the import unit moved the file to done/ with a report" sh -c "grep -q 'imported 2,000 rows into quality_data' $INBOX/done/*quality_data-guest.csv.report.txt"
before_rate=$(grep -oE '[0-9]+\.[0-9]{2} ?%' /tmp/sse-before-import.out | head -1)
after_rate=$(grep -oE '[0-9]+\.[0-9]{2} ?%' /tmp/sse-after-import.out | head -1)
if [ -n "$after_rate" ] && [ "$after_rate" != "$before_rate" ]; then pass "the running service answers from the new data, no restart (line A yesterday $before_rate → $after_rate, inbox → answer $((t1 - t0)) ms)"; metric INBOX_TO_ANSWER_MS $((t1 - t0))
else fail "answer from the imported data" "before $before_rate after $after_rate: $(grep -A1 '^event: answer' /tmp/sse-after-import.out | head -c 300)"; fi
check "/readyz and /api/status say how fresh the data is" sh -c "curl -fsS http://127.0.0.1:$port/readyz | grep -q 'data up to' && curl -fsS -b /tmp/jar http://127.0.0.1:$port/api/status | grep -q '\"data_up_to\"'"
printf 'line_id,record_date\nA,not-a-date\n' > "$INBOX/quality_data-bad.csv"; touch "$INBOX/quality_data-bad.csv.done"
t0=$(ms); until ls "$INBOX/failed/"*quality_data-bad.csv.report.txt >/dev/null 2>&1 || [ $(( $(ms) - t0 )) -gt 30000 ]; do sleep 0.1; done
check "a bad export goes to failed/ with the problems named" sh -c "grep -q 'REJECTED' $INBOX/failed/*quality_data-bad.csv.report.txt"
check "doctor reports the data's freshness and the failed file" sh -c "runuser -u airgap-agent -- airgap-agent --config $CONFIG doctor --quick | grep -E '^(ok  |WARN) plant data: data up to .*file\(s\) in inbox/failed'"
rm -f "$INBOX/failed/"*
# a large export (≥ 8 MiB) is read in a reader process: the installed binary started again as
# `import-reader`, under the import unit's sandbox and syscall filter
awk 'BEGIN { print "line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at"
  split("A B C D", line, " ")
  for (i = 0; i < 160000; i++) { d = sprintf("2025-03-%02d", 1 + i % 28)
    printf "%s,%s,%s,BIG%06d,铰链,480,%d,burr,QC,%s 09:00\n", line[1 + i % 4], d, (i % 2 ? "night" : "day"), i, i % 5, d } }' \
  > "$INBOX/quality_data-large.csv"
chown airgap-agent:airgap-agent "$INBOX/quality_data-large.csv"; touch "$INBOX/quality_data-large.csv.done"
large_bytes=$(stat -c %s "$INBOX/quality_data-large.csv")
t0=$(ms); until ls "$INBOX/"{done,failed}/*quality_data-large.csv.report.txt >/dev/null 2>&1 || [ $(( $(ms) - t0 )) -gt 120000 ]; do sleep 0.2; done
large_report=$(cat "$INBOX/"{done,failed}/*quality_data-large.csv.report.txt 2>/dev/null)
large_rate=$(echo "$large_report" | grep -oE '[0-9,]+ rows/s' | head -1)
if echo "$large_report" | grep -q 'imported 160,000 rows into quality_data' && echo "$large_report" | grep -q 'read in a reader process'; then
  pass "a $((large_bytes / 1048576)) MiB export: read in a reader process, imported ($large_rate)"
  metric LARGE_IMPORT_ROWS_PER_S "$(echo "${large_rate%% *}" | tr -d ,)"
else fail "a large export through the reader process" "$(echo "$large_report" | head -c 600)"; fi

# ------------------------------------------------------------------ restart keeps data
section "restart"
before=$(fingerprint)
systemctl restart airgap-agent.service; sleep 1
check "restart keeps config and data" test "$(fingerprint)" = "$before"
check "active after restart" systemctl is-active airgap-agent.service

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
check "kept N nightly backups (--keep 2)" test "$(ls "$DATA/backups" | grep -cE '^agent-[0-9]{8}T[0-9]{6}Z\.db$')" -le 2
# the service's own file (pino-roll in the serve process): restart with the small size, make it write
systemctl restart airgap-agent.service
until curl -fsS --max-time 1 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.1; done
for _ in $(seq 6); do sse_ask "What was line B's defect rate yesterday?" /dev/null; for _ in $(seq 10); do curl -s -o /dev/null "http://127.0.0.1:$port/readyz"; done; done
service_files=$(ls /var/log/airgap-agent/ | grep -c '^service\.[0-9]*\.log$')
if [ "$service_files" -ge 2 ]; then pass "the service's own log file rotates at 1k: $service_files service.N.log files ($(ls /var/log/airgap-agent | grep '^service' | tr '\n' ' '))"
else fail "service log rotation" "$service_files service.N.log files: $(ls -l /var/log/airgap-agent | tr '\n' ' ')"; fi
check "journald keeps the service's stdout" sh -c 'journalctl -u airgap-agent.service --no-pager | grep -q .'
cp /root/config.before-logtest "$CONFIG"
systemctl restart airgap-agent.service
# an admin's own change that upgrades must keep
printf '\n# local change kept across upgrades\n' >> "$CONFIG"
config_sum=$(sha256sum "$CONFIG" | cut -d' ' -f1)

# ------------------------------------------------------------------ score gate (install.sh --require-pass, issue 32)
section "score gate: a release below the required pass rate is not switched to; the current one keeps running"
install -d -m 0750 -o root -g airgap-agent /etc/airgap-agent/testcases
cat > /etc/airgap-agent/testcases/gate-made-to-fail.yaml <<'CASES'
# the plant's own regression cases run with the shipped suite; this one is made to fail
- name: gate made to fail
  input: "What was line A's defect rate yesterday?"
  expected_output_contains: ["a phrase no answer ever holds"]
CASES
chgrp airgap-agent /etc/airgap-agent/testcases/gate-made-to-fail.yaml; chmod 0640 /etc/airgap-agent/testcases/gate-made-to-fail.yaml
gate_before=$(fingerprint); gate_pid=$(systemctl show -p MainPID --value airgap-agent.service)
t0=$(ms); "$B_DIR/install.sh" --require-pass 1 >/tmp/install-gate.out 2>&1; rc=$?; t1=$(ms)
sed 's/^/  | /' /tmp/install-gate.out | tail -15
metric SCORE_GATE_MS $((t1 - t0))
check "--require-pass 1 with a failing case: refused (rc $rc) in $((t1 - t0)) ms, the plant's own case run first, the run stopped at it, the rate and the failing case named" sh -c "
  [ $rc -ne 0 ] && grep -q 'did not pass the score gate: at most .* not run: the run stopped once the gate could no longer be met) is below the required 100.0%' /tmp/install-gate.out &&
  grep -q 'gate made to fail' /tmp/install-gate.out && grep -q 'keeps running' /tmp/install-gate.out"
check "after the refused gate: current → $A_VERSION, the same service process ($gate_pid), still ready" sh -c "
  [ \"\$(readlink -f /opt/airgap-agent/current)\" = /opt/airgap-agent/releases/$A_VERSION ] &&
  [ \"\$(systemctl show -p MainPID --value airgap-agent.service)\" = '$gate_pid' ] &&
  curl -fsS --max-time 3 http://127.0.0.1:$port/readyz | grep -q '\"status\":\"ready\"'"
gate_after=$(fingerprint)
check "the refused release touched no data and is not left installed: no agent.db snapshot for $B_VERSION, data unchanged, no releases/$B_VERSION" sh -c "
  ! ls $DATA/backups | grep -q 'agent-pre-v$B_VERSION' && [ '$gate_after' = '$gate_before' ] && [ ! -e /opt/airgap-agent/releases/$B_VERSION ]"
t0=$(ms); "$A_DIR/install.sh" --require-pass 0.9 >/tmp/install-gate-ok.out 2>&1; rc=$?; t1=$(ms)
metric SCORE_GATE_SUITE_MS $((t1 - t0))
check "--require-pass 0.9 (the same failing case): the whole shipped suite ran as the service user, only the case made to fail failed, the gate is met and the install completes (rc $rc, $((t1 - t0)) ms): $(grep -o 'score gate met: .*' /tmp/install-gate-ok.out)" sh -c "
  [ $rc -eq 0 ] && grep -qE 'score gate met: .* meets the required 90.0% — [0-9]+ passed, 1 failed\$' /tmp/install-gate-ok.out &&
  grep -q 'ready after' /tmp/install-gate-ok.out"
rm -rf /etc/airgap-agent/testcases

# ------------------------------------------------------------------ upgrade
section "upgrade to $B_VERSION"
before=$(fingerprint)
# a bundle signed by another key is refused on an upgrade, and changes nothing
rm -rf "$WORK/other"; cp -a "$B_DIR" "$WORK/other"; resign "$WORK/other"
"$WORK/other/install.sh" >/tmp/install-other.out 2>&1; rc=$?
after_other=$(fingerprint)
check "a bundle signed by another key: refused against the installed release's key (rc $rc), nothing changed" sh -c "
  [ $rc -ne 0 ] && grep -q 'the bundle is signed by another key (SHA256:[0-9a-f]*) than the installed release.s key' /tmp/install-other.out &&
  [ \"\$(readlink -f /opt/airgap-agent/current)\" = /opt/airgap-agent/releases/$A_VERSION ] && [ ! -e /opt/airgap-agent/releases/$B_VERSION ] &&
  [ '$after_other' = '$before' ] && systemctl is-active airgap-agent.service"
"$WORK/other/install.sh" --verify-signature --against /opt/airgap-agent/current/release-key.pem >/tmp/verify-other.out 2>&1; rc=$?
check "install.sh --verify-signature --against the installed key says the same without installing (rc $rc)" sh -c "[ $rc -ne 0 ] && grep -q 'signed by another key' /tmp/verify-other.out"
rm -rf "$WORK/other"
"$B_DIR/install.sh" >/tmp/install-b.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/install-b.out
[ $rc -eq 0 ] && pass "install.sh $B_VERSION (upgrade, rc 0)" || fail "upgrade" "rc $rc"
check "the upgrade checked the signature against the installed release's key" grep -qE 'signature OK: SHA256SUMS signed by SHA256:[0-9a-f]{64}' /tmp/install-b.out
check "current → $B_VERSION, previous → $A_VERSION" test "$(readlink -f /opt/airgap-agent/current) $(readlink -f /opt/airgap-agent/previous)" = "/opt/airgap-agent/releases/$B_VERSION /opt/airgap-agent/releases/$A_VERSION"
check "airgap-agent prints $B_VERSION" test "$(airgap-agent --version)" = "airgap-agent $B_VERSION"
check "upgrade kept the config byte for byte" test "$(sha256sum "$CONFIG" | cut -d' ' -f1)" = "$config_sum"
check "upgrade kept the data" test "$(fingerprint)" = "$before"
check "upgrade reported config keys (none new)" grep -q 'no new config keys\|config keys new in' /tmp/install-b.out
check "agent.db migrated by the new release before the switch" grep -q 'agent.db: .*schema' /tmp/install-b.out
check "agent.db snapshot before the switch: agent-pre-v$B_VERSION-<stamp>.db" sh -c "ls $DATA/backups | grep -qE '^agent-pre-v${B_VERSION//+/\\+}-[0-9]{8}T[0-9]{6}Z\.db$'"
check "ready after upgrade" grep -q 'ready after' /tmp/install-b.out
check "upgrade regenerated the polkit rule from the kept scripts.dir: unchanged" sh -c "grep -q 'polkit rule unchanged: .*(harmless-test.service)' /tmp/install-b.out && grep -q '\"harmless-test.service\"' $RULE"
[ "${MODEL:-0}" = 1 ] && check "embedded model service active after upgrade" systemctl is-active airgap-agent-llm.service
agent maintenance --keep 1 >/dev/null 2>&1; agent maintenance --keep 1 >/dev/null 2>&1
check "the nightly rotation (--keep 1, twice) keeps the pre-upgrade snapshot" sh -c "ls $DATA/backups | grep -q '^agent-pre-v'"

section "install.sh again (idempotent)"
"$B_DIR/install.sh" >/tmp/install-b2.out 2>&1; rc=$?
[ $rc -eq 0 ] && pass "second run of install.sh $B_VERSION (rc 0)" || fail "second run" "rc $rc: $(tail -3 /tmp/install-b2.out | tr '\n' ' ')"
check "second run kept the release in place" grep -q 'already in place' /tmp/install-b2.out
check "second run kept previous → $A_VERSION" test "$(readlink -f /opt/airgap-agent/previous)" = "/opt/airgap-agent/releases/$A_VERSION"
check "second run kept config and data" test "$(fingerprint) $(sha256sum "$CONFIG" | cut -d' ' -f1)" = "$before $config_sum"

section "an install of the old layout (plant.db in $DATA itself): moved into $DATA/plant on upgrade"
# as a release before this one left it: plant.db beside agent.db, the config pointing there
systemctl stop airgap-agent.service airgap-agent-import.service
mv "$PLANT" "$DATA/plant.db"
sed -i "s#^  db: $PLANT\$#  db: $DATA/plant.db#" "$CONFIG"
"$B_DIR/install.sh" >/tmp/install-layout.out 2>&1; rc=$?
sed 's/^/  | /' /tmp/install-layout.out | grep -i 'plant' || true
if [ $rc -eq 0 ] && [ -f "$PLANT" ] && [ ! -e "$DATA/plant.db" ] && grep -qx "  db: $PLANT" "$CONFIG" && grep -qx "  db: $DATA/plant.db" "$CONFIG.pre-plant-folder" && grep -q "plant.db moved into $DATA/plant" /tmp/install-layout.out; then
  pass "old layout: plant.db moved into $DATA/plant, the config's line pointed at it (the old config kept), rc 0"
else fail "old layout migration" "rc $rc: $(grep -i plant /tmp/install-layout.out | tail -3 | tr '\n' ' ')"; fi
check "after the move: config byte for byte as before the old layout was simulated, data kept" test "$(sha256sum "$CONFIG" | cut -d' ' -f1) $(fingerprint)" = "$config_sum $before"
check "after the move: ready, and the import unit writes the moved plant.db" sh -c "grep -q 'ready after' /tmp/install-layout.out && nsenter -t \$(systemctl show -p MainPID --value airgap-agent-import.service) -m -- test -w $PLANT"
rm -f "$CONFIG.pre-plant-folder"

section "plant.db missing on an upgrade (e.g. the data disk not mounted)"
mv "$PLANT" /root/plant.db.aside
"$A_DIR/install.sh" >/tmp/install-noplant.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q 'plant.db is missing' /tmp/install-noplant.out && grep -q 'data disk' /tmp/install-noplant.out && [ ! -e "$PLANT" ] && [ "$(readlink -f /opt/airgap-agent/current)" = "/opt/airgap-agent/releases/$B_VERSION" ]; then
  pass "missing plant.db: refused with what to check, no demo data seeded, current unchanged"
else fail "missing plant.db on upgrade" "rc $rc: $(tail -3 /tmp/install-noplant.out | tr '\n' ' ')"; fi
mv /root/plant.db.aside "$PLANT"

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
check "ready after rollback" grep -q 'ready after' /tmp/rollback.out
/opt/airgap-agent/current/install.sh --rollback >/tmp/rollback2.out 2>&1
check "--rollback again returns to $B_VERSION" test "$(airgap-agent --version)" = "airgap-agent $B_VERSION"

# ------------------------------------------------------------------ uninstall / purge
section "uninstall"
/opt/airgap-agent/current/install.sh --uninstall >/tmp/uninstall.out 2>&1; rc=$?
[ $rc -eq 0 ] && pass "--uninstall (rc 0)" || fail "--uninstall" "rc $rc: $(tail -3 /tmp/uninstall.out | tr '\n' ' ')"
check "uninstall removed programs, units and links" sh -c '[ ! -e /opt/airgap-agent ] && [ ! -e /usr/local/bin/airgap-agent ] && [ ! -e /usr/local/bin/agent-test ] && [ ! -e /etc/systemd/system/airgap-agent.service ] && ! systemctl is-active --quiet airgap-agent.service'
check "uninstall removed the polkit rule and its record" sh -c "grep -q 'removed the polkit rule' /tmp/uninstall.out && [ ! -e $RULE ] && [ ! -e /etc/airgap-agent/polkit-rule.sha256 ]"
check "uninstall kept config and data" sh -c "[ -f $CONFIG ] && [ -f $DATA/agent.db ] && [ -f $PLANT ] && [ -d $DATA/skills ] && [ -f $DATA/.installed ] && [ \"\$(sha256sum $CONFIG | cut -d' ' -f1)\" = $config_sum ]"
# polkit missing on this host: the install goes on and its log says what restarts then lack, and the fix
mv /etc/polkit-1/rules.d /root/polkit-rules.d.aside
"$A_DIR/install.sh" >/tmp/reinstall.out 2>&1; rc=$?
check "install without polkit: the log says restarts cannot work from the service, and names apt install polkitd" sh -c "
  grep -q 'polkit is not installed (/etc/polkit-1/rules.d is missing): maintenance scripts cannot restart units' /tmp/reinstall.out &&
  grep -q 'apt install polkitd' /tmp/reinstall.out && [ ! -e /etc/airgap-agent/polkit-rule.sha256 ]"
mv /root/polkit-rules.d.aside /etc/polkit-1/rules.d
check "reinstall over kept data: rc 0, config kept, plant.db not re-seeded" sh -c "[ $rc -eq 0 ] && ! grep -q 'seeding the demo plant' /tmp/reinstall.out && [ \"\$(sha256sum $CONFIG | cut -d' ' -f1)\" = $config_sum ]"
/opt/airgap-agent/current/install.sh --purge </dev/null >/tmp/purge-no.out 2>&1; rc=$?
check "--purge without confirmation refuses and deletes nothing" sh -c "[ $rc -ne 0 ] && [ -f $DATA/agent.db ] && [ -e /opt/airgap-agent/current ]"
/opt/airgap-agent/current/install.sh --purge --yes >/tmp/purge.out 2>&1; rc=$?
check "--purge --yes removes everything, user, drop folder and its group included" sh -c "[ $rc -eq 0 ] && [ ! -e $DATA ] && [ ! -e $INBOX ] && [ ! -e /etc/airgap-agent ] && [ ! -e /opt/airgap-agent ] && ! getent passwd airgap-agent && ! getent group airgap-agent-drop"

# ------------------------------------------------------------------ summary
echo
if [ ${#FAILS[@]} -gt 0 ]; then echo "failed ($failed):"; printf '  %s\n' "${FAILS[@]}"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
