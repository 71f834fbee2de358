#!/usr/bin/env bash
# A fresh clone, as a newcomer meets it (issue 30): as root, `npm run demo --
# --port N` installs the dependencies, seeds the demo plant, answers the example
# questions and serves the chat page on port N; then ANOTHER user runs
# `airgap-agent version` and `--help` from the same clone (node_modules must be
# readable by everyone: demo.sh keeps its umask 077 for var/ only).
#
#   sudo scripts/fresh-clone-test.sh [--port N] [--keep]
#
# Needs: root (useradd), git, npm's registry or its cache (~/.npm: npm ci
# prefers it), python3, make and g++ when better-sqlite3 has no prebuilt binary.
# A throwaway user and the clone under /tmp are removed at the end (--keep
# keeps the clone). Heavy (npm ci, 100,000 seeded rows): run it by hand or in CI,
# not in `npm test`. Exit 0 when every check passed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
port=18503 keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: $0 [--port N] [--keep]" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "fresh-clone-test: run as root (it adds a throwaway user)" >&2; exit 2; }

umask 022 # a stock root shell
status=0
pass() { printf 'PASS %s\n' "$1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; status=1; }

work=$(mktemp -d /tmp/airgap-fresh-XXXXXX)
chmod 755 "$work"
clone="$work/airgap-agent"
user="airgap-fresh-$$"
demo_pid=''
cleanup() {
  if [ -n "$demo_pid" ] && kill -0 "$demo_pid" 2>/dev/null; then
    kill -INT -- "-$demo_pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$demo_pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$demo_pid" 2>/dev/null || true
  fi
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
    echo "fresh-clone-test: something still serves on port $port after the demo was stopped" >&2
    status=1
  fi
  id "$user" >/dev/null 2>&1 && userdel "$user" 2>/dev/null || true
  if [ "$keep" = 1 ]; then echo "kept: $clone"; else rm -rf "$work"; fi
}
trap 'rc=$?; cleanup; [ "$rc" != 0 ] && exit "$rc"; exit "$status"' EXIT

# the committed tree, as `git clone` gives it (nothing ignored, no node_modules, no var/)
git clone --quiet --no-hardlinks "$here" "$clone"
git -C "$clone" checkout --quiet "$(git -C "$here" rev-parse HEAD)"

# 1. npm run demo -- --port N, as root, in its own process group (Ctrl-C stops the group)
log="$work/demo.log"
# exec: $demo_pid is setsid's pid, which becomes npm's and its process group's id
(cd "$clone" && NPM_CONFIG_PREFER_OFFLINE=true exec setsid --wait npm run demo -- --port "$port" >"$log" 2>&1) &
demo_pid=$!
deadline=$((SECONDS + 1500))
until grep -q "listening on" "$log" 2>/dev/null; do
  if ! kill -0 "$demo_pid" 2>/dev/null; then break; fi
  if [ $SECONDS -gt $deadline ]; then break; fi
  sleep 5
done
if grep -q "listening on http://127.0.0.1:$port " "$log"; then
  pass "npm run demo -- --port $port serves the chat page on that port"
else
  fail "npm run demo -- --port $port" "$(tail -20 "$log")"
fi
grep -q "open http://127.0.0.1:$port and log in" "$log" && pass "the banner names port $port" ||
  fail "the banner" "$(grep 'open http' "$log" || echo 'no banner')"
grep -q "installing npm dependencies (npm ci)" "$log" && pass "the set-up says it installs the dependencies" ||
  fail "the set-up message" "missing"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
[ "$code" = 200 ] && pass "the chat page answers (HTTP 200)" || fail "the chat page" "HTTP $code"
! grep -q "? --port" "$log" && pass "--port is not asked as a question" || fail "--port" "asked as a question"

# 2. another user runs the program from the same clone
useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
as_user() { setpriv --reuid="$user" --regid="$user" --init-groups --reset-env -- "$@"; }
out=$(cd "$clone" && as_user ./bin/airgap-agent version 2>&1) && [[ "$out" =~ ^airgap-agent\ [0-9] ]] &&
  pass "airgap-agent version as $user: $out" || fail "airgap-agent version as $user" "$out"
out=$(cd "$clone" && as_user ./bin/airgap-agent ask --help 2>&1) && grep -q '^examples:' <<<"$out" &&
  pass "airgap-agent ask --help as $user" || fail "airgap-agent ask --help as $user" "$(head -5 <<<"$out")"
# the demo's state stays private: the password file and agent.db are root's alone
[ "$(stat -c %a "$clone/var/demo-login.txt")" = 600 ] && [ "$(stat -c %a "$clone/var")" = 700 ] &&
  pass "var/ is 0700, var/demo-login.txt 0600" || fail "var/ modes" "$(stat -c '%a %n' "$clone/var" "$clone/var/demo-login.txt")"
bad=$(find "$clone/node_modules" -maxdepth 2 ! -perm -o+r -print -quit)
[ -z "$bad" ] && pass "node_modules is readable by every user" || fail "node_modules modes" "$(stat -c '%a %n' "$bad")"

exit $status
