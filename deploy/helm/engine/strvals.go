package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The --set syntax of Helm: name=value pairs separated by commas; a name is a dotted path whose parts may
// carry list indexes (a.b[0].c); a value in braces is a list ({x,y}); a backslash escapes the next
// character. --set infers booleans, null and integers (int64, as Helm); --set-string keeps strings.

const maxListIndex = 65536 // Helm's own cap: an index is memory the sender does not pay for.

type pathStep struct {
	key     string
	index   int
	isIndex bool
}

type setParser struct {
	runes []rune
	pos   int
	typed bool
}

func parseSet(expression string, into map[string]interface{}, typed bool) error {
	p := &setParser{runes: []rune(expression), typed: typed}
	for p.pos < len(p.runes) {
		steps, err := p.key()
		if err != nil {
			return err
		}
		value, err := p.value()
		if err != nil {
			return err
		}
		if steps[0].isIndex {
			return fmt.Errorf("--set %q: a name cannot start with an index", expression)
		}
		into[steps[0].key] = assign(into[steps[0].key], steps[1:], value)
		if p.pos < len(p.runes) {
			if p.runes[p.pos] != ',' {
				return fmt.Errorf("--set %q: expected a comma at %d", expression, p.pos)
			}
			p.pos++
		}
	}
	return nil
}

// key reads a dotted name up to its '='.
func (p *setParser) key() ([]pathStep, error) {
	var steps []pathStep
	var part strings.Builder
	flush := func() error {
		if part.Len() == 0 {
			return fmt.Errorf("--set: empty name part in %q", string(p.runes))
		}
		steps = append(steps, pathStep{key: part.String()})
		part.Reset()
		return nil
	}
	for p.pos < len(p.runes) {
		r := p.runes[p.pos]
		p.pos++
		switch r {
		case '\\':
			if p.pos < len(p.runes) {
				part.WriteRune(p.runes[p.pos])
				p.pos++
			}
		case '.':
			if part.Len() == 0 && len(steps) > 0 && steps[len(steps)-1].isIndex {
				continue // a[0].b: the dot after an index
			}
			if err := flush(); err != nil {
				return nil, err
			}
		case '[':
			if part.Len() > 0 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			end := p.pos
			for end < len(p.runes) && p.runes[end] != ']' {
				end++
			}
			if end == len(p.runes) {
				return nil, fmt.Errorf("--set: unclosed '[' in %q", string(p.runes))
			}
			index, err := strconv.Atoi(string(p.runes[p.pos:end]))
			if err != nil || index < 0 || index > maxListIndex {
				return nil, fmt.Errorf("--set: list index %q is not between 0 and %d", string(p.runes[p.pos:end]), maxListIndex)
			}
			steps = append(steps, pathStep{index: index, isIndex: true})
			p.pos = end + 1
		case '=':
			if part.Len() > 0 || len(steps) == 0 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			return steps, nil
		case ',':
			return nil, fmt.Errorf("--set: key %q has no value", part.String())
		default:
			part.WriteRune(r)
		}
	}
	return nil, fmt.Errorf("--set: key %q has no value", part.String())
}

// value reads a plain value up to the next unescaped comma, or a {list}.
func (p *setParser) value() (interface{}, error) {
	if p.pos < len(p.runes) && p.runes[p.pos] == '{' {
		p.pos++
		list := []interface{}{}
		for {
			item, stop := p.scalar(",}")
			list = append(list, item)
			if stop == '}' {
				return list, nil
			}
			if stop != ',' {
				return nil, fmt.Errorf("--set: unclosed '{' in %q", string(p.runes))
			}
		}
	}
	item, stop := p.scalar(",")
	if stop == ',' {
		p.pos-- // the separator is the caller's
	}
	return item, nil
}

func (p *setParser) scalar(stops string) (interface{}, rune) {
	var text strings.Builder
	for p.pos < len(p.runes) {
		r := p.runes[p.pos]
		p.pos++
		if r == '\\' && p.pos < len(p.runes) {
			text.WriteRune(p.runes[p.pos])
			p.pos++
			continue
		}
		if strings.ContainsRune(stops, r) {
			return p.typedValue(text.String()), r
		}
		text.WriteRune(r)
	}
	return p.typedValue(text.String()), 0
}

func (p *setParser) typedValue(text string) interface{} {
	if !p.typed {
		return text
	}
	switch {
	case strings.EqualFold(text, "true"):
		return true
	case strings.EqualFold(text, "false"):
		return false
	case strings.EqualFold(text, "null"):
		return nil
	case text == "0":
		return int64(0)
	}
	if text != "" && text[0] != '0' {
		if number, err := strconv.ParseInt(text, 10, 64); err == nil {
			return number
		}
	}
	return text
}

// assign sets value at steps below node and gives the new node (maps and lists made as needed).
func assign(node interface{}, steps []pathStep, value interface{}) interface{} {
	if len(steps) == 0 {
		return value
	}
	step := steps[0]
	if step.isIndex {
		list, _ := node.([]interface{})
		for len(list) <= step.index {
			list = append(list, nil)
		}
		list[step.index] = assign(list[step.index], steps[1:], value)
		return list
	}
	table, ok := node.(map[string]interface{})
	if !ok {
		table = map[string]interface{}{}
	}
	table[step.key] = assign(table[step.key], steps[1:], value)
	return table
}
