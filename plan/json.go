package plan

import (
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/carina-rs/carina-lsp/internal/jsonstr"
	"github.com/carina-rs/carina-lsp/workspace"
)

// JSONVersion is the version of the JSON form; a change that breaks readers bumps it.
const JSONVersion = 1

// JSON is a plan's JSON form. Values are as the display prints them: a secret is "(secret)".
type JSON struct {
	FormatVersion int            `json:"format_version"`
	Changed       bool           `json:"changed"`
	Summary       JSONSummary    `json:"summary"`
	Resources     []JSONResource `json:"resources"`
	Exports       []JSONExport   `json:"exports"`
	Errors        []JSONProblem  `json:"errors"`
	Unsupported   []JSONProblem  `json:"unsupported"`
	// Destroy marks the plan of a destroy (plan -destroy); Protected are the instances it keeps
	// for their prevent_destroy, which an error refuses. Both absent from other plans.
	Destroy   bool            `json:"destroy,omitempty"`
	Protected []JSONProtected `json:"protected,omitempty"`
}

// JSONProtected is an instance a destroy keeps for its prevent_destroy.
type JSONProtected struct {
	Provider string `json:"provider"`
	Type     string `json:"type"`
	Identity string `json:"identity"`
	Binding  string `json:"binding,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"` // 1-based
}

// JSONSummary counts the operations.
type JSONSummary struct {
	Add     int `json:"add"`
	Change  int `json:"change"`
	Replace int `json:"replace"`
	Destroy int `json:"destroy"`
}

// JSONResource is one resource instance and its operation.
type JSONResource struct {
	Op       string       `json:"op"`
	Provider string       `json:"provider"`
	Type     string       `json:"type"`
	Identity string       `json:"identity"` // "" for an anonymous resource whose identity is not computed
	Binding  string       `json:"binding,omitempty"`
	File     string       `json:"file,omitempty"`
	Line     int          `json:"line,omitempty"` // 1-based
	Deposed  string       `json:"deposed,omitempty"`
	Until    string       `json:"until,omitempty"` // a wait's predicate as written
	Changes  []JSONChange `json:"changes,omitempty"`
}

// JSONChange is one changed attribute; a side absent is null.
type JSONChange struct {
	Name   string  `json:"name"`
	Old    *string `json:"old"`
	New    *string `json:"new"`
	Forces bool    `json:"forces_replacement,omitempty"`
	// Elements is a changed list's change element by element, as the display shows it: a list
	// of maps' elements paired by similarity, a list of strings' strings compared as a set.
	Elements []JSONElement `json:"elements,omitempty"`
}

// JSONElement is one element of a changed list: Change is "unchanged", "modified", "added" or
// "deleted"; a side absent is null.
type JSONElement struct {
	Change string  `json:"change"`
	Old    *string `json:"old"`
	New    *string `json:"new"`
}

// JSONExport is an export published anew; a side absent is null.
type JSONExport struct {
	Name string  `json:"name"`
	Old  *string `json:"old"`
	New  *string `json:"new"`
}

// JSONProblem is an error or an unsupported part, where it is.
type JSONProblem struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"` // 1-based, in characters
	Message string `json:"message"`
}

