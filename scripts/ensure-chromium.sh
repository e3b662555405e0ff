#!/usr/bin/env bash
# Browser tests drive Debian's chromium with playwright-core; install it when absent.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "error: the browser tests need chromium at /usr/bin/chromium; install it with: sudo apt-get install chromium" >&2
  exit 1
fi
