package main

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"sigs.k8s.io/yaml"
)

// maxIncludeDepth stops a template that includes itself, as Helm does.
const maxIncludeDepth = 1000

// funcMap is sprig's text functions without env and expandenv (a chart must not read the renderer's
// environment), plus Helm's own. include and tpl are bound to the template set by bindIncludes.
func funcMap() template.FuncMap {
	functions := sprig.TxtFuncMap()
	delete(functions, "env")
	delete(functions, "expandenv")
	helm := template.FuncMap{
		"toYaml":        toYAML,
		"mustToYaml":    mustToYAML,
		"fromYaml":      fromYAML,
		"fromYamlArray": fromYAMLArray,
		"toJson":        toJSON,
		"mustToJson":    mustToJSON,
		"fromJson":      fromJSON,
		"fromJsonArray": fromJSONArray,
		"toToml": func(interface{}) (string, error) {
			return "", fmt.Errorf("toToml is not supported by this engine")
		},
		"required": required,
		// No cluster to ask: lookup finds nothing, as in `helm template`.
		"lookup": func(string, string, string, string) (map[string]interface{}, error) {
			return map[string]interface{}{}, nil
		},
		"include": func(string, interface{}) (string, error) { return "", fmt.Errorf("include is not bound") },
		"tpl":     func(string, interface{}) (string, error) { return "", fmt.Errorf("tpl is not bound") },
	}
	for name, function := range helm {
		functions[name] = function
	}
	return functions
}

// bindIncludes gives include and tpl the template set t, sharing one depth count per name.
func bindIncludes(t *template.Template, depth map[string]int, strict bool) {
	t.Funcs(template.FuncMap{
		"include": func(name string, data interface{}) (string, error) {
			if depth[name] >= maxIncludeDepth {
				return "", fmt.Errorf("rendering template has a nested reference name: %s", name)
			}
			depth[name]++
			defer func() { depth[name]-- }()
			var out strings.Builder
			err := t.ExecuteTemplate(&out, name, data)
			return out.String(), err
		},
		"tpl": func(text string, data interface{}) (string, error) {
			clone, err := t.Clone()
			if err != nil {
				return "", err
			}
			bindIncludes(clone, depth, strict)
			parsed, err := clone.New(t.Name()).Option(missingKeyOption(strict)).Parse(text)
			if err != nil {
				return "", fmt.Errorf("cannot parse template %q: %w", text, err)
			}
			var out strings.Builder
			if err := parsed.Execute(&out, data); err != nil {
				return "", fmt.Errorf("error during tpl function execution for %q: %w", text, err)
			}
			return strings.ReplaceAll(out.String(), "<no value>", ""), nil
		},
	})
}

func missingKeyOption(strict bool) string {
	if strict {
		return "missingkey=error"
	}
	return "missingkey=zero"
}

// required fails on nil and on the empty string, and passes anything else (0 and false too), as Helm's.
func required(message string, value interface{}) (interface{}, error) {
	if value == nil {
		return nil, fmt.Errorf("%s", message)
	}
	if text, ok := value.(string); ok && text == "" {
		return nil, fmt.Errorf("%s", message)
	}
	return value, nil
}

func toYAML(value interface{}) string {
	text, err := mustToYAML(value)
	if err != nil {
		return ""
	}
	return text
}

func mustToYAML(value interface{}) (string, error) {
	data, err := yaml.Marshal(value)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(data), "\n"), nil
}

// fromYAML gives a map; a parse error is put under the key "Error", as Helm does.
func fromYAML(text string) map[string]interface{} {
	table := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(text), &table); err != nil {
		table["Error"] = err.Error()
	}
	return table
}

func fromYAMLArray(text string) []interface{} {
	list := []interface{}{}
	if err := yaml.Unmarshal([]byte(text), &list); err != nil {
		list = []interface{}{err.Error()}
	}
	return list
}

func toJSON(value interface{}) string {
	text, err := mustToJSON(value)
	if err != nil {
		return ""
	}
	return text
}

func mustToJSON(value interface{}) (string, error) {
	data, err := json.Marshal(value)
	return string(data), err
}

func fromJSON(text string) map[string]interface{} {
	table := map[string]interface{}{}
	if err := json.Unmarshal([]byte(text), &table); err != nil {
		table["Error"] = err.Error()
	}
	return table
}

func fromJSONArray(text string) []interface{} {
	list := []interface{}{}
	if err := json.Unmarshal([]byte(text), &list); err != nil {
		list = []interface{}{err.Error()}
	}
	return list
}

// Files is .Files: the chart's files outside templates/, by path from the chart root.
type Files map[string][]byte

func (f Files) GetBytes(name string) []byte { return f[name] }
func (f Files) Get(name string) string     { return string(f[name]) }

// Glob gives the files whose path matches pattern (path.Match, '*' within one directory).
func (f Files) Glob(pattern string) Files {
	out := Files{}
	for name, data := range f {
		if ok, _ := path.Match(pattern, name); ok {
			out[name] = data
		}
	}
	return out
}

func (f Files) Lines(name string) []string {
	text := strings.TrimSuffix(f.Get(name), "\n")
	if text == "" {
		return []string{}
	}
	return strings.Split(text, "\n")
}

// AsConfig gives the files as ConfigMap data (base name: text).
func (f Files) AsConfig() string {
	data := map[string]string{}
	for name, content := range f {
		data[path.Base(name)] = string(content)
	}
	return toYAML(data)
}

// AsSecrets gives the files as Secret data (base name: base64).
func (f Files) AsSecrets() string {
	data := map[string][]byte{}
	for name, content := range f {
		data[path.Base(name)] = content
	}
	return toYAML(data) // []byte marshals as base64
}
