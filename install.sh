#!/usr/bin/env bash
# airgap-agent offline installer. Run as root from the unpacked bundle:
#
#   tar xzf airgap-agent-<version>-linux-x64.tar.gz
#   sudo ./airgap-agent-<version>/install.sh            install or upgrade
#   sudo /opt/airgap-agent/current/install.sh --rollback  back to the previous release
#   sudo /opt/airgap-agent/current/install.sh --uninstall remove programs, keep config and data
#   sudo /opt/airgap-agent/current/install.sh --purge [--yes]  remove config and data too
#   sudo /opt/airgap-agent/current/install.sh --polkit-rule  rewrite the polkit rule (after editing a script manifest)
#
# Never reaches the network. Checks the host and every file (SHA256SUMS, model
# files too) before touching anything; running it twice is safe.
#   /opt/airgap-agent/releases/<version>  the programs (current → one of them)
#   /etc/airgap-agent/config.yaml         config (first install only, never overwritten)
#   /var/lib/airgap-agent                 plant.db, agent.db, backups/, docs/, skills/ (the plant's own), inbox/ (the drop folder)
#   /var/log/airgap-agent                 rotating logs (journald has stdout)
#   /etc/polkit-1/rules.d/50-airgap-agent.rules  lets the service restart the scripts' units (when polkit is installed)
# plant.db is seeded with the demo plant on the FIRST install only (recorded in
# /var/lib/airgap-agent/.installed); later, a missing plant.db is an error.
# env: AIRGAP_READY_TIMEOUT (seconds to wait for /readyz, default 60)
set -euo pipefail
umask 022

NAME=airgap-agent
USER_NAME=airgap-agent
OPT=/opt/airgap-agent
ETC=/etc/airgap-agent
CONFIG=$ETC/config.yaml
DATA=/var/lib/airgap-agent
LOGS=/var/log/airgap-agent
UNITS=/etc/systemd/system
BIN_LINKS=/usr/local/bin
READY_TIMEOUT=${AIRGAP_READY_TIMEOUT:-60}
MARKER=$DATA/.installed
POLKIT_RULES=/etc/polkit-1/rules.d
POLKIT_RULE=$POLKIT_RULES/50-airgap-agent.rules
POLKIT_RECORD=$ETC/polkit-rule.sha256
BUNDLE=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)

say() { printf '%s\n' "install: $*"; }
warn() { printf '%s\n' "install: WARNING: $*" >&2; }
die() {
  # die WHAT [FIX]
  printf '%s\n' "install: ERROR: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "  fix: $2" >&2
  exit 1
}

usage() {
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
}

MODE=install YES=0
while [ $# -gt 0 ]; do
  case $1 in
    --rollback) MODE=rollback ;;
    --uninstall) MODE=uninstall ;;
    --purge) MODE=purge ;;
    --polkit-rule) MODE=polkit ;;
    --yes|-y) YES=1 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option: $1" "use one of: (none) | --rollback | --uninstall | --purge [--yes] | --polkit-rule | --help" ;;
  esac
  shift
done

# ---------------------------------------------------------------- checks
require_root() {
  [ "$(id -u)" = 0 ] || die "install.sh must run as root (it creates a system user, /opt, /etc and systemd units)" "run it with sudo: sudo $0"
}

require_systemd() {
  local pid1
  pid1=$(cat /proc/1/comm 2>/dev/null || true)
  [ "$pid1" = systemd ] && [ -d /run/systemd/system ] ||
    die "systemd is not running as PID 1 (PID 1 is \"${pid1:-unknown}\")" "install on a host booted with systemd; containers need systemd as init (e.g. systemd-nspawn -b)"
  command -v systemctl >/dev/null || die "systemctl not found" "install systemd"
}

require_tools() {
  local missing=() tool
  for tool in sha256sum runuser useradd getent flock df awk sed cp mv ln readlink comm sort timeout; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing commands on this host: ${missing[*]}" "these come with Debian's base system (coreutils, util-linux, passwd); install them from the plant's offline mirror"
}

version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

bundle_value() { sed -n "s/^$1=//p" "$BUNDLE/bundle.env" | head -1; }

