package agent

import (
	"reflect"
	"strings"
)

// schemaOf is the JSON Schema (2020-12) of the values encoding/json makes of a Go type: a tool's
// input and output schemas, from the structs the tool decodes and returns. A field's json tag
// names it (omitempty: optional), its jsonschema tag describes it; an embedded struct's fields
// are its own; a slice, map or pointer may be null, as encoding/json writes a nil one.
func schemaOf(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(schemaOf(t.Elem()))
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return nullable(map[string]any{"type": "array", "items": schemaOf(t.Elem())})
	case reflect.Map:
		return nullable(map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())})
	case reflect.Struct:
		props, required := map[string]any{}, []string{}
		fields(t, props, &required)
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	return map[string]any{} // an interface: any value
}

func fields(t reflect.Type, props map[string]any, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			fields(f.Type, props, required)
			continue
		}
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := schemaOf(f.Type)
		if d := f.Tag.Get("jsonschema"); d != "" {
			s["description"] = d
		}
		props[name] = s
		if !strings.Contains(","+opts+",", ",omitempty,") {
			*required = append(*required, name)
		}
	}
}

// nullable lets a schema's value be null too.
func nullable(s map[string]any) map[string]any {
	if t, ok := s["type"].(string); ok {
		s["type"] = []string{"null", t}
	}
	return s
}
