#!/usr/bin/env bash
# `npm run test:all`: every stage runs, whatever an earlier one did; the end names the stages that
# failed (exit 1) and the time each took. CI runs exactly this (.ci/run).
set -uo pipefail
cd "$(dirname "$0")/.."
stages=(test:chromium lint typecheck circles test:package openapi:lint test test:stress)
failed=()
summary=()
for stage in "${stages[@]}"; do
  echo "== test:all: $stage" >&2
  started=$SECONDS
  if npm run --silent "$stage"; then
    summary+=("  ok      $stage ($((SECONDS - started)) s)")
  else
    summary+=("  FAILED  $stage ($((SECONDS - started)) s)")
    failed+=("$stage")
  fi
done
echo "== test:all: ${#stages[@]} stages in ${SECONDS} s" >&2
printf '%s\n' "${summary[@]}" >&2
if [ "${#failed[@]}" -gt 0 ]; then
  echo "test:all: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test:all: every stage passed" >&2
