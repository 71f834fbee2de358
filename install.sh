#!/usr/bin/env bash
# airgap-agent offline installer. Run as root from the unpacked bundle:
#
#   tar xzf airgap-agent-<version>-linux-x64.tar.gz
#   sudo ./airgap-agent-<version>/install.sh            install or upgrade
#   sudo ./airgap-agent-<version>/install.sh --require-pass 0.95   the same, only if the new release passes its
#        regression suite (testcases/, plus /etc/airgap-agent/testcases/) at that rate; else the current one stays
#   sudo /opt/airgap-agent/current/install.sh --rollback  back to the previous release
#   sudo /opt/airgap-agent/current/install.sh --uninstall remove programs, keep config and data
#   sudo /opt/airgap-agent/current/install.sh --purge [--yes]  remove config and data too
#   sudo /opt/airgap-agent/current/install.sh --polkit-rule  rewrite the polkit rule (after editing a script manifest)
#   ./airgap-agent-<version>/install.sh --verify-signature [--against KEY.pem]  check the bundle's signature only
#   sudo /opt/airgap-agent/current/install.sh --model FILE.gguf [--sha256 HEX] [--licence NAME]  install a model the
#        plant brings (a GGUF for llama.cpp): checked (GGUF magic and version, size against this host's RAM and
#        disk, the sha256 when given), copied into /var/lib/airgap-agent/models, recorded in its manifest.json,
#        llm.embedded.model pointed at it, the embedded model service restarted and asked for a few tokens; on any
#        failure the previous model serves on. From an unpacked bundle: the bundle is installed first, then the model
#   ./airgap-agent-<version>/install.sh --model FILE.gguf [--sha256 HEX] --check   check the file only, change nothing
#
# Never reaches the network. Checks the host, the release signature (Ed25519 over
# SHA256SUMS, with openssl, against the installed release's key; on a first
# install it prints the key's fingerprint to compare) and every file (SHA256SUMS,
# model files too) before touching anything; running it twice is safe.
#   /opt/airgap-agent/releases/<version>  the programs (current → one of them)
#   /etc/airgap-agent/config.yaml         config (first install only, never overwritten)
#   /var/lib/airgap-agent                 agent.db, backups/, docs/, skills/ (the plant's own),
#                                         plant/ (plant.db: written by the import unit alone),
#                                         models/ (the model a plant brought, install.sh --model; root's, read-only)
#   /var/lib/airgap-agent-inbox           the drop folder (import.inbox): group airgap-agent-drop, never the console's
#   /var/log/airgap-agent                 rotating logs (journald has stdout)
#   /etc/polkit-1/rules.d/50-airgap-agent.rules  lets the service restart the scripts' units (when polkit is installed)
# plant.db is seeded with the demo plant on the FIRST install only (recorded in
# /var/lib/airgap-agent/.installed); later, a missing plant.db is an error.
# env: AIRGAP_READY_TIMEOUT (seconds to wait for /readyz, default 60)
#      AIRGAP_TRUST_RELEASE_KEY=SHA256:<hex> (the release key's fingerprint, compared out of band: required to match)
set -euo pipefail
umask 022

NAME=airgap-agent
USER_NAME=airgap-agent
# the drop folder's writers (the MES export job): their own group, never $USER_NAME (the console socket's)
DROP_GROUP=airgap-agent-drop
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
RELEASE_KEY=release-key.pem
# a model the plant brings (--model): root's folder, read-only to every unit (ReadOnlyPaths=), with the
# manifest.json the embedded model service verifies the file against at start (src/llm/embedded/model-file.ts)
MODELS_DIR=$DATA/models
MEMINFO=/proc/meminfo

say() { printf '%s\n' "install: $*"; }
warn() { printf '%s\n' "install: WARNING: $*" >&2; }
die() {
  # die WHAT [FIX]
  printf '%s\n' "install: ERROR: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "  fix: $2" >&2
  exit 1
}

usage() {
  # the comment block at the top of this file, up to the first line of code
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

MODE=install YES=0 AGAINST="" REQUIRE_PASS="" MODEL_SRC="" MODEL_SHA="" MODEL_LICENCE="" CHECK_ONLY=0
while [ $# -gt 0 ]; do
  case $1 in
    --verify-signature) MODE=verify ;;
    --against) [ $# -ge 2 ] || die "--against needs a public key file" "e.g. --against /opt/airgap-agent/current/release-key.pem"; AGAINST=$2; shift ;;
    --require-pass)
      [ $# -ge 2 ] || die "--require-pass needs a rate" "e.g. --require-pass 0.95 (or 95%): the share of regression cases the new release must pass"
      REQUIRE_PASS=$2; shift
      [[ $REQUIRE_PASS =~ ^(0(\.[0-9]+)?|1(\.0+)?|[0-9]{1,2}(\.[0-9]+)?%|100%)$ ]] ||
        die "--require-pass: \"$REQUIRE_PASS\" is not a rate" "give a fraction from 0 to 1 (0.95) or a percentage (95%)" ;;
    --rollback) MODE=rollback ;;
    --uninstall) MODE=uninstall ;;
    --purge) MODE=purge ;;
    --polkit-rule) MODE=polkit ;;
    --model) [ $# -ge 2 ] || die "--model needs a GGUF file" "e.g. --model /media/usb/qwen2.5-7b-instruct-q4_k_m.gguf --sha256 <the publisher's checksum>"; MODEL_SRC=$2; shift ;;
    --sha256)
      [ $# -ge 2 ] || die "--sha256 needs the file's SHA-256 (64 hex digits)" "copy it from the model's download page (the publisher's checksum), e.g. --sha256 9f86d081…"
      MODEL_SHA=$(printf '%s' "$2" | tr 'A-F' 'a-f'); shift
      [[ $MODEL_SHA =~ ^[0-9a-f]{64}$ ]] || die "--sha256: \"$MODEL_SHA\" is not a SHA-256 (64 hex digits)" "copy the whole checksum from the model's download page; sha256sum FILE prints the file's own" ;;
    --licence|--license) [ $# -ge 2 ] || die "--licence needs a name" "e.g. --licence Apache-2.0 (from the model card)"; MODEL_LICENCE=$2; shift ;;
    --check) CHECK_ONLY=1 ;;
    --yes|-y) YES=1 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option: $1" "use one of: (none) | --require-pass RATE | --model FILE.gguf [--sha256 HEX] [--licence NAME] [--check] | --rollback | --uninstall | --purge [--yes] | --polkit-rule | --verify-signature [--against KEY.pem] | --help" ;;
  esac
  shift
