#!/bin/sh
# test:fast's typecheck: `tsc --incremental` only when something it reads changed since its last clean pass.
# Even with nothing changed, tsc parses and binds all 3,200 files (about 9 s); a stamp written after a clean
# pass, older than every input, says the answer would be the same. Directories are compared too, so adding
# or deleting a file counts as a change; npm rewrites node_modules/.package-lock.json on every install.
# npm test always runs tsc in full (typecheck).
set -e
stamp=node_modules/.cache/semear.tsc-passed
inputs="contracts machines src server tests e2e bench scripts locales tsconfig.json package.json node_modules/.package-lock.json"
if [ -f "$stamp" ] && [ -z "$(find $inputs ./*.ts -newer "$stamp" -print -quit)" ]; then
  echo "typecheck: nothing changed since the last clean pass"
  exit 0
fi
# Stamped with the time tsc started: a file saved while it runs is checked again next time.
mkdir -p node_modules/.cache
touch "$stamp.next"
tsc -p tsconfig.json --noEmit --incremental --tsBuildInfoFile node_modules/.cache/semear.tsbuildinfo
mv "$stamp.next" "$stamp"
