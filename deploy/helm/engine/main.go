// Command engine renders a Helm 3 chart as `helm template` does, from Debian's Go packages only
// (text/template, sprig, sigs.k8s.io/yaml, gojsonschema, semver). See README.md for what it does
// and does not implement.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

type options struct {
	releaseName string
	chartDir    string
	namespace   string
	kubeVersion string
	apiVersions []string
	valueFiles  []string
	sets        []string // "typed=..." or "string=..."
	showOnly    []string
	strict      bool
}

const usage = `usage: engine [NAME] CHART [flags]
  -f, --values FILE        values file (repeatable; later files win; "-" reads stdin)
      --set K=V            value (repeatable; comma-separated; types inferred)
      --set-string K=V     value kept as a string (repeatable)
  -n, --namespace NS       .Release.Namespace (default "default")
      --kube-version V     .Capabilities.KubeVersion (default v1.34.0)
  -a, --api-versions GV    extra .Capabilities.APIVersions entry (repeatable)
  -s, --show-only PATH     print only this template (templates/x.yaml; repeatable)
      --strict             fail on a missing map key (missingkey=error)
`

func main() {
	opts, err := parseArgs(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "Error: %v\n\n%s", err, usage)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	if err := run(opts, out); err != nil {
		fmt.Fprintf(os.Stderr, "Error: %s\n", shorten(err.Error()))
		os.Exit(1)
	}
	if err := out.Flush(); err != nil {
		os.Exit(1)
	}
}

func parseArgs(args []string) (options, error) {
	opts := options{releaseName: "release-name", namespace: "default", kubeVersion: "v1.34.0"}
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, hasValue := strings.Cut(arg, "=")
		if !strings.HasPrefix(arg, "--") || !hasValue {
			name, value = arg, ""
		}
		needValue := func() (string, error) {
			if hasValue && strings.HasPrefix(arg, "--") {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch name {
		case "-f", "--values":
			v, err = needValue()
			opts.valueFiles = append(opts.valueFiles, v)
		case "--set":
			v, err = needValue()
			opts.sets = append(opts.sets, "typed="+v)
		case "--set-string":
			v, err = needValue()
			opts.sets = append(opts.sets, "string="+v)
		case "-n", "--namespace":
			opts.namespace, err = needValue()
		case "--kube-version":
			opts.kubeVersion, err = needValue()
		case "-a", "--api-versions":
			v, err = needValue()
			opts.apiVersions = append(opts.apiVersions, v)
		case "-s", "--show-only":
			v, err = needValue()
			opts.showOnly = append(opts.showOnly, v)
		case "--strict":
			opts.strict = true
		default:
			if strings.HasPrefix(arg, "-") && arg != "-" {
				return opts, fmt.Errorf("unknown flag %s", arg)
			}
			positional = append(positional, arg)
		}
		if err != nil {
			return opts, err
		}
	}
	switch len(positional) {
	case 1:
		opts.chartDir = positional[0]
	case 2:
		opts.releaseName, opts.chartDir = positional[0], positional[1]
	default:
		return opts, fmt.Errorf("give a chart directory, optionally after a release name")
	}
	return opts, nil
}

func run(opts options, out io.Writer) error {
	chart, err := loadChart(opts.chartDir)
	if err != nil {
		return err
	}
	caps, err := newCapabilities(opts.kubeVersion, opts.apiVersions)
	if err != nil {
		return err
	}
	if err := checkKubeVersion(chart, caps); err != nil {
		return err
	}
	user := map[string]interface{}{}
	for _, file := range opts.valueFiles {
		values, err := readValuesFile(file)
		if err != nil {
			return err
		}
		user = mergeMaps(user, values)
	}
	for _, set := range opts.sets {
		kind, expression, _ := strings.Cut(set, "=")
		if err := parseSet(expression, user, kind == "typed"); err != nil {
			return err
		}
	}
	values := coalesce(user, chart.Values)
	if err := validateValues(chart.Metadata.Name, chart.Schema, values); err != nil {
		return err
	}
	top := map[string]interface{}{
		"Values":       values,
		"Release":      releaseOf(opts.releaseName, opts.namespace),
		"Chart":        chart.Metadata,
		"Capabilities": caps,
		"Files":        Files(chart.Files),
		"Subcharts":    map[string]interface{}{},
	}
	rendered, err := renderTemplates(chart, top, opts.strict)
	if err != nil {
		return err
	}
	manifests, err := manifestsOf(rendered)
	if err != nil {
		return err
	}
	shown := 0
	for _, manifest := range manifests {
		if !selected(opts.showOnly, chart.Metadata.Name, manifest.Source) {
			continue
		}
		shown++
		fmt.Fprintf(out, "---\n# Source: %s\n%s\n", manifest.Source, manifest.Content)
	}
	if len(opts.showOnly) > 0 && shown == 0 {
		return fmt.Errorf("could not find template %s in chart", strings.Join(opts.showOnly, ", "))
	}
	return nil
}

func selected(showOnly []string, chartName, source string) bool {
	if len(showOnly) == 0 {
		return true
	}
	for _, wanted := range showOnly {
		if source == chartName+"/"+strings.TrimPrefix(wanted, "./") {
			return true
		}
	}
	return false
}

// shorten keeps the start and the innermost cause of an error that nested includes repeated a thousand times.
func shorten(message string) string {
	const keep = 600
	if len(message) <= 2*keep {
		return message
	}
	return message[:keep] + " ... " + message[len(message)-keep:]
}

func warnf(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "coalesce.go: warning: "+format+"\n", args...)
}

func readAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }
