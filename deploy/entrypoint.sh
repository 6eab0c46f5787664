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

# The all-in-one runs PostgreSQL as WebAssembly (PGlite) when DATABASE_URL is
# unset. V8's optimising WebAssembly compiler costs it about 500 MB at start;
# baseline code is enough (docs/decisions.md, 32). A V8 flag can be given only
# here: NODE_OPTIONS refuses it and setting it at run time comes too late.
v8_flags=
if [ "$COMPONENT" = stack ]; then v8_flags=--liftoff-only; fi

# The telemetry preload is a path relative to the app root and must load before
# anything else, so OpenTelemetry can patch modules as they are first required.
exec node $v8_flags --require ./common/dist/telemetry-preload.js "./${COMPONENT}/dist/main.js"
