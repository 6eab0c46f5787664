{{/* Chart name, overridable. */}}
{{- define "evalplan.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Prefix of every resource: the release name, so services are <release>-<component>. */}}
{{- define "evalplan.fullname" -}}
{{- default .Release.Name .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* <fullname>-<component>. Call with (dict "root" $ "name" "gateway"). */}}
{{- define "evalplan.componentName" -}}
{{- printf "%s-%s" (include "evalplan.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* "auth-service" -> "AUTH_SERVICE", the prefix of its _ADDR and _TARGET variables. */}}
{{- define "evalplan.envPrefix" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{- define "evalplan.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels on every object; (dict "root" $ "name" <component>), name may be empty. */}}
{{- define "evalplan.labels" -}}
helm.sh/chart: {{ include "evalplan.chart" .root }}
{{ include "evalplan.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: {{ include "evalplan.name" .root }}
{{- end -}}

{{- define "evalplan.selectorLabels" -}}
app.kubernetes.io/name: {{ include "evalplan.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- if .name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}
{{- end -}}

{{/* Image of a component: its own image values over the global ones. */}}
{{- define "evalplan.image" -}}
{{- $image := merge (dict) (.component.image | default dict) .root.Values.image -}}
{{- printf "%s:%s" $image.repository (include "evalplan.envValue" (default .root.Chart.AppVersion $image.tag)) -}}
{{- end -}}

{{- define "evalplan.imagePullPolicy" -}}
{{- $image := merge (dict) (.component.image | default dict) .root.Values.image -}}
{{- $image.pullPolicy | default "IfNotPresent" -}}
{{- end -}}

{{- define "evalplan.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "evalplan.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "evalplan.secretName" -}}
{{- if .Values.secret.existingSecret -}}
{{- .Values.secret.existingSecret -}}
{{- else -}}
{{- printf "%s-secret" (include "evalplan.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- /*
What each component reads (its src/config.ts), as groups of variables, which
secret keys it uses, which components it calls and which outside services it
reaches. A pod gets only these: its ConfigMap holds the `config` values of its
groups, its env references its secret keys one by one, and its
NetworkPolicy allows only these calls. Read with
fromYaml (include "evalplan.settingGroups" .) and "evalplan.componentNeeds".
*/}}
{{- define "evalplan.settingGroups" -}}
runtime: [NODE_ENV, LOG_LEVEL, SHUTDOWN_TIMEOUT, LOG_SUMMARY_INTERVAL, DEPENDENCY_WAIT_TIMEOUT, DEPENDENCY_RETRY_MAX_DELAY, DEPENDENCY_CHECK_INTERVAL]
database: [DATA_DIR, DATABASE_POOL_SIZE]
grpcServer: [GRPC_MAX_MESSAGE_SIZE]
grpcClient: [GRPC_MAX_MESSAGE_SIZE, GRPC_DEADLINE, GRPC_CHANNELS, GRPC_CONNECT_TIMEOUT, GRPC_KEEPALIVE_TIME, GRPC_KEEPALIVE_TIMEOUT]
accessToken: [ACCESS_TOKEN_TTL]
pdfRendererTimeout: [PDF_HTML_RENDERER_TIMEOUT]
gateway: [CORS_ALLOWED_ORIGINS, CORS_MAX_AGE, TRUST_PROXY, TRUSTED_PROXY_COUNT, COOKIE_SECURE, ACCESS_LOG, ACCESS_LOG_PROBES, ACTIVITY_RECORDING, ACTIVITY_QUEUE_LIMIT, ACTIVITY_BATCH_SIZE, ACTIVITY_FLUSH_INTERVAL, ACTIVITY_FLUSH_TIMEOUT]
clientLimits: [SESSION_CREATE_RATE_LIMIT_PER_IP, SESSION_CREATE_RATE_LIMIT_WINDOW, PDF_RATE_LIMIT_PER_IP, PDF_RATE_LIMIT_PER_SESSION_OR_USER, PDF_RATE_LIMIT_WINDOW, PDF_RENDERS_IN_PROGRESS_PER_SESSION_OR_USER, PDF_RENDERS_IN_PROGRESS_PER_IP, ACTIVITY_EVENTS_RATE_LIMIT_PER_IP, ACTIVITY_EVENTS_RATE_LIMIT_PER_SESSION_OR_USER, ACTIVITY_EVENTS_RATE_LIMIT_WINDOW, PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT, PLAN_MAIL_RATE_LIMIT_PER_IP, PLAN_MAIL_RATE_LIMIT_PER_SESSION_OR_USER, PLAN_MAIL_RATE_LIMIT_WINDOW]
auth: [REFRESH_TOKEN_TTL, REFRESH_ABSOLUTE_TTL, REFRESH_IDLE_TTL, REFRESH_REUSE_GRACE, BCRYPT_COST, AUTH_RATE_LIMIT_PER_IP, AUTH_RATE_LIMIT_PER_EMAIL, AUTH_RATE_LIMIT_WINDOW, AUTH_RATE_LIMIT_PER_IP_HOURLY, AUTH_RATE_LIMIT_PER_EMAIL_HOURLY, DEVICE_TOKEN_TTL, MAIL_FROM, PASSWORD_RESET_URL, PASSWORD_RESET_TTL, PASSWORD_RESET_RATE_LIMIT_PER_IP, PASSWORD_RESET_RATE_LIMIT_PER_EMAIL, PASSWORD_RESET_RATE_LIMIT_WINDOW]
wizard: [SESSION_TTL, SESSION_PURGE_INTERVAL, PDF_ORPHAN_SWEEP_INTERVAL, PDF_ORPHAN_GRACE]
pdf: [DATA_DIR, GRPC_DEADLINE, S3_ENDPOINT, S3_BUCKET, S3_REGION, PUBLIC_BASE_URL, PDF_HTML_RENDERER_URL, PDF_RENDER_THREADS, PDF_TEMPLATE_TIME_LIMIT, PDF_KEEP_VERSIONS, MAIL_FROM]
activity: [ACTIVITY_SPOOL_DIR, ACTIVITY_SPOOL_MAX_BYTES, ACTIVITY_RETENTION]
{{- end -}}

{{- define "evalplan.componentNeeds" -}}
gateway:
  groups: [runtime, grpcClient, accessToken, pdfRendererTimeout, gateway, clientLimits]
  secrets: [JWT_SECRET, REDIS_URL]
  calls: [auth-service, wizard-service, pdf-service, activity-service]
  reaches: [redis]
auth-service:
  groups: [runtime, database, grpcServer, grpcClient, accessToken, auth]
  # SMTP_URL: the password-reset e-mail and account notices.
  secrets: [JWT_SECRET, PASSWORD_HASH_KEY, DATABASE_URL, REDIS_URL, SMTP_URL]
  # Account deletion: the projects (wizard-service) and the activity events (activity-service).
  calls: [wizard-service, activity-service]
  reaches: [postgresql, redis, smtp]
wizard-service:
  groups: [runtime, database, grpcServer, grpcClient, pdfRendererTimeout, wizard]
  secrets: [DATABASE_URL]
  calls: [pdf-service]
  reaches: [postgresql]
pdf-service:
  groups: [runtime, grpcServer, pdfRendererTimeout, pdf]
  secrets: [S3_ACCESS_KEY, S3_SECRET_KEY, SMTP_URL]
  calls: []
  reaches: [s3, htmlRenderer, smtp]
activity-service:
  groups: [runtime, database, grpcServer, activity]
  secrets: [DATABASE_URL]
  calls: []
  reaches: [postgresql]
# The pre-install/pre-upgrade migration Job (COMPONENT=migrate), not a Deployment.
migrate:
  groups: [runtime, database]
  secrets: [DATABASE_URL]
  calls: []
  reaches: [postgresql]
{{- end -}}

{{/* The needs of one component: (dict "root" $ "name" <component>). */}}
{{- define "evalplan.needsOf" -}}
{{- $all := fromYaml (include "evalplan.componentNeeds" .root) -}}
{{- $needs := get $all .name -}}
{{- if not $needs -}}
{{- fail (printf "components.%s: the chart does not know what this component reads" .name) -}}
{{- end -}}
{{- toYaml $needs -}}
{{- end -}}

{{/*
The ConfigMap data of one component, as YAML: the non-empty `config` values of
its groups (every OTEL_* value: each process exports its own traces) and the
<NAME>_SERVICE_TARGET of each component it calls. (dict "root" $ "name" <component>)
*/}}
{{- define "evalplan.componentConfig" -}}
{{- $root := .root -}}
{{- $needs := fromYaml (include "evalplan.needsOf" .) -}}
{{- $groups := fromYaml (include "evalplan.settingGroups" $root) -}}
{{- $reads := list -}}
{{- range $needs.groups }}{{ $reads = concat $reads (get $groups .) }}{{ end -}}
{{- $data := dict -}}
{{- range $key, $value := $root.Values.config -}}
{{- if and (or (has $key $reads) (hasPrefix "OTEL_" $key)) (not (kindIs "invalid" $value)) (ne (toString $value) "") -}}
{{- $_ := set $data $key (include "evalplan.envValue" $value) -}}
{{- end -}}
{{- end -}}
{{- range $callee := $needs.calls -}}
{{- $component := get $root.Values.components $callee -}}
{{- $key := printf "%s_TARGET" (include "evalplan.envPrefix" $callee) -}}
{{- $override := toString (get $root.Values.config $key) -}}
{{- if ne $override "" -}}
{{- $_ := set $data $key $override -}}
{{- else if and $component $component.enabled -}}
{{- $_ := set $data $key (printf "%s:%d" (include "evalplan.componentName" (dict "root" $root "name" $callee)) (int $component.port)) -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{- define "evalplan.componentConfigMapName" -}}
{{- printf "%s-config" (include "evalplan.componentName" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
A value as an environment variable holds it: YAML numbers reach templates as float64, which toString
writes as 1e+06; JSON writes them as typed (1000000, 0.5).
*/}}
{{- define "evalplan.envValue" -}}
{{- if kindIs "float64" . -}}{{ toJson . }}{{- else -}}{{ toString . }}{{- end -}}
{{- end -}}

{{/*
Fails on a `config` key no component reads (a misspelt name would otherwise be dropped without a
word): the known keys are those of evalplan.settingGroups, OTEL_* and <NAME>_SERVICE_TARGET.
*/}}
{{- define "evalplan.checkConfigKeys" -}}
{{- $known := list -}}
{{- range $group, $keys := fromYaml (include "evalplan.settingGroups" .) }}{{ $known = concat $known $keys }}{{ end -}}
{{- range $name, $_ := .Values.components }}{{ $known = append $known (printf "%s_TARGET" (include "evalplan.envPrefix" $name)) }}{{ end -}}
{{- $unknown := list -}}
{{- range $key, $_ := .Values.config -}}
{{- if not (or (has $key $known) (hasPrefix "OTEL_" $key)) }}{{ $unknown = append $unknown $key }}{{ end -}}
{{- end -}}
{{- if $unknown -}}
{{- fail (printf "config: no component reads %s (misspelt? the settings are in docs/configuration.md)" (join ", " (sortAlpha $unknown))) -}}
{{- end -}}
{{- end -}}
