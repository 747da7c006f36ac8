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

// Left counts the notes of what was left for the user to finish.
func (r *Result) Left() int {
	n := 0
	for _, note := range r.Notes {
		if note.Left {
			n++
		}
	}
	return n
}

// Summary says how much was converted and how much is left for the user: "21 of 22 resources
// converted; 3 things left for you".
func (r *Result) Summary() string {
	left := "nothing left for you"
	if n := r.Left(); n > 0 {
		left = plural(n, "thing") + " left for you"
	}
	return fmt.Sprintf("%d of %s converted; %s", r.Converted, plural(r.Resources, "resource"), left)
}

// plural is "1 resource", "2 resources".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
