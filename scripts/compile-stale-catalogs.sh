#!/bin/sh
# test:fast's catalogs: `lingui compile --strict` only when a locale's .po (or the Lingui config) is newer
# than its compiled messages.ts. An unchanged catalog compiles to the same file, and a catalog that failed
# --strict was not written, so it is compiled (and fails) again. npm test always compiles (lingui:check).
set -e
for po in locales/*/messages.po; do
  compiled="${po%.po}.ts"
  if [ ! -f "$compiled" ] || [ "$po" -nt "$compiled" ] || [ lingui.config.ts -nt "$compiled" ]; then
    exec lingui compile --strict --typescript
  fi
done
