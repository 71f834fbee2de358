#!/usr/bin/env bash
# The main job on the seeded demo plant, from a fresh clone:
#   npm run demo                      seed the demo plant (once), answer example
#                                     questions, then serve the chat page
#   npm run demo -- "question" ...    answer these questions and exit
# Data lives in ./var (plant.db, agent.db, docs, logs). No model is needed:
# the rules answer the frequent questions; set llm.base_url in a config file
# (AIRGAP_AGENT_CONFIG=...) to add a local model.
set -euo pipefail
# var/ holds agent.db, logs and the demo password: created 0700/0600, not chmod-ed after
umask 077
cd "$(dirname "$0")/.."
. scripts/lib/setup.sh
ensure_node_modules

agent=./bin/airgap-agent
if [ ! -f var/plant.db ]; then
  log "seeding the demo plant into var/plant.db (documents in var/docs)"
  "$agent" seed --db var/plant.db --docs var/docs
fi

ask() {
  printf '\n\033[1m? %s\033[0m\n' "$1"
  "$agent" ask "$1" || true
}

if [ $# -gt 0 ]; then
  for question in "$@"; do ask "$question"; done
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
log "starting the service: open http://127.0.0.1:8080 and log in with the account in var/demo-login.txt (Ctrl-C to stop)"
[ -f var/demo-login.txt ] && cat var/demo-login.txt
exec "$agent" serve