check_host() {
  local arch glibc need
  arch=$(uname -m)
  [ "$arch" = x86_64 ] || die "this bundle is for x86_64, this host is $arch" "use the bundle built for $arch (npm run bundle on a $arch build machine)"
  need=$(bundle_value GLIBC_MIN)
  glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
  [ -n "$glibc" ] || die "cannot determine the C library version (getconf GNU_LIBC_VERSION)" "this bundle needs glibc >= $need (Debian 10+, Ubuntu 20.04+, RHEL 8+); musl systems (Alpine) are not supported"
  version_ge "$glibc" "$need" || die "glibc $glibc is older than the $need the bundled Node.js runtime needs" "install on Debian 11+/Ubuntu 20.04+/RHEL 8+, or upgrade the host's libc6"
  require_systemd
  require_tools
}

free_kb() {
  # free KiB on the file system holding $1 (or its nearest existing parent)
  local dir=$1
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  df -Pk "$dir" | awk 'NR==2 {print $4}'
}

check_disk() {
  local need_opt need_var have
  need_opt=$(( $(du -sk "$BUNDLE" | cut -f1) * 2 + 51200 ))
  have=$(free_kb "$OPT")
  [ "$have" -ge "$need_opt" ] || die "not enough free disk under $OPT: $((have / 1024)) MiB free, $((need_opt / 1024)) MiB needed" "free space (old releases in $OPT/releases can go, except current and previous) or add disk"
  need_var=204800
  have=$(free_kb "$DATA")
  [ "$have" -ge "$need_var" ] || die "not enough free disk under $DATA: $((have / 1024)) MiB free, $((need_var / 1024)) MiB needed" "free space under /var (old backups in $DATA/backups, rotated logs in $LOGS) or add disk"
}

verify_bundle() {
  local required listed unlisted
  [ -f "$BUNDLE/SHA256SUMS" ] || die "$BUNDLE/SHA256SUMS is missing: the bundle cannot be verified" "copy the complete bundle again (tar xzf airgap-agent-<version>-linux-x64.tar.gz)"
  for required in bin/airgap-agent bin/agent-test vendor/native/better_sqlite3.node install.sh bundle.env manifest.json deploy/airgap-agent.service deploy/config.yaml; do
    grep -qE "^[0-9a-f]{64}  $required\$" "$BUNDLE/SHA256SUMS" ||
      die "SHA256SUMS does not list $required: the checksum file is damaged or from another bundle" "copy the complete bundle again from the release medium; nothing was changed"
  done
  # every file of the bundle must be listed: an unlisted one would be installed unverified
  unlisted=$(comm -23 <(cd "$BUNDLE" && find . -type f ! -path ./SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort) \
    <(sed -n 's/^[0-9a-f]\{64\}  //p' "$BUNDLE/SHA256SUMS" | LC_ALL=C sort))
  if [ -n "$unlisted" ]; then
    printf '%s\n' "$unlisted" | head -20 | sed 's/^/  not in SHA256SUMS: /' >&2
    die "the bundle holds $(printf '%s\n' "$unlisted" | wc -l) file(s) that SHA256SUMS does not list (above): they cannot be verified, so the bundle is refused" "copy the bundle again from the release medium, or remove the file(s) named above if you added them; nothing was changed"
  fi
  say "verifying $(wc -l < "$BUNDLE/SHA256SUMS") files against SHA256SUMS (models included)"
  if ! (cd "$BUNDLE" && sha256sum --check --strict --quiet SHA256SUMS) >/tmp/airgap-agent-sha256.$$ 2>&1; then
    sed 's/^/  /' /tmp/airgap-agent-sha256.$$ | head -20 >&2
    rm -f /tmp/airgap-agent-sha256.$$
    die "the bundle does not match SHA256SUMS (files above): damaged or altered copy" "copy the bundle again from the release medium and compare its checksum with the one published for the release; nothing was changed"
  fi
  rm -f /tmp/airgap-agent-sha256.$$
  listed=$(bundle_value VERSION)
  [ -n "$listed" ] || die "bundle.env names no VERSION" "copy the complete bundle again"
  VERSION=$listed
  local printed
  printed=$("$BUNDLE/bin/airgap-agent" --version 2>&1) || die "the bundled program does not start on this host: $printed" "check the architecture and glibc (getconf GNU_LIBC_VERSION); report the message above"
  [ "$printed" = "airgap-agent $VERSION" ] || die "the program says \"$printed\" but the bundle is $VERSION" "the bundle is inconsistent: rebuild it with npm run bundle"
}

