#!/bin/bash
# ExecStartPost of airgap-agent-llm.service: the unit counts as started only
# once the model is loaded and /health answers on llm.embedded.host:port, so
# airgap-agent.service (After= it) finds the model at its first probe.
#   wait-llm.sh CONFIG [SECONDS]
set -u
config=${1:-/etc/airgap-agent/config.yaml} limit=${2:-300}
binary=$(dirname "$(readlink -f "$0")")/../bin/airgap-agent
read -r host port < <("$binary" --config "$config" config show 2>/dev/null | awk '
  /^[^ ]/ { llm = ($0 ~ /^llm:/) } llm && /^  embedded:/ { e = 1; next } llm && /^  [^ ]/ { e = 0 }
  e && /^    host:/ { gsub(/["\047]/, ""); h = $2 } e && /^    port:/ { p = $2 } END { print (h == "" || h == "0.0.0.0" || h == "::" ? "127.0.0.1" : h), (p == "" ? 8081 : p) }')
started=$SECONDS
while [ $((SECONDS - started)) -lt "$limit" ]; do
  if (exec 3<>"/dev/tcp/$host/$port" && printf 'GET /health HTTP/1.0\r\nHost: %s\r\n\r\n' "$host" >&3 && IFS= read -r status <&3 && [[ $status == "HTTP/1."?" 200"* ]]) 2>/dev/null; then
    echo "embedded model service ready on http://$host:$port/v1 after $((SECONDS - started))s"
    exit 0
  fi
  sleep 0.2
done
echo "embedded model service: http://$host:$port/health did not answer within ${limit}s" >&2
exit 1
