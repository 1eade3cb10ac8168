#!/usr/bin/env bash
# drizzle-kit writes schema-qualified references ("public"."user"); our tables live wherever the
# search_path says (a schema per test file on PostgreSQL), so the qualifier is removed.
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate "$@"
sed -i 's/"public"\.//g' server/db/migrations/*.sql
