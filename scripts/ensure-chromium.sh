#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium: Playwright cannot download its own browser here.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $chromium_path: installing Debian's chromium with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium_path" ] && exit 0
fi
echo "The browser tests need Chromium at $chromium_path and it is not there." >&2
echo "Install it as root with:  apt-get update && apt-get install -y chromium" >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
