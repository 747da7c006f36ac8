package completion

import (
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
)

// frameKind says what an open bracket belongs to.
type frameKind uint8

// Frame kinds.
const (
	fStmt       frameKind = iota // the top-level statement itself (no bracket)
	fResource                    // the body of a resource or data source: aws.s3.Bucket { }, read ... { }
	fNested                      // a nested block inside a resource body: name { }
	fMap                         // a map value: name = { }
	fList                        // a list: [ ]
	fParen                       // call arguments, grouping or an index: ( ), x[ ]
	fWait                        // wait target { }
	fProvider                    // provider aws { }, let x = provider aws { }
	fBackend                     // backend s3 { }
	fUse                         // use { }
	fUpstream                    // upstream_state { }
	fModuleCall                  // net { }
	fDirectives                  // directives { } in a resource body
	fArguments                   // arguments { }
	fParamBody                   // the detail block of an argument: name: Type { }
	fValidation                  // validation { } in an argument's detail block
	fOutputs                     // attributes { } or exports { }
	fState                       // import { }, removed { }, moved { }
	fForBody                     // for ... { }
	fIfBody                      // if ... { }, else { }
	fFnBody                      // fn name(...) { }
	fFnParams                    // fn name( )
	fTypeParen                   // list( ), map( ) in a type
	fStructType                  // struct { } in a type
	fInterp                      // "${ }
)

// entry is one significant token of an item at its frame's depth; a bracket stands for the whole
// group it opens (sub).
type entry struct {
	tok  int // index in the file's tokens
	kind g.Kind
	text string // the token's text for identifiers and strings
	sub  *frame // the frame the bracket opened
}

// frame is one open bracket (or the statement itself) with what it belongs to and the item of
// it the scan is in.
type frame struct {
	kind   frameKind
	open   int // token index of the opening bracket; -1 for the statement
	close  int // token index of the closing bracket once the scan passed it; -1 while open
	closer g.Kind

	head  string   // resource type, wait target, provider kind, module alias, state block keyword
	read  bool     // a data-source body (and what is inside it)
	path  []string // attribute path inside the resource: nested blocks, maps and lists
	key   string   // the key of the item the bracket opened in ("depends_on" for its list)
	name  string   // the binding the frame's let declares (the wait's own name)
	named bool     // provider: a named instance (let x = provider aws { })

	parent *frame
	locals []string // names declared by finished items: local lets, loop variables, parameters
	item   []entry  // the current item's entries
}

// stmtLike reports whether the frame holds statements (lets and one result), not block items.
func (f *frame) stmtLike() bool {
	switch f.kind {
	case fStmt, fForBody, fIfBody, fFnBody:
		return true
	}
	return false
}

// splitsOnComma reports whether a comma ends an item of the frame.
func (f *frame) splitsOnComma() bool { return f.kind != fStmt }

// endItem finishes the current item, recording a local let it declares.
func (f *frame) endItem() {
	if len(f.item) >= 3 && f.item[0].is("let") && f.item[1].kind == g.Ident && f.item[2].kind == g.Assign {
		f.addLocal(f.item[1].text)
	}
	f.item = nil
}

func (f *frame) addLocal(name string) {
	if name != "" && name != "_" {
		f.locals = append(f.locals, name)
	}
}

// is reports whether the entry is the identifier s.
func (e entry) is(s string) bool { return e.kind == g.Ident && e.text == s }

// dotted reports whether the entry is a dotted identifier (a resource type or a reference path).
func (e entry) dotted() bool { return e.kind == g.Ident && strings.Contains(e.text, ".") }

// expectsMore reports whether an item ending with e must go on: an operator or a keyword that
// starts a construct.
func (e entry) expectsMore() bool {
	switch e.kind {
	case g.Assign, g.Pipe, g.Compose, g.Coalesce, g.Comma, g.Colon, g.Bar, g.Not, g.Eq, g.NotEq, g.Lt,
		g.LtEq, g.Gt, g.GtEq, g.AndAnd, g.OrOr, g.Dot:
		return true
	case g.Ident:
		switch e.text {
		case "let", "provider", "backend", "fn", "for", "if", "in", "else", "wait", "read", "require",
			"use", "upstream_state", "import", "removed", "moved", "arguments", "attributes", "exports":
			return true
		}
	}
	return false
}

// assignAt returns the index of the item's first "=", or -1.
func assignAt(item []entry) int {
	for i, e := range item {
		if e.kind == g.Assign {
			return i
		}
	}
	return -1
}

// keyOf returns the key of a `key = value` item ("" for a let or when there is none).
func keyOf(item []entry) string {
	if len(item) >= 2 && item[1].kind == g.Assign && (item[0].kind == g.Ident || item[0].kind == g.String) {
		return item[0].text
	}
	return ""
}

// letName returns the name a `let name = ...` item declares, or "".
func letName(item []entry) string {
	if len(item) >= 2 && item[0].is("let") && item[1].kind == g.Ident {
		return item[1].text
	}
	return ""
}

// typePos reports whether the end of the item is a type annotation: after the ":" of
// `name: Type` in arguments, attributes, exports, struct types and function signatures, with no
// "=" after it.
func typePos(p *frame, item []entry) bool {
	switch p.kind {
	case fTypeParen:
		return true
	case fArguments, fOutputs, fStructType, fFnParams:
	case fStmt:
		if len(item) == 0 || !item[0].is("fn") {
			return false
		}
	default:
		return false
	}
	colon := -1
	for i, e := range item {
		switch e.kind {
		case g.Colon:
			if colon < 0 {
				colon = i
			}
		case g.Assign:
			if colon >= 0 {
				return false
			}
		}
	}
	return colon >= 0
}

func appendPath(path []string, seg string) []string {
	out := make([]string, len(path), len(path)+1)
	copy(out, path)
	return append(out, seg)
}
