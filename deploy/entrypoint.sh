#!/bin/sh
# Starts the evalplan component named by COMPONENT. `exec` replaces the shell so
# node is PID 1 and receives SIGTERM itself, which starts its graceful drain.
set -eu

cd /app
case "${COMPONENT:-}" in
  gateway | auth-service | wizard-service | pdf-service | activity-service | stack) ;;
  # One-shot: every service's migrations, then exit (the Helm chart's pre-install/pre-upgrade Job).
  migrate) exec node ./stack/dist/migrate.js ;;
  *)
    echo "evalplan: COMPONENT must be one of gateway, auth-service, wizard-service, pdf-service, activity-service, stack, migrate (got '${COMPONENT:-}')" >&2
    exit 64
    ;;
esac

# The telemetry preload is a path relative to the app root and must load before
# anything else, so OpenTelemetry can patch modules as they are first required.
exec node --require ./common/dist/telemetry-preload.js "./${COMPONENT}/dist/main.js"