# ------------------------------------------------------------- helpers
as_service() { runuser -u "$USER_NAME" -- "$@"; }

release_of() { readlink -f "$1" 2>/dev/null || true; }

switch_link() {
  # switch_link LINK TARGET: atomic (rename of a new symlink over the old one)
  ln -sfn "$2" "$1.tmp.$$"
  mv -T "$1.tmp.$$" "$1"
}

config_value() {
  # config_value SECTION KEY: from `config show` (the effective config);
  # SECTION may be PARENT_CHILD for one level deeper (llm_embedded host)
  local section=$1 sub="" indent="  "
  case $section in *_*) sub=${section#*_}; section=${section%%_*}; indent="    " ;; esac
  "$OPT/current/bin/airgap-agent" --config "$CONFIG" config show 2>/dev/null |
    awk -v section="$section" -v sub_section="$sub" -v key="$2" -v indent="$indent" '
      /^[^ ]/ { in_section = ($0 ~ "^" section ":"); in_sub = (sub_section == "") }
      in_section && sub_section != "" && /^  [^ ]/ { in_sub = ($0 ~ "^  " sub_section ":") }
      in_section && in_sub && $0 ~ "^" indent key ":" { sub("^" indent key ": *", ""); gsub(/["\047]/, ""); print; exit }'
}

# ships_unit RELEASE UNIT: true when the release installs UNIT. (Not `units_of_release | grep -q`:
# under pipefail grep's early exit can fail the pipe with SIGPIPE, and the unit is then skipped.)
ships_unit() {
  case " $(units_of_release "$1" | tr '\n' ' ') " in *" $2 "*) return 0 ;; esac
  return 1
}

units_of_release() {
  # the unit files this release installs
  local release=$1 models
  echo airgap-agent.service airgap-agent-maintenance.service airgap-agent-maintenance.timer airgap-agent-import.service
  models=$(sed -n 's/^MODELS=//p' "$release/bundle.env" 2>/dev/null || echo 0)
  [ "${models:-0}" -gt 0 ] && echo airgap-agent-llm.service
  return 0
}

# /usr/local/bin/airgap-agent: the launcher (system config by default; as root, state
# commands run as the service user); agent-test calls it. Replaces older symlinks.
install_launchers() {
  local release=$1
  rm -f "$BIN_LINKS/airgap-agent" "$BIN_LINKS/agent-test"
  install -m 0755 "$release/deploy/launcher.sh" "$BIN_LINKS/airgap-agent"
  printf '#!/bin/sh\n# airgap-agent launcher: the regression runner\nexec %s test "$@"\n' "$BIN_LINKS/airgap-agent" > "$BIN_LINKS/agent-test"
  chmod 0755 "$BIN_LINKS/agent-test"
}

install_units() {
  local release=$1 unit
  for unit in $(units_of_release "$release"); do
    install -m 0644 "$release/deploy/$unit" "$UNITS/$unit"
  done
  if ! ships_unit "$release" airgap-agent-llm.service && [ -f "$UNITS/airgap-agent-llm.service" ]; then
    say "this release ships no model: removing the embedded model service"
    systemctl disable --now airgap-agent-llm.service >/dev/null 2>&1 || true
    rm -f "$UNITS/airgap-agent-llm.service"
  fi
  systemctl daemon-reload
}

# The polkit rule (src/maint-scripts/polkit-rule.ts): the service runs as $USER_NAME with NoNewPrivileges, so
# restart_service's `systemctl restart` needs polkit to allow it: exactly verb restart, exactly the units the
# enabled scripts list in touches.units. Generated by RELEASE from the config's scripts; rewritten only when it
# changed; its SHA-256 recorded beside the config for `airgap-agent doctor`.
write_polkit_rule() {
  local release=$1 tmp units
  if [ ! -d "$POLKIT_RULES" ]; then
    rm -f "$POLKIT_RECORD"
    say "polkit is not installed ($POLKIT_RULES is missing): maintenance scripts cannot restart units from the service (restart_service fails with \"Interactive authentication required\"); fix: apt install polkitd (from the plant's offline mirror), then: $OPT/current/install.sh --polkit-rule"
    return 0
  fi
  tmp=$POLKIT_RULES/.airgap-agent.rules.tmp.$$
  if ! as_service "$release/bin/airgap-agent" --config "$CONFIG" scripts polkit-rule --user "$USER_NAME" >"$tmp" 2>/tmp/airgap-agent-polkit.$$ || [ ! -s "$tmp" ]; then
    sed 's/^/  /' /tmp/airgap-agent-polkit.$$ >&2
    rm -f "$tmp" /tmp/airgap-agent-polkit.$$
    warn "release $(basename "$release") could not write the polkit rule (above): $([ -f "$POLKIT_RULE" ] && echo "kept $POLKIT_RULE as it was" || echo "none installed, so the service cannot restart units")"
    return 0
  fi
  # a disabled script's units are left out: say which
  sed 's/^/  polkit: /' /tmp/airgap-agent-polkit.$$ >&2; rm -f /tmp/airgap-agent-polkit.$$
  units=$(sed -n 's/^    "\([^"]*\)".*/\1/p' "$tmp" | tr '\n' ' ' | sed 's/ $//')
  if cmp -s "$tmp" "$POLKIT_RULE"; then
    rm -f "$tmp"
    say "polkit rule unchanged: $POLKIT_RULE (${units:-no unit})"
  else
    chown root:root "$tmp"; chmod 0644 "$tmp"
    mv -f "$tmp" "$POLKIT_RULE"
    say "polkit rule: wrote $POLKIT_RULE: $USER_NAME may restart ${units:-no unit (no enabled script lists touches.units)}"
  fi
  printf '%s  %s\n' "$(sha256sum "$POLKIT_RULE" | cut -d' ' -f1)" "$USER_NAME" > "$POLKIT_RECORD.tmp"
  chown "root:$USER_NAME" "$POLKIT_RECORD.tmp"; chmod 0640 "$POLKIT_RECORD.tmp"; mv -f "$POLKIT_RECORD.tmp" "$POLKIT_RECORD"
}

remove_polkit_rule() {
  if [ -f "$POLKIT_RULE" ]; then rm -f "$POLKIT_RULE"; say "removed the polkit rule $POLKIT_RULE"; fi
  rm -f "$POLKIT_RECORD"
}

start_services() {
  local release=$1
  systemctl enable --now airgap-agent-maintenance.timer >/dev/null 2>&1 || die "cannot enable airgap-agent-maintenance.timer" "see: systemctl status airgap-agent-maintenance.timer"
  if ships_unit "$release" airgap-agent-llm.service; then
    systemctl enable airgap-agent-llm.service >/dev/null 2>&1
    # the unit's ExecStartPost (deploy/wait-llm.sh) holds the start until the model answers
    if systemctl restart airgap-agent-llm.service; then wait_llm; else warn "the embedded model service did not start: see journalctl -u airgap-agent-llm"; fi
  fi
  # the drop folder's importer: the only writer of plant.db (the main service gets it read-only)
  if ships_unit "$release" airgap-agent-import.service; then
    systemctl enable airgap-agent-import.service >/dev/null 2>&1 || warn "cannot enable airgap-agent-import.service (see: systemctl status airgap-agent-import)"
    systemctl restart airgap-agent-import.service || warn "the import unit did not start: see journalctl -u airgap-agent-import"
  fi
  systemctl enable airgap-agent.service >/dev/null 2>&1 || die "cannot enable airgap-agent.service" "see: systemctl status airgap-agent"
  systemctl reset-failed airgap-agent.service >/dev/null 2>&1 || true
  systemctl restart airgap-agent.service || true
}

http_ok() {
  # http_ok HOST PORT PATH: GET answers 200 (bash's /dev/tcp: no curl needed on the host)
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/$1/$2" || exit 1
    printf "GET %s HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n" "$3" "$1" >&3
    IFS= read -r status <&3 || exit 1
    case $status in "HTTP/1."?" 200"*) exit 0 ;; *) exit 1 ;; esac' http_ok "$1" "$2" "$3" 2>/dev/null
}