// ToJSON returns the plan's JSON form.
func (p *Plan) ToJSON() JSON {
	s := p.Summary()
	out := JSON{FormatVersion: JSONVersion, Changed: p.Changed(), Summary: JSONSummary{s.Create, s.Update, s.Replace, s.Delete},
		Resources: []JSONResource{}, Exports: []JSONExport{}, Errors: []JSONProblem{}, Unsupported: []JSONProblem{}}
	for _, e := range p.Exports {
		je := JSONExport{Name: jsonstr.Decoded(e.Name)}
		if e.HasOld {
			s := jsonstr.Decoded(storedExportText(e.Old))
			je.Old = &s
		}
		if e.HasNew {
			s := jsonstr.Decoded(exportText(e.New))
			je.New = &s
		}
		out.Exports = append(out.Exports, je)
	}
	for _, r := range p.Resources {
		jr := JSONResource{Op: r.Op.String(), Provider: r.Provider, Type: r.Type, Identity: jsonstr.Decoded(r.Identity), Binding: jsonstr.Decoded(r.Binding)}
		if r.Unresolved {
			jr.Identity = ""
		}
		if r.File != nil && r.Stmt != nil {
			jr.File, jr.Line, _ = place(r.File, r.Stmt.Offset)
		}
		if r.Deposed != nil {
			jr.Deposed = jsonstr.Decoded(r.Deposed.Identifier)
		}
		jr.Until = jsonstr.Decoded(r.Until)
		for _, c := range r.Shown() {
			jc := JSONChange{Name: jsonstr.Decoded(c.Name), Forces: c.Forces}
			if c.HasOld {
				s := jsonstr.Decoded(c.Old.Display())
				jc.Old = &s
			}
			if c.HasNew {
				s := jsonstr.Decoded(c.New.Display())
				jc.New = &s
			}
			jc.Elements = jsonElements(r.differ(), c)
			jr.Changes = append(jr.Changes, jc)
		}
		out.Resources = append(out.Resources, jr)
	}
	out.Destroy = p.Destroy
	for _, r := range p.Guarded {
		jp := JSONProtected{Provider: r.Provider, Type: r.Type, Identity: jsonstr.Decoded(r.Identity), Binding: jsonstr.Decoded(r.Binding)}
		if r.File != nil && r.Stmt != nil {
			jp.File, jp.Line, _ = place(r.File, r.Stmt.Offset)
		}
		out.Protected = append(out.Protected, jp)
	}
	for _, e := range p.Errors {
		out.Errors = append(out.Errors, problem(e))
	}
	for _, u := range p.Unsupported {
		out.Unsupported = append(out.Unsupported, problem(u))
	}
	return out
}

// jsonElements is a changed list's elements as the display diffs them (changeRow, with the
// same differ d); nil for any other change.
func jsonElements(d differ, c Change) []JSONElement {
	text := func(v Value) *string {
		s := jsonstr.Decoded(v.Display())
		return &s
	}
	var out []JSONElement
	add := func(change string, old, new *string) {
		out = append(out, JSONElement{Change: change, Old: old, New: new})
	}
	switch {
	case !c.HasNew && isListOfMaps(c.Old):
		for _, e := range c.Old.Elems {
			add("deleted", text(e), nil)
		}
	case c.HasNew && isListOfMaps(c.New):
		ld := diffListOfMaps(d, c.Old, c.New, d.attr(c.Name), true)
		for _, e := range ld.Unchanged {
			add("unchanged", text(e), text(e))
		}
		for _, e := range ld.Modified {
			add("modified", text(e.Old), text(e.New))
		}
		for _, e := range ld.Added {
			add("added", nil, text(e))
		}
		for _, e := range ld.Removed {
			add("deleted", text(e), nil)
		}
	case c.HasNew:
		sd, ok := diffStrings(c.Old, c.HasOld, c.New)
		if !ok {
			return nil
		}
		str := func(s string) *string { return text(Value{Kind: Str, Text: s}) }
		for _, s := range sd.Unchanged {
			add("unchanged", str(s), str(s))
		}
		for _, s := range sd.Added {
			add("added", nil, str(s))
		}
		for _, s := range sd.Removed {
			add("deleted", str(s), nil)
		}
	}
	return out
}

// WriteJSON writes the plan's JSON form, indented, with a final newline.
func WriteJSON(w io.Writer, p *Plan) error {
	b, err := json.MarshalIndent(p.ToJSON(), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func problem(pr Problem) JSONProblem {
	out := JSONProblem{Message: jsonstr.Decoded(pr.Message)}
	if pr.File != nil {
		out.File, out.Line, out.Column = place(pr.File, pr.Span.Start)
	}
	return out
}

// place is a file's path and the 1-based line and character column of an offset.
func place(f *workspace.File, off int32) (string, int, int) {
	src := f.Text()
	o := min(max(int(off), 0), len(src))
	line, start := 1, 0
	for i := 0; i < o; i++ {
		if src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return jsonstr.Decoded(f.Path), line, utf8.RuneCountInString(src[start:o]) + 1
}

// Place is where a problem is, as path:line:col (the path alone without a file).
func (pr Problem) Place() string {
	if pr.File == nil {
		return ""
	}
	path, line, col := place(pr.File, pr.Span.Start)
	return path + ":" + itoa(line) + ":" + itoa(col)
}

func itoa(n int) string { return strconv.Itoa(n) }
