#!/usr/bin/env bash
# The main job on the seeded demo plant, from a fresh clone:
#   npm run demo                      seed the demo plant (once), answer example
#                                     questions, then serve the chat page
#   npm run demo -- --port 8081       the same, the chat page on another port
#                   [--host 0.0.0.0]  (and address: the whole network may reach it)
#   npm run demo -- "question" ...    answer these questions and exit
# Data lives in ./var (plant.db, agent.db, docs, logs). No model is needed:
# the rules answer the frequent questions; set llm.base_url in a config file
# (AIRGAP_AGENT_CONFIG=...) to add a local model.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/setup.sh

usage() {
  cat <<'EOF'
usage: npm run demo [-- [--port N] [--host H] ["question" ...]]
  --port N    the chat page's port (default: server.port from the config, 8080)
  --host H    the address to listen on (default: server.host, 127.0.0.1; 0.0.0.0 = every interface)
  "question"  answer these questions and exit (no chat page)
EOF
}

port='' host=''
questions=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port | --host)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "demo: $1 needs a value" >&2; usage >&2; exit 2; }
      if [ "$1" = --port ]; then port=$2; else host=$2; fi
      shift 2 ;;
    --port=*) port=${1#--port=}; shift ;;
    --host=*) host=${1#--host=}; shift ;;
    -h | --help) usage; exit 0 ;;
    --) shift; questions+=("$@"); break ;;
    -*) echo "demo: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) questions+=("$1"); shift ;;
  esac
done
if [ -n "$port" ] && ! [[ "$port" =~ ^[0-9]+$ && "$port" -le 65535 ]]; then
  echo "demo: --port must be a whole number from 0 to 65535, not \"$port\"" >&2
  exit 2
fi

# with the caller's umask: node_modules stays readable by every user
ensure_node_modules
# var/ holds agent.db, logs and the demo password: created 0700/0600, not chmod-ed after
umask 077

agent=./bin/airgap-agent
if [ ! -f var/plant.db ]; then
  log "seeding the demo plant into var/plant.db (documents in var/docs)"
  "$agent" seed --db var/plant.db --docs var/docs
fi

ask() {
  printf '\n\033[1m? %s\033[0m\n' "$1"
  "$agent" ask "$1" || true
}

if [ ${#questions[@]} -gt 0 ]; then
  for question in "${questions[@]}"; do ask "$question"; done
  exit 0
fi

for question in \
  "What was line A's defect rate last Wednesday?" \
  "本周质量周报" \
  "B线3号冲压机振动，以前怎么修好的？" \
  "Is the on-call engineer on a public holiday today?" \
  "哪条产线上周次品率最高？"; do
  ask "$question"
done

# The chat page needs an account. There is no default password: the demo
# makes an admin "demo" with a random password, shown once, kept in var/.
if [ "$("$agent" users list --json)" = "[]" ]; then
  password=$(head -c 12 /dev/urandom | base64 | tr -d '/+=' | head -c 16)
  printf '%s\n' "$password" | "$agent" users add demo --role admin --password-stdin >/dev/null
  # created with mode 0600 (umask 077 above): never readable by others, not even for a moment
  printf 'user: demo\npassword: %s\n' "$password" > var/demo-login.txt
fi

# the address to open: the flags, else the config's server.host and server.port
read -r config_host config_port < <("$agent" config show --json |
  node -e 'const c = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(c.server.host, c.server.port)')
shown_host=${host:-$config_host}
case "$shown_host" in
  0.0.0.0 | :: | '') shown_host=$(hostname -I 2>/dev/null | awk '{print $1}'); shown_host=${shown_host:-127.0.0.1} ;;
esac
shown_port=${port:-$config_port}
if [ "$shown_port" = 0 ]; then where='the address serve prints below'; else where="http://$shown_host:$shown_port"; fi
log "starting the service: open $where and log in with the account in var/demo-login.txt (Ctrl-C to stop)"
[ -f var/demo-login.txt ] && cat var/demo-login.txt
serve_args=()
[ -n "$port" ] && serve_args+=(--port "$port")
[ -n "$host" ] && serve_args+=(--host "$host")
# a busy port: serve names this command's flag, not its own
export AIRGAP_AGENT_PORT_COMMAND='npm run demo --'
exec "$agent" serve "${serve_args[@]}"