wait_llm() {
  # the embedded model service answers /health before the main service starts (its first probe then finds it)
  local host port started=$SECONDS
  host=$(config_value llm_embedded host); port=$(config_value llm_embedded port)
  host=${host:-127.0.0.1}; port=${port:-8081}
  case $host in 0.0.0.0|::|'') host=127.0.0.1 ;; esac
  while [ $((SECONDS - started)) -lt "$READY_TIMEOUT" ]; do
    if http_ok "$host" "$port" /health; then say "embedded model service ready after $((SECONDS - started))s (http://$host:$port/v1)"; return 0; fi
    systemctl is-failed --quiet airgap-agent-llm.service && break
    sleep 0.5
  done
  warn "the embedded model service is not answering on http://$host:$port/health: the agent answers by rules only until it does (see journalctl -u airgap-agent-llm)"
}

wait_ready() {
  local host port url started=$SECONDS
  host=$(config_value server host); port=$(config_value server port)
  host=${host:-127.0.0.1}; port=${port:-8080}
  case $host in 0.0.0.0|::|'') probe=127.0.0.1 ;; *) probe=$host ;; esac
  url="http://$probe:$port/readyz"
  say "waiting up to ${READY_TIMEOUT}s for $url"
  while [ $((SECONDS - started)) -lt "$READY_TIMEOUT" ]; do
    if http_ok "$probe" "$port" /readyz; then
      say "ready after $((SECONDS - started))s"
      SERVICE_URL="http://$(hostname -I 2>/dev/null | awk '{print $1}' | grep . || echo "$probe"):$port/"
      [ "$host" = 127.0.0.1 ] && SERVICE_URL="http://127.0.0.1:$port/"
      return 0
    fi
    sleep 0.5
  done
  journalctl -u airgap-agent.service -n 30 --no-pager >&2 || true
  die "the service did not become ready within ${READY_TIMEOUT}s ($url)" "read the log above (journalctl -u airgap-agent), fix the cause (often the config: airgap-agent --config $CONFIG config check), then run install.sh again or --rollback"
}

