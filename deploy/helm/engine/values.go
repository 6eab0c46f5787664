package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/xeipuuv/gojsonschema"
	"sigs.k8s.io/yaml"
)

// readValuesFile reads a -f file as Helm does: YAML through JSON, so every number is a float64.
func readValuesFile(file string) (map[string]interface{}, error) {
	var raw []byte
	var err error
	if file == "-" {
		raw, err = readAll(os.Stdin)
	} else {
		raw, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, err
	}
	values := map[string]interface{}{}
	if err := yaml.Unmarshal(raw, &values); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if values == nil {
		values = map[string]interface{}{}
	}
	return values, nil
}

// mergeMaps merges b over a (later -f files over earlier ones): maps merge, anything else replaces.
func mergeMaps(a, b map[string]interface{}) map[string]interface{} {
	out := make(map[string]interface{}, len(a))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		if vm, ok := v.(map[string]interface{}); ok {
			if om, ok := out[k].(map[string]interface{}); ok {
				out[k] = mergeMaps(om, vm)
				continue
			}
		}
		out[k] = v
	}
	return out
}

// coalesce lays the user's values over the chart's defaults: maps merge key by key, any other user
// value replaces the default, and a user null removes the key.
func coalesce(user, defaults map[string]interface{}) map[string]interface{} {
	out := map[string]interface{}{}
	for k, v := range defaults {
		out[k] = v
	}
	for k, v := range user {
		if v == nil {
			delete(out, k)
			continue
		}
		um, userIsMap := v.(map[string]interface{})
		dm, defaultIsMap := out[k].(map[string]interface{})
		if userIsMap && defaultIsMap {
			out[k] = coalesce(um, dm)
			continue
		}
		if defaultIsMap && !userIsMap {
			warnf("skipped value for %s: not a table", k)
			continue
		}
		out[k] = v
	}
	return out
}

// validateValues checks the final values against values.schema.json, as helm does before rendering.
func validateValues(chartName string, schema []byte, values map[string]interface{}) error {
	if len(schema) == 0 {
		return nil
	}
	document, err := json.Marshal(values)
	if err != nil {
		return err
	}
	result, err := gojsonschema.Validate(gojsonschema.NewBytesLoader(schema), gojsonschema.NewBytesLoader(document))
	if err != nil {
		return fmt.Errorf("values.schema.json: %w", err)
	}
	if result.Valid() {
		return nil
	}
	var lines []string
	for _, problem := range result.Errors() {
		lines = append(lines, "- "+problem.String())
	}
	return fmt.Errorf("values don't meet the specifications of the schema(s) in the following chart(s):\n%s:\n%s",
		chartName, strings.Join(lines, "\n"))
}
