#!/bin/sh
# Starts the evalplan component named by COMPONENT. `exec` replaces the shell so
# node is PID 1 and receives SIGTERM itself, which starts its graceful drain.
set -eu

case "${COMPONENT:-}" in
  gateway | auth-service | wizard-service | pdf-service | activity-service | stack) ;;
  *)
    echo "evalplan: COMPONENT must be one of gateway, auth-service, wizard-service, pdf-service, activity-service, stack (got '${COMPONENT:-}')" >&2
    exit 64
    ;;
esac

# The telemetry preload is a path relative to the app root and must load before
# anything else, so OpenTelemetry can patch modules as they are first required.
cd /app
exec node --require ./common/dist/telemetry-preload.js "./${COMPONENT}/dist/main.js"