report_new_keys() {
  # keys this release knows that the previous one did not (defaults apply)
  local old=$1 new=$2 added
  [ -f "$old/deploy/config-keys.txt" ] && [ -f "$new/deploy/config-keys.txt" ] || return 0
  added=$(comm -13 <(sort "$old/deploy/config-keys.txt") <(sort "$new/deploy/config-keys.txt") || true)
  if [ -n "$added" ]; then
    say "config keys new in $VERSION (their defaults apply; set them in $CONFIG to change; see: airgap-agent config show):"
    printf '%s\n' "$added" | sed 's/^/    /'
  else
    say "no new config keys in $VERSION"
  fi
}

# ------------------------------------------------------------- install
do_install() {
  require_root
  [ -f "$BUNDLE/bundle.env" ] || die "$BUNDLE is not an unpacked airgap-agent bundle (no bundle.env)" "run install.sh from the folder unpacked from airgap-agent-<version>-linux-x64.tar.gz"
  check_host
  verify_bundle
  check_disk
  exec 8>/run/airgap-agent-install.lock
  flock -n 8 || die "another install.sh is running" "wait for it to finish"

  local release=$OPT/releases/$VERSION current previous first=0 was_active=0
  current=$(release_of "$OPT/current")
  say "installing $VERSION (current: $(if [ -n "$current" ]; then basename "$current"; else echo none; fi))"
  [ -n "$current" ] || first=1

  # 1. user and folders
  if ! getent passwd "$USER_NAME" >/dev/null; then
    useradd --system --user-group --home-dir "$DATA" --no-create-home --shell /usr/sbin/nologin --comment "airgap-agent service" "$USER_NAME" ||
      die "cannot create the system user $USER_NAME" "create it by hand: useradd --system --user-group $USER_NAME"
    say "created system user $USER_NAME"
  fi
  install -d -m 0755 -o root -g root "$OPT" "$OPT/releases"
  install -d -m 0750 -o root -g "$USER_NAME" "$ETC"
  install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$DATA" "$DATA/backups" "$DATA/docs" "$DATA/skills" "$DATA/reports" "$LOGS"
  # maintenance scripts: curated by root, readable and runnable by the service, never writable by it
  install -d -m 0750 -o root -g "$USER_NAME" "$DATA/scripts"
  # the drop folder: the MES export job (a member of the group) writes here; setgid keeps the group
  install -d -m 2770 -o "$USER_NAME" -g "$USER_NAME" "$DATA/inbox"
  install -d -m 0750 -o root -g "$USER_NAME" "$ETC/import-mappings"

  # 2. the release (same version with the same checksums: kept as it is)
  if [ -d "$release" ] && cmp -s "$release/SHA256SUMS" "$BUNDLE/SHA256SUMS"; then
    say "release $VERSION already in place: $release"
  else
    [ "$(readlink -f "$BUNDLE")" = "$(readlink -f "$release" 2>/dev/null)" ] && die "cannot reinstall a release from its own installed folder" "run install.sh from the unpacked bundle"
    rm -rf "$release.tmp"
    cp -a "$BUNDLE" "$release.tmp"
    chown -R root:root "$release.tmp"
    chmod -R go-w "$release.tmp"
    if [ -d "$release" ]; then mv -T "$release" "$release.old.$$"; fi
    mv -T "$release.tmp" "$release"
    rm -rf "$release.old.$$"
    say "programs in $release"
  fi

  # 3. config: first install only; then validate with the new release
  if [ ! -f "$CONFIG" ]; then
    install -m 0640 -o root -g "$USER_NAME" "$release/deploy/config.yaml" "$CONFIG"
    say "config: $CONFIG (from deploy/config.yaml)"
  else
    say "config: keeping $CONFIG"
    [ -n "$current" ] && report_new_keys "$current" "$release"
  fi
  as_service "$release/bin/airgap-agent" --config "$CONFIG" config check >/dev/null 2>/tmp/airgap-agent-config.$$ || {
    sed 's/^/  /' /tmp/airgap-agent-config.$$ >&2; rm -f /tmp/airgap-agent-config.$$
    die "$CONFIG is not valid for release $VERSION (problems above); nothing was switched" "edit $CONFIG, check it with: $release/bin/airgap-agent --config $CONFIG config check, then run install.sh again"
  }
  rm -f /tmp/airgap-agent-config.$$

  # 4. data: the demo plant (plant.db and its documents in docs.root) on the
  #    FIRST install only, recorded in $MARKER; later a missing plant.db is an
  #    error (an unmounted data disk must never be replaced by demo data)
  local plant_db shown custom_dir
  shown=$("$release/bin/airgap-agent" --config "$CONFIG" config show)
  plant_db=$(printf '%s\n' "$shown" | awk '/^plant:/ {p=1; next} /^[^ ]/ {p=0} p && /^  db:/ {sub(/^  db: */, ""); gsub(/["\047]/, ""); print; exit}')
  custom_dir=$(printf '%s\n' "$shown" | awk '/^skills:/ {p=1; next} /^[^ ]/ {p=0} p && /^  custom_dir:/ {sub(/^  custom_dir: */, ""); gsub(/["\047]/, ""); print; exit}')
  if [ -n "$custom_dir" ] && [ "$custom_dir" != null ] && [ ! -d "$custom_dir" ]; then
    install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$custom_dir"
    say "skills.custom_dir: created $custom_dir (the plant's own Markdown skills; kept on upgrade)"
  fi
  local earlier=""
  if [ -f "$MARKER" ]; then earlier="installed before ($(head -1 "$MARKER"))"
  elif [ -n "$current" ]; then earlier="release $(basename "$current") is installed"
  elif [ -e "$(printf '%s\n' "$shown" | awk '/^state:/ {p=1; next} /^[^ ]/ {p=0} p && /^  db:/ {sub(/^  db: */, ""); gsub(/["\047]/, ""); print; exit}')" ]; then earlier="agent.db exists"
  fi
  if [ -n "$plant_db" ] && [ ! -e "$plant_db" ]; then
    if [ -n "$earlier" ]; then
      die "plant.db is missing: $plant_db does not exist, but this is not a first install ($earlier); the demo plant is seeded on the first install only, so nothing was changed" \
        "check that the data disk holding $(dirname "$plant_db") is mounted (findmnt $(dirname "$plant_db")) and that plant.db in $CONFIG points at the plant's database; restore it from the plant's backup if it was lost. To really start over with demo data: rm $MARKER and run install.sh again"
    fi
    say "plant.db: first install, seeding the demo plant into $plant_db (documents into $DATA/docs)"
    local seed_args=()
    # plant documents already there: leave them
    [ -n "$(ls -A "$DATA/docs" 2>/dev/null)" ] && seed_args=(--no-docs)
    if ! as_service "$release/bin/airgap-agent" --config "$CONFIG" seed "${seed_args[@]}" >/tmp/airgap-agent-seed.$$ 2>&1; then
      sed 's/^/  /' /tmp/airgap-agent-seed.$$ >&2; rm -f /tmp/airgap-agent-seed.$$
      die "seeding the demo plant failed (output above)" "fix the cause, remove any partial $plant_db and run install.sh again"
    fi
    rm -f /tmp/airgap-agent-seed.$$
  fi
  if [ ! -f "$MARKER" ]; then
    printf '%s first install of %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$VERSION" > "$MARKER.tmp"
    chown "$USER_NAME:$USER_NAME" "$MARKER.tmp"; chmod 0640 "$MARKER.tmp"; mv -f "$MARKER.tmp" "$MARKER"
  fi

  # 5. agent.db: stop, back up and migrate with the NEW release, then switch
  if systemctl is-active --quiet airgap-agent.service; then was_active=1; fi
  if [ "$current" != "$release" ] && [ $was_active = 1 ]; then systemctl stop airgap-agent.service; fi
  if ! as_service "$release/bin/airgap-agent" --config "$CONFIG" maintenance --migrate --backup-dir "$DATA/backups" >/tmp/airgap-agent-migrate.$$ 2>&1; then
    sed 's/^/  /' /tmp/airgap-agent-migrate.$$ >&2; rm -f /tmp/airgap-agent-migrate.$$
    [ $was_active = 1 ] && systemctl start airgap-agent.service || true
    die "migrating agent.db for release $VERSION failed (output above); the previous release stays current" "fix the cause and run install.sh again; backups are in $DATA/backups"
  fi
  sed 's/^/  agent.db: /' /tmp/airgap-agent-migrate.$$; rm -f /tmp/airgap-agent-migrate.$$

  if [ "$current" != "$release" ]; then
    [ -n "$current" ] && switch_link "$OPT/previous" "$current"
    switch_link "$OPT/current" "$release"
    say "switched $OPT/current → releases/$VERSION${current:+ (previous: $(basename "$current"))}"
  fi
  install_launchers "$release"
  printf 'export AIRGAP_AGENT_CONFIG=%s\n' "$CONFIG" > /etc/profile.d/airgap-agent.sh

  # 6. systemd (and the polkit rule the service's restarts need)
  write_polkit_rule "$release"
  install_units "$release"
  START_EPOCH=$(date +%s)
  start_services "$release"
  finish "$first"
}

