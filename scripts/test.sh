#!/usr/bin/env bash
# Everything the store is checked by, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's duration is printed as the next one starts, so a slow CI run shows where its time went.
last_step=''
step_started=$SECONDS
step() {
  if [ -n "$last_step" ]; then
    printf '\033[1m== %s took %d s ==\033[0m\n' "$last_step" $((SECONDS - step_started))
  fi
  last_step=$1
  step_started=$SECONDS
  printf '\n\033[1m== %s ==\033[0m\n' "$1"
}

step 'type check'
npm run --silent typecheck
step 'lint and format'
npm run --silent lint
step 'unit and server tests (PGlite)'
npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step 'server tests (PostgreSQL)'
  TEST_DB_ENGINE=postgres npx vitest run --project server
else
  echo 'TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is skipped (.ci/run sets it).'
fi
step 'production build'
npm run --silent build
step 'journeys (Playwright, Chromium)'
npx playwright test
step 'all checks passed'