done
if [ -n "$MODEL_SRC" ]; then
  [ "$MODE" = install ] || die "--model goes with an install, or alone; not with --$MODE" "run install.sh --model FILE.gguf on its own"
  if [ $CHECK_ONLY = 1 ]; then MODE=model-check
  else
    # from the installed release (/opt/airgap-agent/current/install.sh): the model alone; from an unpacked bundle:
    # the bundle first, then the model
    case $(readlink -f "$BUNDLE")/ in "$OPT"/releases/*) MODE=model ;; esac
  fi
else
  [ -z "$MODEL_SHA" ] || die "--sha256 goes with --model FILE.gguf" "install.sh --model FILE.gguf --sha256 HEX"
  [ -z "$MODEL_LICENCE" ] || die "--licence goes with --model FILE.gguf" "install.sh --model FILE.gguf --licence NAME"
  [ $CHECK_ONLY = 0 ] || die "--check goes with --model FILE.gguf" "install.sh --model FILE.gguf --check"
fi

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
  for tool in sha256sum runuser useradd groupadd getent flock df awk sed cp mv ln readlink comm sort timeout; do
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
  [ -n "$glibc" ] || die "cannot determine the C library version (getconf GNU_LIBC_VERSION)" "this bundle needs glibc >= $need (Debian 11+, Ubuntu 20.04+, RHEL 8+); musl systems (Alpine) are not supported"
  version_ge "$glibc" "$need" || die "glibc $glibc is older than the $need the bundled Node.js runtime needs" "install on Debian 11+, Ubuntu 20.04+, RHEL 8+, or upgrade the host's libc6"
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

# key_fingerprint FILE: SHA256:<hex> of the public key's DER (SubjectPublicKeyInfo), as the bundle build prints it
key_fingerprint() {
  local der
  der=$(mktemp) || return 1
  if ! openssl pkey -pubin -in "$1" -outform DER -out "$der" 2>/dev/null || [ ! -s "$der" ]; then rm -f "$der"; return 1; fi
  printf 'SHA256:%s\n' "$(sha256sum "$der" | cut -d' ' -f1)"
  rm -f "$der"
}

# ed25519_ok KEY DATA SIG: the Ed25519 signature SIG of the file DATA verifies with the public key KEY
ed25519_ok() { openssl pkeyutl -verify -pubin -inkey "$1" -rawin -in "$2" -sigfile "$3" >/dev/null 2>&1; }

# The release signature, before any checksum: whoever alters a bundle can rewrite SHA256SUMS, not sign it.
# The key trusted: --against FILE, else the installed release's (an upgrade), else — a first install —
# the bundle's own, whose fingerprint is printed to compare out of band (or AIRGAP_TRUST_RELEASE_KEY).
# A new key is accepted on upgrade only when the trusted key signed it (release-key.endorsement).
verify_signature() {
  local trusted="" how="" bundle_fp trusted_fp
  command -v openssl >/dev/null || die "openssl is missing: the bundle's signature cannot be checked" "install it from the plant's offline mirror (Debian: apt install openssl); nothing was changed"
  openssl pkeyutl -help 2>&1 | grep -q -- '-rawin' ||
    die "this host's openssl ($(openssl version 2>/dev/null)) cannot verify Ed25519 signatures (pkeyutl has no -rawin)" "install OpenSSL 3 (Debian 12: apt install openssl); nothing was changed"
  [ -f "$BUNDLE/SHA256SUMS.sig" ] && [ -f "$BUNDLE/$RELEASE_KEY" ] ||
    die "the bundle is not signed ($( [ -f "$BUNDLE/SHA256SUMS.sig" ] || echo "no SHA256SUMS.sig")$( [ -f "$BUNDLE/$RELEASE_KEY" ] || echo " no $RELEASE_KEY")): nothing shows it comes from the release" "use the signed bundle from the release medium; nothing was changed"
  bundle_fp=$(key_fingerprint "$BUNDLE/$RELEASE_KEY") || die "$BUNDLE/$RELEASE_KEY is not a public key" "copy the bundle again from the release medium; nothing was changed"
  if [ -n "$AGAINST" ]; then trusted=$AGAINST how="the key $AGAINST"
  elif [ -f "$OPT/current/$RELEASE_KEY" ]; then trusted=$OPT/current/$RELEASE_KEY how="the installed release's key"
  fi
  if [ -n "$trusted" ]; then
    trusted_fp=$(key_fingerprint "$trusted") || die "$trusted is not a public key" "give the release's public key (PEM)"
    if [ "$trusted_fp" != "$bundle_fp" ]; then
      if [ -f "$BUNDLE/release-key.endorsement" ] && ed25519_ok "$trusted" "$BUNDLE/$RELEASE_KEY" "$BUNDLE/release-key.endorsement"; then
        say "release key rotated: $trusted_fp → $bundle_fp (the new key is signed by $how)"
      elif [ "${AIRGAP_TRUST_RELEASE_KEY:-}" = "$bundle_fp" ]; then
        say "release key $bundle_fp trusted by AIRGAP_TRUST_RELEASE_KEY instead of $how ($trusted_fp)"
      else
        die "the bundle is signed by another key ($bundle_fp) than $how ($trusted_fp): it does not come from the release you trust, so it is refused" \
          "use the bundle from the release medium; if the vendor changed its key without endorsing the new one, compare $bundle_fp with the fingerprint published for the release (out of band), then run again with AIRGAP_TRUST_RELEASE_KEY=$bundle_fp; nothing was changed"
      fi
    fi
  fi
  ed25519_ok "$BUNDLE/$RELEASE_KEY" "$BUNDLE/SHA256SUMS" "$BUNDLE/SHA256SUMS.sig" ||
    die "SHA256SUMS does not match its signature (SHA256SUMS.sig, key $bundle_fp): the bundle was altered after it was signed" "copy the bundle again from the release medium; nothing was changed"
  if [ -n "$trusted" ]; then
    say "signature OK: SHA256SUMS signed by $bundle_fp"
  elif [ -n "${AIRGAP_TRUST_RELEASE_KEY:-}" ]; then
    [ "$AIRGAP_TRUST_RELEASE_KEY" = "$bundle_fp" ] ||
      die "the bundle is signed by $bundle_fp, not by the key you gave (AIRGAP_TRUST_RELEASE_KEY=$AIRGAP_TRUST_RELEASE_KEY)" "use the bundle from the release medium; nothing was changed"
    say "signature OK: SHA256SUMS signed by $bundle_fp (as AIRGAP_TRUST_RELEASE_KEY says)"
  else
    say "signature OK with the bundle's own key. FIRST INSTALL: compare this fingerprint with the one published for the release (out of band): $bundle_fp"
    say "  (later upgrades must be signed by this key; to require it now: AIRGAP_TRUST_RELEASE_KEY=$bundle_fp $0)"
  fi
}

verify_bundle() {
  local required listed unlisted
  [ -f "$BUNDLE/SHA256SUMS" ] || die "$BUNDLE/SHA256SUMS is missing: the bundle cannot be verified" "copy the complete bundle again (tar xzf airgap-agent-<version>-linux-x64.tar.gz)"
  verify_signature
  for required in bin/airgap-agent bin/agent-test vendor/native/better_sqlite3.node install.sh bundle.env manifest.json deploy/airgap-agent.service deploy/config.yaml "$RELEASE_KEY"; do
    grep -qE "^[0-9a-f]{64}  $required\$" "$BUNDLE/SHA256SUMS" ||
      die "SHA256SUMS does not list $required: the checksum file is damaged or from another bundle" "copy the complete bundle again from the release medium; nothing was changed"
  done
  # every file of the bundle must be listed: an unlisted one would be installed unverified
  unlisted=$(comm -23 <(cd "$BUNDLE" && find . -type f ! -path ./SHA256SUMS ! -path ./SHA256SUMS.sig | sed 's|^\./||' | LC_ALL=C sort) \
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

# The drop folder's group: the export job's account joins it (usermod -aG airgap-agent-drop mesexport) and
# reaches the drop folder only. The service's own group reaches the console socket (as the member's own
# account) and reads the config and plant data: an export account never needs that.
ensure_drop_group() {
  if ! getent group "$DROP_GROUP" >/dev/null; then
    groupadd --system "$DROP_GROUP" || die "cannot create the group $DROP_GROUP" "create it by hand: groupadd --system $DROP_GROUP"
    say "created group $DROP_GROUP (the drop folder's writers)"
  fi
}

# make_drop_folder INBOX: 2770 airgap-agent:airgap-agent-drop (setgid: what is dropped stays in the group, so the
# import unit, a member by SupplementaryGroups=, reads it). Outside $DATA, which only the service's group may enter.
make_drop_folder() {
  local inbox=$1
  [ -n "$inbox" ] || return 0
  case $inbox/ in
    "$DATA"/*)
      install -d -m 2770 -o "$USER_NAME" -g "$USER_NAME" "$inbox"
      warn "import.inbox ($inbox) is inside $DATA, which only group $USER_NAME may enter: the export job's account would need that group, which also reaches the console socket; fix: set import.inbox: /var/lib/airgap-agent-inbox in $CONFIG, move the files (mv $inbox/* /var/lib/airgap-agent-inbox/), run install.sh again, and put the export account in $DROP_GROUP instead (gpasswd -d mesexport $USER_NAME; usermod -aG $DROP_GROUP mesexport)"
      ;;
    *)
      install -d -m 2770 -o "$USER_NAME" -g "$DROP_GROUP" "$inbox"
      chgrp "$DROP_GROUP" "$inbox" && chmod 2770 "$inbox"
      say "drop folder: $inbox (2770 $USER_NAME:$DROP_GROUP; the export job's account joins $DROP_GROUP)"
      ;;
  esac
}

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
  # the unit of one approved maintenance-script run (a template: never enabled; the polkit rule names it)
  [ -f "$release/deploy/airgap-agent-script@.service" ] && echo 'airgap-agent-script@.service'
  models=$(sed -n 's/^MODELS=//p' "$release/bundle.env" 2>/dev/null || echo 0)
  # a shipped model, or one the plant installed with --model (when the release has the model runtime)
  if [ "${models:-0}" -gt 0 ] || { [ -d "$release/vendor/node-llama-cpp" ] && plant_model_installed; }; then echo airgap-agent-llm.service; fi
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
    say "this release ships no model (and none was installed with --model): removing the embedded model service"
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

# The score gate (--require-pass RATE; SOURCES.md part D: "a score a change must reach before release"): the NEW
# release answers its shipped regression suite (and the plant's own cases in $ETC/testcases, when there are any)
# against this host's config, as the service user, before anything is stopped, migrated or switched. Below RATE the
# install stops there: the current release keeps running, agent.db untouched.
score_gate() {
  local release=$1 out=/tmp/airgap-agent-gate.$$ rate current_name
  [ -n "$REQUIRE_PASS" ] || return 0
  # the plant's own cases first: they are the admin's first concern, and the run stops as soon as the rate can no
  # longer be reached (agent-test --min-pass), so a failure there ends a strict gate in seconds, not minutes
  local suites=()
  [ -d "$ETC/testcases" ] && [ -n "$(ls -A "$ETC/testcases" 2>/dev/null)" ] && suites+=("$ETC/testcases")
  suites+=("$release/testcases")
  say "score gate: the regression suite of $VERSION (${suites[*]}) must pass at $REQUIRE_PASS before the switch"
  if (cd "$release" && as_service env -u AIRGAP_AGENT_NOW "$release/bin/airgap-agent" --config "$CONFIG" test \
      --min-pass "$REQUIRE_PASS" "${suites[@]}") >"$out" 2>&1; then
    say "score gate met: $(sed -n 's/^agent-test: pass rate //p' "$out" | tail -1) — $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$out" | tail -1)"
    rm -f "$out"
    return 0
  fi
  grep -E '^(✖|    (at|error|expected|got|[a-z_]+:))' "$out" | head -40 | sed 's/^/  /' >&2
  rate=$(sed -n 's/^agent-test: pass rate //p' "$out" | tail -1)
  [ -n "$rate" ] || rate="the suite did not run: $(tail -3 "$out" | tr '\n' ' ')"
  rm -f "$out"
  current_name=$(basename "$(release_of "$OPT/current")" 2>/dev/null)
  # a release this run copied in and that nothing points at is taken out again: a refused release is not installed
  if [ "${RELEASE_COPIED:-0}" = 1 ] && [ "$(readlink -f "$OPT/current" 2>/dev/null)" != "$release" ] &&
     [ "$(readlink -f "$OPT/previous" 2>/dev/null)" != "$release" ]; then
    rm -rf "$release"
  fi
  die "release $VERSION did not pass the score gate: ${rate}; nothing was switched${current_name:+, release $current_name keeps running}" \
    "read the failed cases above (replay them with: $release/bin/airgap-agent --config $CONFIG test $release/testcases --filter NAME); install a release that passes, or lower --require-pass if the failures are accepted"
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

# ------------------------------------------------------------- a model the plant brings (--model)
# plant_model_installed: a model installed with --model is in $MODELS_DIR (the embedded model unit then stays
# installed, even with a release that ships no model)
plant_model_installed() { compgen -G "$MODELS_DIR/*.gguf" >/dev/null; }

# json_text TEXT: TEXT safe inside a JSON string (printable, no quotes or backslashes)
json_text() { printf '%s' "$1" | tr -d '"\\' | tr -cd '[:print:]'; }

# size_text BYTES: "4.4 GiB", "497 MiB", "508 KiB"
size_text() { awk -v b="$1" 'BEGIN { if (b >= 1073741824) printf "%.1f GiB", b / 1073741824; else if (b >= 1048576) printf "%d MiB", b / 1048576; else printf "%d KiB", b / 1024 }'; }

mem_total_kb() { awk '/^MemTotal:/ {print $2; exit}' "$MEMINFO" 2>/dev/null; }

# check_model_file: the file given with --model, before anything changes. Sets MODEL_NAME (its name in
# $MODELS_DIR), MODEL_SIZE and MODEL_ACTUAL (its sha256).
check_model_file() {
  local src=$MODEL_SRC magic version mem_kb need_kb have fix_copy
  fix_copy="copy the file again from the publisher's download (a .gguf file for llama.cpp) and compare its SHA-256 with the one on the model's page"
  [ -e "$src" ] || die "model file $src does not exist" "give the path of the .gguf file, e.g. on the removable disk: ls /media/*/ /mnt/; nothing was changed"
  src=$(readlink -f "$src")
  [ -f "$src" ] || die "$src is not a file" "give the .gguf file itself, not a folder or a device; nothing was changed"
  [ -r "$src" ] && head -c 1 "$src" >/dev/null 2>&1 || die "$src cannot be read (as $(id -un))" "run as root (sudo), and check the disk is mounted and readable (ls -l $src); nothing was changed"
  MODEL_SIZE=$(stat -c %s "$src")
  [ "$MODEL_SIZE" -ge 24 ] || die "$src is $MODEL_SIZE bytes: too small for a model (a GGUF header alone is 24)" "$fix_copy; nothing was changed"
  magic=$(head -c 4 "$src" | od -An -c | tr -d ' \n')
  [ "$magic" = GGUF ] || die "$src is not a GGUF model: it starts with \"$magic\" ($(head -c 4 "$src" | od -An -tx1 | tr -s ' ' | sed 's/^ //;s/ $//')), not \"GGUF\"" \
    "the embedded model service (llama.cpp) loads .gguf files only: get the model's GGUF build (e.g. <model>-GGUF repositories, a Q4_K_M file), or convert it with llama.cpp's convert_hf_to_gguf.py on a connected machine; nothing was changed"
  version=$(od -An -tu4 -j4 -N4 "$src" | tr -d ' ')
  case $version in
    2|3) ;;
    *) die "$src is GGUF version $version: llama.cpp reads versions 2 and 3" "get a current GGUF build of the model (or convert it again with a current llama.cpp); nothing was changed" ;;
  esac
  MODEL_NAME=$(basename "$src")
  case $MODEL_NAME in *.gguf|*.GGUF) ;; *) MODEL_NAME=$MODEL_NAME.gguf ;; esac
  [[ $MODEL_NAME =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]] ||
    die "the file name \"$MODEL_NAME\" has characters the config cannot take as they are (letters, digits, . _ + - only)" "copy it under a plain name first, e.g. cp \"$src\" /root/$(printf '%s' "$MODEL_NAME" | tr -c 'A-Za-z0-9._+-' '_'), and give that; nothing was changed"
  # the weights are mapped into memory whole, plus the context (KV cache: ~2 GB for a 7B model at 16384 × 2)
  mem_kb=$(mem_total_kb || true)
  if [ -n "$mem_kb" ]; then
    if [ $((MODEL_SIZE / 1024)) -gt $((mem_kb * 9 / 10)) ]; then
      die "the model is too big for this host: $(size_text "$MODEL_SIZE") of weights, $(size_text $((mem_kb * 1024))) of RAM in all (the weights must fit in RAM with room for the context)" \
        "use a smaller model or a smaller quantisation (Q4_K_M; docs/admin-guide.md, \"Choosing a model\"), or add RAM; nothing was changed"
    elif [ $((MODEL_SIZE / 1024 + 2 * 1048576)) -gt "$mem_kb" ]; then
      warn "the model leaves little RAM: $(size_text "$MODEL_SIZE") of weights + ~2 GiB for the context, $(size_text $((mem_kb * 1024))) of RAM in all; if the service is killed or slow, lower llm.embedded.context_size or parallel, or use a smaller quantisation"
    fi
  fi
  if [ $CHECK_ONLY = 0 ] || [ -d "$DATA" ]; then
    need_kb=$((MODEL_SIZE / 1024 + 102400))
    have=$(free_kb "$MODELS_DIR")
    [ "$have" -ge "$need_kb" ] || die "not enough free disk for the model under $MODELS_DIR: $(size_text $((have * 1024))) free, $(size_text $((need_kb * 1024))) needed" "free space under /var (old backups in $DATA/backups, rotated logs in $LOGS) or add disk; nothing was changed"
  fi
  say "model: hashing $src ($(size_text "$MODEL_SIZE"))"
  MODEL_ACTUAL=$(sha256sum "$src" | cut -d' ' -f1)
  if [ -n "$MODEL_SHA" ]; then
    [ "$MODEL_ACTUAL" = "$MODEL_SHA" ] || die "sha256 mismatch: $src has $MODEL_ACTUAL, --sha256 says $MODEL_SHA" "the copy is damaged or is another file: $fix_copy; nothing was changed"
    say "model: sha256 $MODEL_ACTUAL matches --sha256"
  else
    warn "no --sha256 given: the file's sha256 $MODEL_ACTUAL is recorded as it is; compare it with the one on the model's download page"
  fi
  MODEL_SRC=$src
}

