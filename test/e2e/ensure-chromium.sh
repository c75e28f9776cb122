#!/usr/bin/env bash
# The e2e tests drive Debian's chromium (Playwright's own browser download cannot work here).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian chromium for the e2e tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