finish() {
  local first=$1
  wait_ready
  say "installed $VERSION: $OPT/current → $(readlink "$OPT/current")"
  say "service: systemctl status airgap-agent   logs: journalctl -u airgap-agent, $LOGS"
  say "open the chat page: $SERVICE_URL"
  if [ "$first" = 1 ]; then
    say "create the first admin:  airgap-agent users add NAME --role admin   (as root)"
  fi
  say "check the installation:  airgap-agent doctor   (as root; console admins: usermod -aG $USER_NAME NAME)"
}

# ------------------------------------------------------------- rollback
do_rollback() {
  require_root
  require_systemd
  exec 8>/run/airgap-agent-install.lock
  flock -n 8 || die "another install.sh is running" "wait for it to finish"
  local current previous
  current=$(release_of "$OPT/current"); previous=$(release_of "$OPT/previous")
  [ -n "$current" ] || die "airgap-agent is not installed ($OPT/current is missing)" "install a bundle first"
  [ -n "$previous" ] && [ -x "$previous/bin/airgap-agent" ] || die "there is no previous release to roll back to ($OPT/previous is missing or broken)" "install the wanted bundle with its install.sh instead"
  VERSION=$(sed -n 's/^VERSION=//p' "$previous/bundle.env")
  say "rolling back from $(basename "$current") to $VERSION"
  # the older release must accept agent.db as it is now
  if ! as_service "$previous/bin/airgap-agent" --config "$CONFIG" maintenance --migrate --backup-dir "$DATA/backups" >/tmp/airgap-agent-migrate.$$ 2>&1; then
    sed 's/^/  /' /tmp/airgap-agent-migrate.$$ >&2; rm -f /tmp/airgap-agent-migrate.$$
    die "release $VERSION cannot use agent.db as migrated by $(basename "$current"); nothing was switched" "stay on $(basename "$current"), or stop the service and restore the snapshot taken before the upgrade, $DATA/backups/agent-pre-v$(basename "$current")-<stamp>.db, over $DATA/agent.db, then roll back"
  fi
  rm -f /tmp/airgap-agent-migrate.$$
  systemctl stop airgap-agent.service 2>/dev/null || true
  switch_link "$OPT/current" "$previous"
  switch_link "$OPT/previous" "$current"
  write_polkit_rule "$previous"
  install_units "$previous"
  START_EPOCH=$(date +%s)
  start_services "$previous"
  say "rolled back: $OPT/current → $(readlink "$OPT/current") (run --rollback again to return)"
  finish 0
}

