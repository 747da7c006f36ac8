package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/completion"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestTypeFeaturesAgree holds the editor's type features to one another (issue #35: the editor
// agrees with itself), through the server, inlay type hints on, on corpus configurations and on
// configurations written for closures, partial applications, compositions and untyped
// parameters:
//
//   - every let, local, loop variable and parameter: the type its hover shows is its inlay
//     hint's, printed the same; no hint where hover knows no type (a typed parameter excepted:
//     its type is written);
//   - every argument of every call: signature help answers exactly when hover on the function
//     shows a signature, and with the same one (a user function's written as its declaration);
//     the type completion expects there is the active parameter's as signature help prints it;
//     a user function's parameter has the type its hover shows, a let holding a partial
//     application the signature its hover shows.
//
// Short mode: the written configurations, the corpus directories that call a function or bind a
// plain value, and one in four of the others; long mode every directory.
func TestTypeFeaturesAgree(t *testing.T) {
	written := t.TempDir()
	dirs := []string{}
	for name, src := range typeAgreementConfigs() {
		writeText(t, filepath.Join(written, name, "main.crn"), src)
		dirs = append(dirs, filepath.Join(written, name))
	}
	slices.Sort(dirs)
	base := corpus.Shared(t, "corpus")
	// Few corpus configurations call functions or bind plain values: in short mode, those and one
	// directory in four of the others.
	var corpusDirs []string
	calls := map[string]bool{}
	for _, f := range corpus.Files(t) {
		d := filepath.Dir(f)
		if !slices.Contains(corpusDirs, d) {
			corpusDirs = append(corpusDirs, d)
		}
		if b, err := os.ReadFile(f); err == nil && callOrValue.Match(b) {
			calls[d] = true
		}
	}
	step := suite.Scale(4, 1)
	for i, d := range corpusDirs {
		if calls[d] || i%step == 0 {
			dirs = append(dirs, d)
		}
	}

	c := startServer(t, Options{})
	c.initializeWith(base, protocol.ClientCapabilities{}, map[string]any{"carina": map[string]any{"inlayHints": map[string]any{"types": true}}})
	a := &typeAgreement{c: c, params: map[string]string{}, closures: map[string]string{}}
	for _, dir := range dirs {
		a.dir(t, dir)
		if len(a.findings) > 40 {
			break
		}
	}
	if len(a.findings) > 0 {
		t.Errorf("%d disagreements:\n  %s", len(a.findings), strings.Join(first(a.findings, 40), "\n  "))
	}
	t.Logf("%d directories: %d names and %d arguments compared, %d hints, %d signatures", len(dirs), a.names, a.args, a.hints, a.sigs)
	if a.hints == 0 || a.sigs == 0 {
		t.Errorf("nothing compared: %d hints, %d signatures", a.hints, a.sigs)
	}
}

// typeAgreementConfigs are configurations with what the corpus has little of.
func typeAgreementConfigs() map[string]string {
	return map[string]string{
		"partials": `let dash = join('-')
let by_comma = split(',')
let slug = split(' ') >> join('-')
let names = ['a', 'b']
let joined = dash(names)
let parts = 'x,y' |> by_comma()
let s = slug('My App')
let n = length(names)
let m = { a = 1, b = 2 }
let ks = keys(m)
let big = max(3, 5)
`,
		"functions": `fn combine(a, b) {
  join('-', [a, b])
}

fn label(env: String, app: String = 'web'): String {
  let full = "${env}-${app}"
  full
}

fn twice(x) {
  [x, x]
}

let one = combine('web', 'prod')
let two = combine('api', 'dev')
let l = label('prod')
let t = twice(1)
let u = twice('a')
let piped = 'z' |> combine('y')
let sub = cidr_subnet('10.0.0.0/16', 8, 1)
`,
		"loops": `let envs = ['dev', 'prod']
let sizes = { dev = 1, prod = 3 }

for env in envs {
  let name = upper(env)
  aws.s3.Bucket {
    bucket = join('-', [name, 'logs'])
  }
}

for k, v in sizes {
  let label = "${k}-${v}"
  aws.s3.Bucket {
    bucket = lower(label)
  }
}
`,
	}
}

