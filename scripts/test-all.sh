#!/usr/bin/env bash
# `npm run test:all`: every stage runs, whatever an earlier one did; the end names the stages that
# failed (exit 1) and the time each took. CI runs exactly this (.ci/run).
set -uo pipefail
cd "$(dirname "$0")/.."
stages=(test:chromium lint typecheck circles test:package openapi:lint test test:stress)
failed=()
summary=()
failures=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for stage in "${stages[@]}"; do
  echo "== test:all: $stage" >&2
  started=$SECONDS
  if npm run --silent "$stage" 2>&1 | tee "$log"; then
    summary+=("  ok      $stage ($((SECONDS - started)) s)")
  else
    summary+=("  FAILED  $stage ($((SECONDS - started)) s)")
    failed+=("$stage")
    # vitest names each failed test on a line starting with FAIL; keep them for the end
    while IFS= read -r line; do failures+=("    $line"); done < <(
      sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *FAIL ' | sort -u | head -40
    )
  fi
done
echo "== test:all: ${#stages[@]} stages in ${SECONDS} s" >&2
printf '%s\n' "${summary[@]}" >&2
if [ "${#failed[@]}" -gt 0 ]; then
  if [ "${#failures[@]}" -gt 0 ]; then printf '%s\n' "${failures[@]}" >&2; fi
  echo "test:all: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test:all: every stage passed" >&2
