# Shared set-up for scripts/test.sh and scripts/demo.sh: install what is
# missing, from the npm registry and Debian's packages only.

log() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }

ensure_node_modules() {
  local stamp=node_modules/.airgap-lock-hash
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  log "installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
}

apt_install() {
  # apt_install PACKAGE... : install Debian packages when missing (root only)
  local missing=()
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    log "missing Debian packages: ${missing[*]} (run as root or install them)"; return 1
  fi
  log "installing Debian packages: ${missing[*]}"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