# model_entry NAME SIZE SHA256: one manifest entry, on one line (install.sh alone writes $MODELS_DIR/manifest.json)
model_entry() {
  printf '    {"name": "%s", "size": %s, "sha256": "%s", "licence": "%s", "installed_at": "%s", "installed_by": "%s", "source": "%s"}' \
    "$1" "$2" "$3" "$(json_text "${MODEL_LICENCE:-not recorded (install.sh --licence)}")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "$(json_text "${SUDO_USER:-$(id -un)}")" "$(json_text "$MODEL_SRC")"
}

# write_model_manifest FILE ENTRY...: {"models": [...]} with one entry a line
write_model_manifest() {
  local file=$1 first=1 entry; shift
  { printf '{"models": [\n'
    for entry in "$@"; do
      [ $first = 1 ] || printf ',\n'
      printf '%s' "$entry"; first=0
    done
    printf '\n]}\n'; } > "$file"
}

# set_config_model CONFIG PATH: llm.embedded.model: PATH, the rest of the file as it was (comments included).
# Block-style YAML as deploy/config.yaml writes it; anything else is caught by the check that follows.
set_config_model() {
  awk -v path="$2" '
    function model(indent) { print indent "model: " path; done = 1 }
    /^[^ \t#]/ {
      if (in_llm && !done) { if (in_emb) model("    "); else { print "  embedded:"; model("    ") } }
      in_llm = ($0 ~ /^llm:[ \t]*(#.*)?$/); in_emb = 0; print; next
    }
    in_llm && /^  [^ \t#]/ {
      if (in_emb && !done) model("    ")
      in_emb = ($0 ~ /^  embedded:[ \t]*(#.*)?$/); print; next
    }
    in_emb && /^    model:/ { if (!done) model("    "); next }
    { print }
    END {
      if (done) exit
      if (in_llm) { if (in_emb) model("    "); else { print "  embedded:"; model("    ") } }
      else { print "llm:"; print "  embedded:"; model("    ") }
    }' "$1"
}

# http_request HOST PORT METHOD PATH [JSON]: the whole response on stdout (bash's /dev/tcp: no curl on the host)
http_request() {
  timeout "${HTTP_TIMEOUT:-10}" bash -c '
    exec 3<>"/dev/tcp/$1/$2" || exit 1
    if [ -n "${5:-}" ]; then
      printf "%s %s HTTP/1.0\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %s\r\nConnection: close\r\n\r\n%s" "$3" "$4" "$1" "${#5}" "$5" >&3
    else printf "%s %s HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n" "$3" "$4" "$1" >&3; fi
    cat <&3' http_request "$@" 2>/dev/null
}

# the state model_undo puts back
M_TARGET="" M_TMP="" M_ASIDE="" M_CONFIG_SAVED="" M_MANIFEST_SAVED="" M_SWITCHED=0 M_RESTARTED=0 M_RELEASE=""

# model_undo (the EXIT trap of do_model's switch): the previous model, config and manifest back, its service restarted
model_undo() {
  local rc=$?
  trap - EXIT
  [ -n "$M_TMP" ] && rm -f "$M_TMP"
  rm -f "$MODELS_DIR/manifest.json.tmp.$$" "$CONFIG.tmp.$$"
  if [ $M_SWITCHED = 1 ]; then
    warn "the new model is not kept: putting the previous model, $CONFIG and $MODELS_DIR/manifest.json back"
    [ -n "$M_CONFIG_SAVED" ] && cp -p "$M_CONFIG_SAVED" "$CONFIG" && rm -f "$M_CONFIG_SAVED"
    if [ -n "$M_ASIDE" ]; then mv -fT "$M_ASIDE" "$M_TARGET"; else rm -f "$M_TARGET"; fi
    if [ -n "$M_MANIFEST_SAVED" ]; then mv -f "$M_MANIFEST_SAVED" "$MODELS_DIR/manifest.json"; else rm -f "$MODELS_DIR/manifest.json"; fi
    if [ $M_RESTARTED = 1 ]; then
      install_units "$M_RELEASE"
      if ships_unit "$M_RELEASE" airgap-agent-llm.service; then
        if systemctl restart airgap-agent-llm.service; then say "the previous model serves again"
        else warn "the previous model did not start again either: see journalctl -u airgap-agent-llm"; fi
      else
        say "no model before this one: the embedded model service is stopped again (rules only, as before)"
      fi
    fi
  else
    [ -n "$M_ASIDE" ] && mv -fT "$M_ASIDE" "$M_TARGET"
  fi
  exit "$rc"
}

# do_model: install $MODEL_SRC (checked already by check_model_file unless MODEL_ACTUAL is empty) as the model the
# embedded service runs. On an installed appliance; the previous model serves on until the new one answers.
do_model() {
  require_root
  require_systemd
  local current name target id recorded now previous host port response
  current=$(release_of "$OPT/current")
  [ -n "$current" ] && [ -x "$current/bin/airgap-agent" ] || die "airgap-agent is not installed ($OPT/current is missing)" "install the bundle with the model: sudo ./airgap-agent-<version>/install.sh --model FILE.gguf"
  [ -d "$current/vendor/node-llama-cpp" ] ||
    die "release $(basename "$current") has no embedded model runtime (bundle built with --no-llm)" "install a bundle built with it, or serve the model with llama.cpp's llama-server and set llm.base_url in $CONFIG (docs/embedded-llm.md); nothing was changed"
  if [ "${INSTALL_LOCKED:-0}" != 1 ]; then
    exec 8>/run/airgap-agent-install.lock
    flock -n 8 || die "another install.sh is running" "wait for it to finish"
  fi
  [ -n "${MODEL_ACTUAL:-}" ] || check_model_file
  name=$MODEL_NAME target=$MODELS_DIR/$MODEL_NAME id=${MODEL_NAME%.*}
  previous=$(config_value llm_embedded model || true)
  case $previous in ''|null) previous=$(compgen -G "$current/vendor/models/*.gguf" | sort | head -1 || true) ;; esac
  recorded=$(sed -n "s/^    {\"name\": \"${name//./\\.}\", \"size\": [0-9]*, \"sha256\": \"\([0-9a-f]*\)\".*/\1/p" "$MODELS_DIR/manifest.json" 2>/dev/null | head -1 || true)
  if [ "$previous" = "$target" ] && [ "$recorded" = "$MODEL_ACTUAL" ] && [ -f "$target" ]; then
    say "model $name (sha256 $MODEL_ACTUAL) is already installed and in use: nothing to do"
    systemctl is-active --quiet airgap-agent-llm.service || systemctl restart airgap-agent-llm.service || warn "the embedded model service did not start: see journalctl -u airgap-agent-llm"
    return 0
  fi
  say "installing the model $name (previous: ${previous:-none})"
  install -d -m 0750 -o root -g "$USER_NAME" "$MODELS_DIR"
  M_RELEASE=$current M_TARGET=$target
  trap model_undo EXIT
  # 1. the copy, checked again (a disk error while copying), then renamed into place
  M_TMP=$MODELS_DIR/.$name.tmp.$$
  cp "$MODEL_SRC" "$M_TMP" || die "copying $MODEL_SRC into $MODELS_DIR failed" "check the free disk (df -h $MODELS_DIR) and the source medium; nothing was changed"
  chown "root:$USER_NAME" "$M_TMP"; chmod 0640 "$M_TMP"
  now=$(sha256sum "$M_TMP" | cut -d' ' -f1)
  [ "$now" = "$MODEL_ACTUAL" ] || die "the copy in $MODELS_DIR has sha256 $now, the file $MODEL_ACTUAL: the copy was damaged" "check the disk holding $MODELS_DIR (dmesg) and the source medium, then run it again; nothing was changed"
  # 2. the switch: the file, its manifest entry, the config (each kept to put back)
  if [ -e "$target" ]; then M_ASIDE=$MODELS_DIR/.$name.previous.$$; mv -T "$target" "$M_ASIDE"; fi
  M_SWITCHED=1
  mv -T "$M_TMP" "$target"; M_TMP=""
  if [ -f "$MODELS_DIR/manifest.json" ]; then M_MANIFEST_SAVED=$MODELS_DIR/.manifest.json.previous.$$; cp -p "$MODELS_DIR/manifest.json" "$M_MANIFEST_SAVED"; fi
  write_model_manifest "$MODELS_DIR/manifest.json.tmp.$$" "$(model_entry "$name" "$MODEL_SIZE" "$MODEL_ACTUAL")"
  chown "root:$USER_NAME" "$MODELS_DIR/manifest.json.tmp.$$"; chmod 0640 "$MODELS_DIR/manifest.json.tmp.$$"
  mv -f "$MODELS_DIR/manifest.json.tmp.$$" "$MODELS_DIR/manifest.json"
  M_CONFIG_SAVED=$CONFIG.pre-model
  cp -p "$CONFIG" "$M_CONFIG_SAVED"
  set_config_model "$CONFIG" "$target" > "$CONFIG.tmp.$$"
  chown --reference="$CONFIG" "$CONFIG.tmp.$$"; chmod --reference="$CONFIG" "$CONFIG.tmp.$$"
  mv -f "$CONFIG.tmp.$$" "$CONFIG"
  as_service "$current/bin/airgap-agent" --config "$CONFIG" config check >/dev/null 2>/tmp/airgap-agent-config.$$ || {
    sed 's/^/  /' /tmp/airgap-agent-config.$$ >&2; rm -f /tmp/airgap-agent-config.$$
    die "$CONFIG could not be pointed at the model (problems above)" "set llm.embedded.model: $target in $CONFIG by hand (block style, under llm: embedded:), then run install.sh --model again; nothing was changed"
  }
  rm -f /tmp/airgap-agent-config.$$
  [ "$(config_value llm_embedded model)" = "$target" ] ||
    die "$CONFIG does not say llm.embedded.model: $target after the edit (it says \"$(config_value llm_embedded model)\")" "set llm.embedded.model: $target in $CONFIG by hand, then run install.sh --model again; nothing was changed"
  say "config: llm.embedded.model: $target (before: $M_CONFIG_SAVED)"
  # 3. the embedded model service on the new model: its ExecStartPost waits for /health
  M_RESTARTED=1
  install_units "$current"
  systemctl enable airgap-agent-llm.service >/dev/null 2>&1 || true
  say "restarting the embedded model service on $name"
  if ! systemctl restart airgap-agent-llm.service; then
    journalctl -u airgap-agent-llm.service -n 15 --no-pager >&2 || true
    die "the embedded model service did not start on $name (log above)" "the file may be a GGUF of an architecture this release's llama.cpp cannot load, or too big for the context (llm.embedded.context_size); the previous model was put back"
  fi
  host=$(config_value llm_embedded host); port=$(config_value llm_embedded port)
  host=${host:-127.0.0.1}; port=${port:-8081}
  case $host in 0.0.0.0|::|'') host=127.0.0.1 ;; esac
  # matched in the shell, not with `printf | grep -q`: under pipefail a reader that stops early can fail the pipe
  response=$(http_request "$host" "$port" GET /health || true)
  [[ $response == *"\"model\":\"$id\""* ]] ||
    die "the embedded model service answers, but not with $id: $(printf '%s' "$response" | tail -1 | head -c 200)" "see journalctl -u airgap-agent-llm; the previous model was put back"
  response=$(HTTP_TIMEOUT=${AIRGAP_MODEL_SMOKE_TIMEOUT:-300} http_request "$host" "$port" POST /v1/chat/completions '{"max_tokens":4,"messages":[{"role":"user","content":"Reply with one word: OK"}]}' || true)
  [[ ${response%%$'\n'*} =~ ^HTTP/1\..\ 200 && $response == *'"object":"chat.completion"'* ]] ||
    die "the model loaded but a completion of 4 tokens failed: $(printf '%s' "$response" | head -1) $(printf '%s' "$response" | tail -1 | head -c 300)" "see journalctl -u airgap-agent-llm; the previous model was put back"
  say "embedded model service ready on $name: /health names $id, a 4-token completion answered"
  # 4. kept: the previous model's files go (the plant keeps its own copy on its medium)
  trap - EXIT
  [ -n "$M_ASIDE" ] && rm -f "$M_ASIDE"
  [ -n "$M_MANIFEST_SAVED" ] && rm -f "$M_MANIFEST_SAVED"
  local other
  for other in "$MODELS_DIR"/*.gguf; do
    [ -e "$other" ] && [ "$other" != "$target" ] || continue
    rm -f "$other"; say "removed the previous model file $other"
  done
  # the main service reads the model's tool-call format when it starts: restarted when it runs
  if systemctl is-active --quiet airgap-agent.service; then
    systemctl restart airgap-agent.service || true
    wait_ready
  fi
  say "installed the model $name: $target, $MODEL_SIZE bytes, sha256 $MODEL_ACTUAL, recorded in $MODELS_DIR/manifest.json"
  as_service "$current/bin/airgap-agent" --config "$CONFIG" doctor --quick 2>/dev/null | grep -E '^(ok  |WARN|FAIL) model( info)?:' | sed 's/^/  doctor: /' || true
  say "check it:  airgap-agent doctor   (its checksum, chat template family and a smoke completion)"
}

# do_model_check (--model FILE --check): the checks of --model, nothing changed, no root needed
do_model_check() {
  check_model_file
  say "model $MODEL_SRC: GGUF, $MODEL_SIZE bytes, sha256 $MODEL_ACTUAL$([ -n "$MODEL_SHA" ] && echo " (matches --sha256)")"
  say "it would be installed as $MODELS_DIR/$MODEL_NAME (run the same command without --check, as root)"
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
  INSTALL_LOCKED=1
  # --model with a bundle: the model is checked before anything changes, installed after the bundle
  if [ -n "$MODEL_SRC" ]; then
    [ -d "$BUNDLE/vendor/node-llama-cpp" ] || die "this bundle has no embedded model runtime (built with --no-llm), so --model cannot be served by it" "use a bundle built with it, or serve the model with llama.cpp's llama-server and set llm.base_url (docs/embedded-llm.md); nothing was changed"
    check_model_file
  fi

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
  # a model the plant brings (--model): root's, read by the embedded model service's group
  install -d -m 0750 -o root -g "$USER_NAME" "$MODELS_DIR"
  # maintenance scripts: curated by root, readable and runnable by the service, never writable by it
  install -d -m 0750 -o root -g "$USER_NAME" "$DATA/scripts"
  # plant.db's own folder: only the import unit may write it (the other units have it read-only), so that
  # no file can be put beside plant.db (a forged plant.db-journal is rolled into it by the next import)
  install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$DATA/plant"
  # releases before kept plant.db in $DATA itself, which the main service may write: moved (with its
  # archive and journals, the units stopped) and the config's line pointed at it; the old config is kept
  if [ -f "$CONFIG" ] && grep -qx "  db: $DATA/plant.db" "$CONFIG" && [ -e "$DATA/plant.db" ] && [ ! -e "$DATA/plant/plant.db" ]; then
    systemctl stop airgap-agent-import.service airgap-agent.service >/dev/null 2>&1 || true
    local moved=""
    for f in plant.db plant.db-journal plant-archive.db plant-archive.db-journal; do
      if [ -e "$DATA/$f" ]; then mv "$DATA/$f" "$DATA/plant/$f"; moved="$moved $f"; fi
    done
    cp -p "$CONFIG" "$CONFIG.pre-plant-folder"
    sed -i "s#^  db: $DATA/plant.db\$#  db: $DATA/plant/plant.db#" "$CONFIG"
    say "plant.db moved into $DATA/plant, which only the import unit may write:$moved; $CONFIG now says db: $DATA/plant/plant.db (before: $CONFIG.pre-plant-folder)"
  fi
  install -d -m 0750 -o root -g "$USER_NAME" "$ETC/import-mappings"
  ensure_drop_group

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
    RELEASE_COPIED=1
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
  case $plant_db in
    "$DATA/plant/"*|'') ;;
    *) warn "plant.db is at $plant_db, outside $DATA/plant: the main service may write its folder, so a file put beside plant.db (a forged journal) could reach it; move it into $DATA/plant and set plant.db in $CONFIG, or make its folder read-only to the service (systemctl edit airgap-agent: ReadOnlyPaths=$(dirname "$plant_db"))" ;;
  esac
  make_drop_folder "$(printf '%s\n' "$shown" | awk '/^import:/ {p=1; next} /^[^ ]/ {p=0} p && /^  inbox:/ {sub(/^  inbox: */, ""); gsub(/["\047]/, ""); print; exit}')"
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

  # the score gate (--require-pass): the new release must pass its regression suite before anything below changes
  score_gate "$release"

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
  say "check the installation:  airgap-agent doctor   (as root; console users: usermod -aG $USER_NAME NAME, then airgap-agent users add NAME)"
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
  for unit in airgap-agent.service airgap-agent-llm.service airgap-agent-maintenance.timer airgap-agent-maintenance.service airgap-agent-import.service 'airgap-agent-script@.service'; do
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
  rm -rf /var/lib/airgap-agent-inbox
  getent group "$DROP_GROUP" >/dev/null && groupdel "$DROP_GROUP" 2>/dev/null || true
  say "purged: programs, services, config, data, logs and the user $USER_NAME"
}

# sourced (scripts/install-model.test.ts runs its functions against a temp folder): functions only
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

case $MODE in
  install)
    do_install
    [ -z "$MODEL_SRC" ] || do_model ;;
  model) do_model ;;
  model-check) do_model_check ;;
  verify)
    [ -f "$BUNDLE/SHA256SUMS" ] || die "$BUNDLE/SHA256SUMS is missing" "run it from an unpacked bundle"
    verify_signature ;;
  rollback) do_rollback ;;
  uninstall) do_uninstall ;;
  purge) do_purge ;;
  polkit) do_polkit_rule ;;
esac
