#!/bin/bash
# usage: mem.tmp.sh <datadir> [node args...]
D=$1; shift
DATA_DIR=$D PORT=3997 HOST=127.0.0.1 LOG_LEVEL=warn AUTH_SERVICE_ADDR=127.0.0.1:0 WIZARD_SERVICE_ADDR=127.0.0.1:0 PDF_SERVICE_ADDR=127.0.0.1:0 ACTIVITY_SERVICE_ADDR=127.0.0.1:0 node "$@" stack/dist/main.js > /tmp/mem.log 2>&1 &
PID=$!
T0=$(date +%s%N)
for i in $(seq 1 300); do curl -sf http://127.0.0.1:3997/health >/dev/null && break; sleep 0.05; done
T1=$(date +%s%N); echo "health in $(( (T1-T0)/1000000 )) ms"
grep -E "VmHWM|VmRSS" /proc/$PID/status | tr '\n' ' '; echo
node_modules/.bin/autocannon -c 10 -d 3 http://127.0.0.1:3997/api/v1/ping > /dev/null 2>&1
for n in 1 2 3 4 5; do S=$(curl -s -XPOST http://127.0.0.1:3997/api/v1/sessions/create -H 'content-type: application/json' -d '{}' | sed 's/.*"sessionId":"\([^"]*\)".*/\1/'); curl -s -XPUT http://127.0.0.1:3997/api/v1/sessions/$S/wizard/step/1 -H 'content-type: application/json' -d '{"stepData":{"projectName":"x"}}' >/dev/null; done
curl -s -XPOST http://127.0.0.1:3997/api/v1/sessions/$S/generate-pdf -H 'content-type: application/json' -d '{}' | head -c 100; echo
sleep 5
echo -n "after warm-up: "; grep -E "VmHWM|VmRSS" /proc/$PID/status | tr '\n' ' '; echo
kill -TERM $PID; wait $PID
