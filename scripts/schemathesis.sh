#!/usr/bin/env bash
# schemathesis against the running product (docs/api.md, "The OpenAPI document"): every operation of
# GET /api/v1/openapi.json with generated requests and `--checks all`, as the demo admin so the protected
# operations are exercised too. The product runs on a free port of 127.0.0.1 with the embedded database
# and the demo data, in a throwaway data folder; schemathesis (pinned) lives in a virtual environment
# under node_modules/.cache. When pip cannot reach its registry, the run is skipped with one line saying
# so (exit 0): tests/api/openapi-contract.test.ts makes the same checks in the suite, with npm packages only.
#
#   scripts/schemathesis.sh                          # about a few minutes
#   SCHEMATHESIS_MAX_EXAMPLES=100 scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SCHEMATHESIS_VERSION=4.32.5
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-20}
VENV=$ROOT/node_modules/.cache/schemathesis-$SCHEMATHESIS_VERSION
WORK=$(mktemp -d /tmp/semear-schemathesis.XXXXXX)
SERVER_PID=

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# 1. schemathesis first: without it there is nothing to start the product for.
if [ ! -x "$VENV/bin/schemathesis" ]; then
  rm -rf "$VENV"
  if ! python3 -m venv "$VENV" >"$WORK/venv.log" 2>&1; then
    echo "schemathesis: skipped, python3 cannot make a virtual environment here (Debian: apt-get install python3-venv); tests/api/openapi-contract.test.ts made the same checks"
    exit 0
  fi
  # Short timeouts: a machine without access to PyPI says so in seconds, not minutes.
  if ! "$VENV/bin/pip" install --disable-pip-version-check --quiet --timeout 15 --retries 1 \
    "schemathesis==$SCHEMATHESIS_VERSION" >"$WORK/pip.log" 2>&1; then
    rm -rf "$VENV"
    echo "schemathesis: skipped, pip could not install schemathesis==$SCHEMATHESIS_VERSION from its registry ($(grep -m1 -E 'ERROR|error' "$WORK/pip.log" || tail -n 1 "$WORK/pip.log")); tests/api/openapi-contract.test.ts made the same checks"
    exit 0
  fi
fi

# 2. The product, as `npm start` runs it (server/start.ts), without the web build: the API is what is tested.
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
BASE=http://127.0.0.1:$PORT
cat >"$WORK/serve.mts" <<EOF
import { loadConfig } from '$ROOT/server/config';
import { withGeneratedSecrets } from '$ROOT/server/config-secrets';
import { startServer } from '$ROOT/server/start';

const server = await startServer(loadConfig(withGeneratedSecrets(process.env)));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void server.close().finally(() => process.exit(0)));
EOF
# Limits out of the way (a 429 is documented, but would hide the rest of an operation's answers).
env NODE_ENV=test HOST=127.0.0.1 PORT="$PORT" PUBLIC_URL="$BASE" DATA_DIR="$WORK/data" DEMO_SEED=true LOG_LEVEL=warn \
  AUTH_RATE_LIMIT_MAX=1000000 PAYMENT_RATE_LIMIT_MAX=1000000 ANALYTICS_RATE_LIMIT_MAX=1000000 \
  node --import tsx "$WORK/serve.mts" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
answers() { node -e "fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$1"; }
for _ in $(seq 1 600); do
  answers "$BASE/api/v1/health" && break
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "schemathesis: the product did not start:"; cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done
answers "$BASE/api/v1/health"

# 3. The demo admin's token (server/seed/demo-content.ts): every permission, so 403s are the exception.
TOKEN=$(node -e "
fetch(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@semear.dev', password: 'semear-admin-123' }) })
  .then((r) => r.json()).then((s) => console.log(s.token))" "$BASE/api/v1/sessions")

# 4. The run. The provider webhooks are left out: their bodies must be signed by the provider, so every body
#    schemathesis can make is refused with their documented 400 (webhook.signature_invalid); the suite's
#    fuzz and contract tests call them.
set +e
"$VENV/bin/schemathesis" --no-color run "$BASE/api/v1/openapi.json" \
  --url "$BASE/api/v1" \
  --checks all \
  --header "Authorization: Bearer $TOKEN" \
  --max-examples "$MAX_EXAMPLES" \
  --exclude-path-regex '^/payments/webhooks/' \
  --request-timeout 20 \
  --workers 2 \
  --seed 20261129 2>&1 | tee "$WORK/report.txt"
status=${PIPESTATUS[0]}
set -e
# What the server logged as errors (pino level 50) while schemathesis ran: a 5xx's other side.
if grep -q '"level":50' "$WORK/server.log"; then
  echo "schemathesis: the server logged $(grep -c '"level":50' "$WORK/server.log") errors, the first ones:"
  grep '"level":50' "$WORK/server.log" | head -n 5
fi
exit "$status"
