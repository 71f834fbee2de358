# Shared set-up for scripts/test.sh and scripts/demo.sh: install what is
# missing, from the npm registry and Debian's packages only.

log() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }

# The build tools better-sqlite3 needs when no prebuilt binary fits this machine
# (or npm cannot download one: offline, behind a proxy): node-gyp compiles it.
missing_build_tools() {
  local missing=()
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  command -v make >/dev/null 2>&1 || missing+=(make)
  { command -v g++ >/dev/null 2>&1 || command -v c++ >/dev/null 2>&1; } || missing+=("a C++ compiler (g++)")
  printf '%s\n' "${missing[@]}"
}

ensure_node_modules() {
  local stamp=node_modules/.airgap-lock-hash
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  log "installing npm dependencies (npm ci): a few minutes the first time, quiet while it works"
  log "  native parts: better-sqlite3 downloads a prebuilt binary, or compiles one (the slow part) with python3, make and g++"
  local missing
  missing=$(missing_build_tools)
  if [ -n "$missing" ]; then
    log "  not installed here: $(echo "$missing" | paste -sd, | sed 's/,/, /g'). Online this rarely matters; offline (or" \
      "with no prebuilt binary for this machine) the install fails without them: apt-get install python3 make g++"
  fi
  # node_modules is made with the caller's umask (022 on a stock system): readable by every user, so
  # another account can run bin/airgap-agent (the demo's var/ is private: demo.sh sets umask 077 after this)
  npm ci --no-audit --no-fund --loglevel=error &
  local pid=$! started=$SECONDS
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    if kill -0 "$pid" 2>/dev/null && [ $(((SECONDS - started) % 30)) -lt 5 ]; then
      log "  still installing… $((SECONDS - started)) s"
    fi
  done
  if ! wait "$pid"; then
    log "npm ci failed (above). Offline, it needs the packages in npm's cache (~/.npm) and python3, make and g++ to build better-sqlite3"
    return 1
  fi
  echo "$want" > "$stamp"
  log "npm dependencies installed in $((SECONDS - started)) s"
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
