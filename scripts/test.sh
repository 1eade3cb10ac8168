#!/usr/bin/env bash
# The whole suite, as the README promises: nothing is skipped silently.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# npm puts node_modules/.bin first on PATH: the `node` package pins the runtime (Node 24) for everything below.
step "Node.js $(node --version) from $(command -v node)"
case "$(node --version)" in v24.*) ;; *) echo "Expected Node 24 from the project's own 'node' package: run this through npm (npm test)." >&2; exit 1 ;; esac

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "pdftotext for the sale contract's tests"
bash scripts/ensure-pdftotext.sh

step "Typecheck"
npm run --silent typecheck

step "Lint"
npm run --silent lint

# The browser tests need the production build; the unit and API tests do not. Most of the API tests'
# time is spent waiting (PostgreSQL, timers, child servers), so the build runs beside them.
step "Build (in the background, beside the unit and API tests)"
build_log=$(mktemp)
npm run --silent build >"$build_log" 2>&1 &
build_pid=$!

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Unit, component and API tests (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
else
  step "Unit, component and API tests (PGlite; set TEST_DATABASE_URL to also run them on PostgreSQL)"
fi
# The bundle budget reads the build: it runs once the build is there.
npx vitest run --exclude scripts/bundle-size.test.ts

step "Build (its output) and the home page's bundle budget"
if ! wait "$build_pid"; then
  cat "$build_log"
  echo "The build failed." >&2
  exit 1
fi
cat "$build_log"
npx vitest run --project api-pglite scripts/bundle-size.test.ts

step "Browser tests (Chromium)"
npx playwright test

echo
echo "All checks passed in $(( $(date +%s) - started )) s."
