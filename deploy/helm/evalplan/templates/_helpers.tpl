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
{{- printf "%s:%s" $image.repository (toString (default .root.Chart.AppVersion $image.tag)) -}}
{{- end -}}

{{- define "evalplan.imagePullPolicy" -}}
{{- $image := merge (dict) (.component.image | default dict) .root.Values.image -}}
{{- $image.pullPolicy | default "IfNotPresent" -}}
{{- end -}}

{{- define "evalplan.configMapName" -}}
{{- printf "%s-config" (include "evalplan.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "evalplan.secretName" -}}
{{- if .Values.secret.existingSecret -}}
{{- .Values.secret.existingSecret -}}
{{- else -}}
{{- printf "%s-secret" (include "evalplan.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
