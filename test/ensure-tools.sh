#!/usr/bin/env bash
# Installs, with Debian's apt-get, the programs the tests drive when they are missing:
#   chromium   the e2e tests: chromium-headless-shell, Chromium's headless build (test/e2e/browser-server.ts
#              uses it, or `chromium` when only that is installed; Playwright's own browser download
#              cannot work here)
#   parsers    gofmt (golang-go), python3, php (php-cli), bash and dash, which parse the Go, Python,
#              PHP and shell blocks of content/ (test/content/code-blocks-parse.test.ts)
# Usage: bash test/ensure-tools.sh [chromium] [parsers]   (no argument: all of them)
# One `apt-get update` covers every missing package; nothing runs when all are present.
set -euo pipefail

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(chromium parsers)

missing=()      # installed with their recommended packages, as Debian intends (chromium's fonts)
lean=()         # compilers' toolchains: only what the parser needs (golang-go recommends gcc)
need() { # need <command> <debian package>
  command -v "$1" >/dev/null 2>&1 || lean+=("$2")
}
for group in "${groups[@]}"; do
  case "$group" in
    chromium) [ -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell) ;;
    parsers)
      need gofmt golang-go
      need python3 python3
      need php php-cli
      need bash bash
      need dash dash # POSIX sh: the grammar of Dagger Shell
      ;;
    *) echo "ensure-tools.sh: unknown group '$group' (chromium, parsers)" >&2; exit 2 ;;
  esac
done

[ ${#missing[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ] && exit 0

# ${a[@]+"${a[@]}"}: macOS bash 3.2 calls an empty array unbound under set -u.
all=(${missing[@]+"${missing[@]}"} ${lean[@]+"${lean[@]}"})
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-tools.sh: no apt-get here; install ${all[*]} (or your system's gofmt, python3, php, chromium) yourself" >&2
  exit 1
fi
echo "Installing Debian packages for the tests: ${all[*]}…"
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
apt_get() { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -qq "$@"; } # env: sudo drops the variable
apt_get update
if [ ${#missing[@]} -gt 0 ]; then apt_get install -y "${missing[@]}" >/dev/null; fi
if [ ${#lean[@]} -gt 0 ]; then apt_get install -y --no-install-recommends "${lean[@]}" >/dev/null; fi
