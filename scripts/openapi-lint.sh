#!/usr/bin/env bash
# Lints the OpenAPI documents as `store openapi` writes them (run `npm run build` first) with
# Redocly CLI and the rules in redocly.yaml; any warning fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
node bin/store.js openapi --out "$out/api.json" 2>/dev/null
node bin/store.js openapi --control --out "$out/control.json" 2>/dev/null
# The banner about Node 20 support (a box drawn with ║╔╚) is left out of what is shown and checked.
status=0
root="$PWD"
(cd "$out" && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  node "$root/node_modules/@redocly/cli/bin/cli.js" lint --config "$root/redocly.yaml" --max-problems 50 \
  api.json control.json) >"$out/lint.txt" 2>&1 || status=$?
grep -v '[║╔╚]' "$out/lint.txt"
if [ "$status" -ne 0 ] || grep -v '[║╔╚]' "$out/lint.txt" | grep -qiE 'warning|error'; then
  echo "openapi:lint: the documents have problems (above)" >&2
  exit 1
fi
