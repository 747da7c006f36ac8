package cfn

import "fmt"

// Note is something a conversion says about the template: what it left for the user (Left: the
// run exits 1), or how it read something (an information).
type Note struct {
	At   Pos
	What string // what of the template: "Resources.VPC", "Parameters.Env", ...
	Msg  string
	Left bool
}

func (n Note) String() string {
	kind := "note"
	if n.Left {
		kind = "left"
	}
	return fmt.Sprintf("%s: %s: %s: %s", n.At, kind, n.What, n.Msg)
}

// Result is a conversion: the Carina configuration (one file, formatted) and the notes.
type Result struct {
	Text  string
	Notes []Note
	// Resources counts the template's resources, Converted those that became Carina resources.
	Resources, Converted int
	// Bindings are the Carina names of the template's resources, parameters, mappings and
	// conditions, by logical name ("mapping:" and "condition:" before a mapping's and a
	// condition's).
	Bindings map[string]string
}
