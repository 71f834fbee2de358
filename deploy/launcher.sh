#!/bin/sh
# airgap-agent launcher (installed by install.sh as /usr/local/bin/airgap-agent)
#
# Makes every command work as typed on the installed appliance:
# - the system config (/etc/airgap-agent/config.yaml) unless --config or
#   AIRGAP_AGENT_CONFIG names another;
# - as root, the command runs as the service user (runuser), so that agent.db,
#   the logs and backups keep their owner; refused when that user is missing;
# - as another user: ask, chat and agent-test --url local go through the
#   running service's console socket (members of the service's group may
#   connect; the service knows them by their own account of the same name,
#   or refuses them); commands that change the appliance's state say to use sudo.
# Read-only commands (version, help, config, parse-toolcalls) run as the caller.
BIN=${AIRGAP_AGENT_BIN:-/opt/airgap-agent/current/bin/airgap-agent}
SERVICE_USER=${AIRGAP_AGENT_USER:-airgap-agent}
SOCKET=${AIRGAP_AGENT_SOCKET:-/run/airgap-agent/cli.sock}
: "${AIRGAP_AGENT_CONFIG:=/etc/airgap-agent/config.yaml}"
export AIRGAP_AGENT_CONFIG

refuse() {
  printf 'airgap-agent: %s\n' "$1" >&2
  [ -n "${2:-}" ] && printf '  fix: %s\n' "$2" >&2
  exit 77
}

[ -x "$BIN" ] || refuse "the program $BIN is missing" "reinstall with install.sh, or roll back: /opt/airgap-agent/current/install.sh --rollback"

# the command is the first argument that is neither a global option nor its value
# (and whether -h/--help stands as an argument of its own before any `--`)
cmd= skip=0 help=0
for arg in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case $arg in
    --) break ;;
    --help|-h) help=1 ;;
    --config|--now) skip=1 ;;
    -*) ;;
    *) if [ -z "$cmd" ]; then cmd=$arg; fi ;;
  esac
done

case $cmd in
  ''|version|help|config|parse-toolcalls) exec "$BIN" "$@" ;;
esac
[ "$help" = 1 ] && exec "$BIN" "$@"

me=$(id -u)
if [ "$me" = 0 ]; then
  getent passwd "$SERVICE_USER" >/dev/null 2>&1 ||
    refuse "the service user $SERVICE_USER does not exist, so \`$cmd\` cannot run as it" "install (or repair) the appliance with install.sh"
  command -v runuser >/dev/null 2>&1 ||
    refuse "runuser is missing: cannot run \`$cmd\` as $SERVICE_USER" "apt-get install util-linux, or run: su -s /bin/sh $SERVICE_USER -c 'airgap-agent $cmd …'"
  exec runuser -u "$SERVICE_USER" -- env AIRGAP_AGENT_CONFIG="$AIRGAP_AGENT_CONFIG" "$BIN" "$@"
fi
if [ "$(id -un)" = "$SERVICE_USER" ]; then
  exec "$BIN" "$@"
fi

# another user: only what the running service answers
case $cmd in
  ask|chat|test)
    if [ "$cmd" = test ]; then
      case " $* " in *" --url "*|*" --url="*) ;; *) set -- "$@" --url local ;; esac
    fi
    if [ -S "$SOCKET" ] && [ -w "$SOCKET" ]; then exec "$BIN" "$@"; fi
    dir=$(dirname "$SOCKET")
    if [ -e "$SOCKET" ] || { [ -d "$dir" ] && [ ! -x "$dir" ]; }; then
      refuse "$(id -un) may not use the service's console socket $SOCKET" "run it as root (sudo airgap-agent $cmd …), or let an admin add you to the group: usermod -aG $SERVICE_USER $(id -un) (then log in again), and an account of your name: airgap-agent users add $(id -un)"
    fi
    refuse "the service is not running, and \`$cmd\` as $(id -un) can only ask the service" "start it (sudo systemctl start airgap-agent), or run as root: sudo airgap-agent $cmd …"
    ;;
  *)
    refuse "\`airgap-agent $cmd\` works on the appliance's state (owned by $SERVICE_USER): it runs as root or as $SERVICE_USER" "sudo airgap-agent $*"
    ;;
esac
