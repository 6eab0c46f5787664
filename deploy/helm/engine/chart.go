package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// Metadata is Chart.yaml as templates see it (.Chart): exported field names, as Helm passes its own struct.
type Metadata struct {
	APIVersion   string            `json:"apiVersion"`
	Name         string            `json:"name"`
	Version      string            `json:"version"`
	KubeVersion  string            `json:"kubeVersion,omitempty"`
	Description  string            `json:"description,omitempty"`
	Type         string            `json:"type,omitempty"`
	Keywords     []string          `json:"keywords,omitempty"`
	Home         string            `json:"home,omitempty"`
	Sources      []string          `json:"sources,omitempty"`
	Dependencies []interface{}     `json:"dependencies,omitempty"`
	Maintainers  []interface{}     `json:"maintainers,omitempty"`
	Icon         string            `json:"icon,omitempty"`
	AppVersion   string            `json:"appVersion,omitempty"`
	Deprecated   bool              `json:"deprecated,omitempty"`
	Annotations  map[string]string `json:"annotations,omitempty"`
}

// Chart is a chart directory read into memory: templates by their name (<chart>/templates/...),
// every other file for .Files, the default values and the values schema.
type Chart struct {
	Metadata  Metadata
	Templates map[string]string
	Files     map[string][]byte
	Values    map[string]interface{}
	Schema    []byte
}

// loadChart reads a chart directory. Subcharts are not supported: a chart with dependencies is refused
// rather than rendered without them.
func loadChart(dir string) (*Chart, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return nil, fmt.Errorf("not a chart: %w", err)
	}
	chart := &Chart{Templates: map[string]string{}, Files: map[string][]byte{}, Values: map[string]interface{}{}}
	if err := yaml.UnmarshalStrict(raw, &chart.Metadata); err != nil {
		return nil, fmt.Errorf("Chart.yaml: %w", err)
	}
	if chart.Metadata.APIVersion != "v2" {
		return nil, fmt.Errorf("Chart.yaml: apiVersion %q is not supported (v2 only)", chart.Metadata.APIVersion)
	}
	if chart.Metadata.Name == "" || chart.Metadata.Version == "" {
		return nil, fmt.Errorf("Chart.yaml: name and version are required")
	}
	if len(chart.Metadata.Dependencies) > 0 {
		return nil, fmt.Errorf("Chart.yaml: dependencies (subcharts) are not supported by this engine")
	}
	ignore, err := readIgnore(filepath.Join(dir, ".helmignore"))
	if err != nil {
		return nil, err
	}
	err = filepath.WalkDir(dir, func(file string, entry os.DirEntry, walkErr error) error {
		if walkErr != nil {
			return walkErr
		}
		rel, _ := filepath.Rel(dir, file)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if ignore.matches(rel, entry.IsDir()) {
			if entry.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if entry.IsDir() {
			if rel == "charts" {
				return fmt.Errorf("charts/: subcharts are not supported by this engine")
			}
			return nil
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		switch {
		case rel == "Chart.yaml":
		case rel == "values.yaml":
			if err := yaml.Unmarshal(data, &chart.Values); err != nil {
				return fmt.Errorf("values.yaml: %w", err)
			}
			if chart.Values == nil {
				chart.Values = map[string]interface{}{}
			}
		case rel == "values.schema.json":
			chart.Schema = data
		case strings.HasPrefix(rel, "templates/"):
			chart.Templates[path.Join(chart.Metadata.Name, rel)] = string(data)
		default:
			chart.Files[rel] = data
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return chart, nil
}

// ignoreRules is the subset of .helmignore Helm documents: one glob per line, '#' comments, a
// trailing '/' for directories only, a leading '!' to keep what an earlier line ignored.
type ignoreRules []struct {
	pattern string
	dirOnly bool
	negate  bool
}

func readIgnore(file string) (ignoreRules, error) {
	raw, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rules ignoreRules
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rule := struct {
			pattern string
			dirOnly bool
			negate  bool
		}{}
		if strings.HasPrefix(line, "!") {
			rule.negate, line = true, line[1:]
		}
		if strings.HasSuffix(line, "/") {
			rule.dirOnly, line = true, strings.TrimSuffix(line, "/")
		}
		if _, err := path.Match(line, ""); err != nil {
			return nil, fmt.Errorf(".helmignore: bad pattern %q", line)
		}
		rule.pattern = strings.TrimPrefix(line, "/")
		rules = append(rules, rule)
	}
	return rules, nil
}

// matches follows Helm: a pattern with a slash matches the path from the chart root, one without
// matches the base name at any depth.
func (rules ignoreRules) matches(rel string, isDir bool) bool {
	ignored := false
	for _, rule := range rules {
		if rule.dirOnly && !isDir {
			continue
		}
		target := path.Base(rel)
		if strings.Contains(rule.pattern, "/") {
			target = rel
		}
		if ok, _ := path.Match(rule.pattern, target); ok {
			ignored = !rule.negate
		}
	}
	return ignored
}

// sortedNames gives map keys in a stable order.
func sortedNames[V any](items map[string]V) []string {
	names := make([]string, 0, len(items))
	for name := range items {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