# ------------------------------------------------------------- removal
remove_programs() {
  local unit
  for unit in airgap-agent.service airgap-agent-llm.service airgap-agent-maintenance.timer airgap-agent-maintenance.service airgap-agent-import.service; do
    systemctl disable --now "$unit" >/dev/null 2>&1 || true
    rm -f "$UNITS/$unit"
  done
  systemctl daemon-reload
  systemctl reset-failed airgap-agent.service airgap-agent-llm.service airgap-agent-maintenance.service airgap-agent-import.service >/dev/null 2>&1 || true
  for link in "$BIN_LINKS/airgap-agent" "$BIN_LINKS/agent-test"; do
    case $(readlink "$link" 2>/dev/null) in "$OPT"/*) rm -f "$link" ;; esac
    if [ -f "$link" ] && grep -q '^# airgap-agent launcher' "$link" 2>/dev/null; then rm -f "$link"; fi
  done
  rm -f /etc/profile.d/airgap-agent.sh
  remove_polkit_rule
  rm -rf "$OPT"
}

do_polkit_rule() {
  require_root
  local current
  current=$(release_of "$OPT/current")
  [ -n "$current" ] && [ -x "$current/bin/airgap-agent" ] || die "airgap-agent is not installed ($OPT/current is missing)" "install a bundle first"
  exec 8>/run/airgap-agent-install.lock
  flock -n 8 || die "another install.sh is running" "wait for it to finish"
  write_polkit_rule "$current"
}

do_uninstall() {
  require_root
  require_systemd
  exec 8>/run/airgap-agent-install.lock
  flock -n 8 || die "another install.sh is running" "wait for it to finish"
  remove_programs
  say "removed the services, $OPT and the commands"
  say "kept: $ETC (config), $DATA (plant.db, agent.db, backups, docs, skills), $LOGS and the user $USER_NAME"
  say "to remove those too: install.sh --purge"
}

do_purge() {
  require_root
  require_systemd
  if [ $YES = 0 ]; then
    [ -t 0 ] || die "--purge deletes $ETC, $DATA and $LOGS and needs a confirmation" "run it in a terminal, or add --yes"
    printf 'This deletes %s, %s (plant.db, agent.db, backups) and %s for good.\nType "purge" to continue: ' "$ETC" "$DATA" "$LOGS"
    local answer
    read -r answer
    [ "$answer" = purge ] || die "not confirmed: nothing was deleted" "type purge to confirm, or add --yes"
  fi
  exec 8>/run/airgap-agent-install.lock
  flock -n 8 || die "another install.sh is running" "wait for it to finish"
  remove_programs
  rm -rf "$ETC" "$DATA" "$LOGS"
  if getent passwd "$USER_NAME" >/dev/null; then userdel "$USER_NAME" 2>/dev/null || warn "could not remove the user $USER_NAME (remove it with userdel $USER_NAME)"; fi
  getent group "$USER_NAME" >/dev/null && groupdel "$USER_NAME" 2>/dev/null || true
  say "purged: programs, services, config, data, logs and the user $USER_NAME"
}

case $MODE in
  install) do_install ;;
  rollback) do_rollback ;;
  uninstall) do_uninstall ;;
  purge) do_purge ;;
  polkit) do_polkit_rule ;;
esac
