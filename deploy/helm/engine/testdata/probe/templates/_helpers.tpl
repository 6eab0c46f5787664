{{- define "probe.greeting" -}}
hello {{ . }}
{{- end -}}
{{- define "probe.loop" -}}
{{ include "probe.loop" . }}
{{- end -}}
