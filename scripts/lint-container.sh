#!/usr/bin/env bash
# Lints the container files: no Docker engine runs on the development or CI machines, so they are
# checked here instead of built. Exits non-zero if either linter finds anything (dclint's warnings
# count too).
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
npx --no-install dockerfilelint Dockerfile || status=1
npx --no-install dclint --max-warnings 0 deploy/compose.yaml || status=1
if [ "$status" -eq 0 ]; then echo 'container files: Dockerfile and deploy/compose.yaml lint clean'; fi
exit "$status"