// callOrValue finds a call or a let of a plain value in a file.
var callOrValue = regexp.MustCompile(`(?m)\b[a-z_]+\(|^\s*let \w+ = [^a-zA-Z]`)

var (
	hoverType      = regexp.MustCompile("\\*\\*Type\\*\\* `([^`]*)`")
	hoverSignature = regexp.MustCompile("\\*\\*Signature\\*\\* `([^`]*)`")
)

// typeAgreement walks configurations and records what disagrees.
type typeAgreement struct {
	c                        *testClient
	findings                 []string
	names, args, hints, sigs int
	params                   map[string]string // "fn i": the hover type of a user function's parameter i
	closures                 map[string]string // a let holding a closure: the signature its hover shows
}

func (a *typeAgreement) fail(format string, args ...any) {
	a.findings = append(a.findings, fmt.Sprintf(format, args...))
}

// dir opens a configuration's files, compares, and closes them.
func (a *typeAgreement) dir(t *testing.T, dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".crn") {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a.c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uriOf(p), LanguageID: "carina", Version: 1, Text: string(b)}})
	}
	// Document notifications apply in order on the reading goroutine: once a request is
	// answered, the documents are open (snapshotOf is called in-process).
	for _, p := range paths {
		a.hover(uriOf(p), protocol.Position{})
	}
	clear(a.params)
	clear(a.closures)
	// Parameters first: the calls compare their signatures with them.
	for _, p := range paths {
		a.names += a.file(uriOf(p), true)
	}
	for _, p := range paths {
		a.file(uriOf(p), false)
	}
	for _, p := range paths {
		a.c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(p)}})
	}
}

// file compares the names (decls) or the calls of one open file; it returns how many.
func (a *typeAgreement) file(uri protocol.DocumentURI, decls bool) int {
	sn, ok := a.c.srv.snapshotOf(context.Background(), uri)
	if !ok {
		a.fail("%s: no snapshot", uri)
		return 0
	}
	if decls {
		return a.decls(sn)
	}
	a.calls(sn)
	return 0
}

// decls compares each declared name's hover type with its inlay hint.
func (a *typeAgreement) decls(sn snapshot) int {
	var hints []inlayHint
	end := toPosition(sn.file.Lines, len(sn.file.Text()))
	if err := a.c.call("textDocument/inlayHint", &inlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: sn.uri}, Range: protocol.Range{End: end}}, &hints); err != nil {
		a.fail("%s: inlayHint: %v", sn.uri, err)
		return 0
	}
	byPos := map[protocol.Position]string{}
	for _, h := range hints {
		if l, ok := strings.CutPrefix(h.Label, ": "); ok {
			byPos[h.Position] = l
		}
	}
	n := 0
	for _, d := range sn.cfg.Decls {
		if d.File != sn.file || d.Name == "_" {
			continue
		}
		switch d.Kind {
		case workspace.Value, workspace.Conditional, workspace.LocalLet, workspace.LoopVar, workspace.Param:
		default:
			continue
		}
		n++
		at := toPosition(sn.file.Lines, int(d.NameSpan.Start))
		hovered := a.hover(sn.uri, at)
		ht := ""
		if m := hoverType.FindStringSubmatch(hovered); m != nil && m[1] != "known after apply" {
			ht = m[1]
		}
		if m := hoverSignature.FindStringSubmatch(hovered); m != nil && d.TopLevel {
			a.closures[d.Name] = m[1]
		}
		hint, hinted := byPos[toPosition(sn.file.Lines, int(d.NameSpan.End))]
		typed := false
		if p, ok := d.Node.(*grammar.FnParam); ok {
			typed = p.Type != nil
			if fn, ok := d.Stmt.Node.(*grammar.FnStmt); ok && fn.Name != nil {
				a.params[fmt.Sprintf("%s %d", fn.Name.Text, slices.Index(fn.Params, p))] = ht
			}
		}
		switch {
		case hinted:
			a.hints++
			if hint != ht {
				a.fail("%s:%d: %s: inlay hint %q, hover type %q", sn.uri, at.Line+1, d.Name, hint, ht)
			}
		case ht != "" && !typed:
			a.fail("%s:%d: %s: hover type %q, no inlay hint", sn.uri, at.Line+1, d.Name, ht)
		}
	}
	return n
}

