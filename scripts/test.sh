#!/usr/bin/env bash
# The whole suite, as the README promises: nothing is skipped silently.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "Typecheck"
npm run --silent typecheck

step "Lint"
npm run --silent lint

step "Build"
npm run --silent build

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Unit, component and API tests (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
else
  step "Unit, component and API tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)"
fi
npx vitest run

step "Browser tests (Chromium)"
npx playwright test

echo
echo "All checks passed in $(( $(date +%s) - started )) s."
