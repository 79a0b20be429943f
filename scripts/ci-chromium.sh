#!/usr/bin/env bash
# Installs Debian's Chromium (and fonts) for the browser tests when it is missing.
# Playwright never downloads a browser here: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi liberation; then
  echo "ci: $(chromium --version 2>/dev/null) already installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation fontconfig >/dev/null
echo "ci: installed $(chromium --version)"
