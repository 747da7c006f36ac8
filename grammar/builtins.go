package grammar

import "slices"

// builtinFunctions are the names of Carina's built-in functions, sorted.
var builtinFunctions = [...]string{
	"cidr_subnet", "concat", "decrypt", "env", "flatten", "join", "keys", "length", "lookup", "lower",
	"map", "max", "min", "replace", "secret", "split", "trim", "upper", "values",
}

// BuiltinFunctions returns the names of Carina's built-in functions, sorted. Each call returns a
// fresh slice, which the caller may change. (What each function takes and does is described in
// package hover.)
func BuiltinFunctions() []string {
	return slices.Clone(builtinFunctions[:])
}

// IsBuiltinFunction reports whether name is one of Carina's built-in functions.
func IsBuiltinFunction(name string) bool {
	_, ok := slices.BinarySearch(builtinFunctions[:], name)
	return ok
}