// calls compares, at each argument of each call, signature help with hover on the function and
// with completion's expected type.
func (a *typeAgreement) calls(sn snapshot) {
	for _, st := range sn.file.AST.Stmts {
		if st == nil || st.Node == nil {
			continue
		}
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			c, ok := n.(*grammar.CallExpr)
			if !ok || c.Fn == nil || c.RParen.End == 0 {
				return true
			}
			offsets := []int32{st.Abs(c.RParen).Start}
			if len(c.Args) > 0 {
				offsets = offsets[:0]
				for _, x := range c.Args {
					offsets = append(offsets, st.Abs(x.Pos()).Start)
				}
			}
			fence := firstFence(a.hover(sn.uri, toPosition(sn.file.Lines, int(st.Abs(c.Fn.Span).Start))))
			for _, off := range offsets {
				a.arg(sn, c.Fn.Text, fence, off)
			}
			return true
		})
	}
}

// arg compares the features at one argument of a call of name, whose function hovers with fence.
func (a *typeAgreement) arg(sn snapshot, name, fence string, off int32) {
	a.args++
	at := toPosition(sn.file.Lines, int(off))
	var sh *protocol.SignatureHelp
	if err := a.c.call("textDocument/signatureHelp", &protocol.SignatureHelpParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: sn.uri}, Position: at}}, &sh); err != nil {
		a.fail("%s:%d: signatureHelp: %v", sn.uri, at.Line+1, err)
		return
	}
	where := fmt.Sprintf("%s:%d:%d %s(", sn.uri, at.Line+1, at.Character+1, name)
	if sh == nil || len(sh.Signatures) == 0 {
		if fence != "" {
			a.fail("%s: hover shows %q, signature help nothing", where, fence)
		}
		return
	}
	a.sigs++
	sig := sh.Signatures[0]
	if !strings.HasPrefix(sig.Label, name+"(") {
		return // the argument is itself inside an inner call's parentheses
	}
	if label := asCallLabel(fence); label != sig.Label {
		a.fail("%s: hover shows %q, signature help %q", where, fence, sig.Label)
	}
	var want string
	if i := int(sh.ActiveParameter); i < len(sig.Parameters) {
		want = paramType(sig.Parameters[i].Label)
	}
	got := ""
	if t := completion.ExpectedAt(sn.cfg, sn.file, int(off), sn.schemas); t != nil {
		got = t.String()
	}
	if got != want {
		a.fail("%s: signature help's active parameter is %q, completion expects %q", where, want, got)
	}
	if held, ok := a.closures[name]; ok && held != sig.Label {
		a.fail("%s: the let's hover shows %q, signature help %q", where, held, sig.Label)
	}
	if strings.HasPrefix(fence, "fn ") {
		for i, p := range sig.Parameters {
			if ht, ok := a.params[fmt.Sprintf("%s %d", name, i)]; ok && ht != paramType(p.Label) {
				a.fail("%s: parameter %q, its hover type %q", where, p.Label, ht)
			}
		}
	}
}

func (a *typeAgreement) hover(uri protocol.DocumentURI, at protocol.Position) string {
	var h *protocol.Hover
	if err := a.c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: at}}, &h); err != nil {
		a.fail("%s:%d: hover: %v", uri, at.Line+1, err)
		return ""
	}
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

// firstFence is the first line of a card's first code block when the card is a function's (it
// starts with one), else "".
func firstFence(md string) string {
	rest, ok := strings.CutPrefix(md, "```carina\n")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	return line
}

// asCallLabel writes a user function's declaration `fn f(a: T): R` as a call's label
// `f(a: T) -> R`; other labels are already.
func asCallLabel(fence string) string {
	decl, ok := strings.CutPrefix(fence, "fn ")
	if !ok {
		return fence
	}
	if i := strings.LastIndex(decl, "): "); i >= 0 {
		return decl[:i] + ") -> " + decl[i+3:]
	}
	return decl
}

// paramType is the type a parameter's label shows (`name: T`, `name?: T`, `name: T = d`), or "".
func paramType(label string) string {
	_, t, ok := strings.Cut(label, ": ")
	if !ok {
		return ""
	}
	t, _, _ = strings.Cut(t, " = ")
	return t
}
