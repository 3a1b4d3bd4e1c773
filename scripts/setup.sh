#!/usr/bin/env bash
# Shared set-up for the README's two commands: system packages, the virtual environment, the package.
# Idempotent: a second run reuses what is there. Source it; it leaves .venv/bin first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
log() { printf '== %s (%ss)\n' "$*" "$SECONDS" >&2; }

# System packages (Debian). Pass the names needed: setup_apt chromium redis-server ...
setup_apt() {
  local need=()
  for pkg in "$@"; do
    case "$pkg" in
      chromium) [ -x /usr/bin/chromium ] || need+=(chromium) ;;
      redis-server) command -v redis-server >/dev/null || need+=(redis-server) ;;
      postgresql) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql) ;;
      *) dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg") ;;
    esac
  done
  [ ${#need[@]} -eq 0 ] && return 0
  log "apt-get install ${need[*]}"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  for _ in 1 2 3; do $sudo apt-get update -q >/tmp/regalia-apt.log 2>&1 && break; sleep 5; done
  $sudo apt-get install -y -q --no-install-recommends "${need[@]}" >>/tmp/regalia-apt.log 2>&1 \
    || { tail -40 /tmp/regalia-apt.log; return 1; }
}

# The venv, rebuilt only when pyproject.toml changes. Pass the extras: setup_venv dev
setup_venv() {
  local extras="${1:-}"
  local py="${PYTHON:-python3}" venv=.venv
  local stamp="$venv/.installed-${extras:-base}-$(sha256sum pyproject.toml | cut -c1-16)"
  if [ ! -f "$stamp" ]; then
    log "venv + pip install -e .${extras:+[$extras]}"
    [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
    "$venv/bin/python" -m pip install -qq --upgrade pip
    "$venv/bin/python" -m pip install -qq -e ".${extras:+[$extras]}"
    rm -f "$venv"/.installed-*; touch "$stamp"
  fi
  export PATH="$PWD/$venv/bin:$PATH"
}
