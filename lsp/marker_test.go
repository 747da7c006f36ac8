package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/source"
)

// The marker tests check every method of the server through the protocol (JSON-RPC over a pipe),
// the way gopls' marker tests do. Each testdata/markers/*.txtar archive is one scenario: the files
// of a configuration (a name with a directory puts the file in a module's directory; one starting
// with ../ beside the configuration, for upstream_state), with named places marked `<@name>`
// (taken out before the files are written and opened), a `markers` section of assertions, one a
// line (# starts a comment), and sections of expected text the assertions name. A comment line
// `settings: {...}` gives the client's initializationOptions (the server's settings, as JSON).
//
// Every file is written to disk and every .crn file opened in the server (a schema index in the
// configuration's .carina/schemas serves a provider of the archive's own, as it would a user's).
// The assertions run once each file
// has had its first publish (the syntax phase) and the semantic phase of each directory has
// published its latest check (an event the publisher reports; no quiet period is waited for).
// @k is a marker, @a-@b the range between two markers, F a file of the archive:
//
//	diagnostics F: code code ...        the codes last published for F, as a multiset ("none")
//	diag @k[-@e]: code [sev] ["msg"]    a diagnostic last published starts at @k (ends at @e), with
//	                                    that code (and severity: error warning info hint, message part)
//	syntax F: syntax ...                the syntax errors of F's first publish, the syntax phase, one
//	                                    word each ("none")
//	syntax @k[-@e]: ["msg"]             one of them starts at @k (ends at @e), with that message part
//	complete @k: L !L ...               the items at @k include the labels L, not the !L ("none")
//	complete @k: first L L ...          the first items (in sortText order) are these, in order
//	complete @k: only L L ...           the items are exactly these, in order
//	insert @k L: "text"                 item L's edit inserts text (a Go string; snippets as sent)
//	insert @k L: => NAME                applying item L's edit gives the texts NAME (see below)
//	detail @k L: text                   item L's detail contains text
//	hover @k: text                      the card at @k contains text ("none": no card)
//	hover @k: => NAME                   section NAME is "hovered: " and the hovered text, "---", the card
//	signature @k: text                  the signature shown at @k contains text ("none": no help)
//	param @k: label                     its active parameter's label ("none": past the last one)
//	def @k: @t ...                      definition: exactly locations starting at these ("none")
//	refs @k: @a ...                     references, declaration included: exactly these ("none")
//	uses @k: @a ...                     references without the declaration
//	highlight @k: write @a read @b ...  document highlights, each of the kind named before it
//	prepare-rename @k: name             the range holds @k, reads name, and name is the placeholder
//	prepare-rename @k: refused "msg"    refused with a message containing msg
//	rename @k NEW: => NAME              renaming to NEW gives the texts NAME; "none": no edit;
//	                                    refused "msg": refused with a message containing msg
//	symbols F: name name ...            F's top-level symbols, in order ("none")
//	symbols F: => NAME                  F's outline, a line a symbol, children indented:
//	                                    kind name "detail" L:C-L:C @L:C-L:C (the name's range)
//	wsymbols QUERY: name[@m] ...        workspace symbols for QUERY, in order, each at @m ("none")
//	folding F: L-L [kind], ...          F's folding ranges: 1-based lines, or @a-@b for the markers'
//	                                    lines ("none")
//	format F: => NAME                   formatting F gives the texts NAME ("none": no edit)
//	format @a-@b: => NAME               formatting that range
//	actions @k[-@e]: "title" !"title"   the quick fixes offered there include these, not the !ones
//	                                    ("none")
//	action @k "title": => NAME          applying that quick fix gives the texts NAME
//	fixall F: => NAME                   the source.fixAll.carina action of F gives NAME ("none")
//	inlay F: @m "label" ...             F's inlay hints, in order ("none")
//	semantic @k: type [mod ...]         the token at @k has that type and exactly these modifiers,
//	                                    in the full and in the range answer ("none": no token)
//	tokens F: => NAME                   F's tokens, a line each: line:col len type mods text
//	links F: @a[-@b] "target" ...       F's document links, in order: start (and end) and target,
//	                                    file:<path> for a directory of the archive ("none")
//	callers, callees, lenses, graph, edges  the dependency graph (marker_graph_test.go)
//	select                              selection ranges (marker_selection_test.go)
//	pull, rename-file, tokens-delta     pulled diagnostics, willRenameFiles, semantic token deltas
//	                                    (marker_protocol_test.go)
//
// A result `=> NAME` is expected text. For what edits files (insert, rename, format, action,
// fixall), each file F with a section `F.NAME` must read as that section once the edits are
// applied, and every other file must be unchanged. For hover, symbols and tokens the section is
// called NAME. Positions in expected text are 1-based lines and UTF-16 columns.
func TestMarkers(t *testing.T) {
	txtar.Run(t, filepath.Join("testdata", "markers", "*.txtar"), func(t *testing.T, _ string, a *txtar.Archive) {
		t.Parallel()
		r := startMarkers(t, readMarkerArchive(t, a))
		checks := markerChecks()
		for _, line := range r.m.lines {
			as, ok := parseAssertion(line)
			if !ok {
				t.Errorf("bad marker line %q", line)
				continue
			}
			check, ok := checks[as.verb]
			if !ok {
				t.Errorf("unknown marker verb in %q", line)
				continue
			}
			check(r, as)
		}
	})
}

// markerRun is one archive opened in a server.
type markerRun struct {
	t     *testing.T
	c     *testClient
	m     *markerArchive
	dir   string // the configuration's directory, the workspace folder
	uris  map[string]protocol.DocumentURI
	lines map[string]*source.Lines
	first map[string]publishDiagnosticsParams // each file's first publish: the syntax phase
	last  map[string]publishDiagnosticsParams // each file's last publish
	// versions are the open files' document versions, for the changes an assertion sends.
	versions map[string]int32
}

// startMarkers writes and opens the archive's files and waits until every file is checked.
func startMarkers(t *testing.T, m *markerArchive) *markerRun {
	t.Helper()
	// The configuration is a subdirectory, so that ../ names are beside it, in the test's own
	// temporary directory.
	written := map[string]string{}
	for name, text := range m.files {
		written[filepath.ToSlash(filepath.Join("ws", name))] = text
	}
	dir := filepath.Join(writeFiles(t, written), "ws")
	r := &markerRun{t: t, m: m, dir: dir, uris: map[string]protocol.DocumentURI{}, lines: map[string]*source.Lines{},
		first: map[string]publishDiagnosticsParams{}, last: map[string]publishDiagnosticsParams{}, versions: map[string]int32{}}
	for name, text := range m.files {
		r.uris[name] = uriOf(filepath.Join(dir, filepath.FromSlash(name)))
		r.lines[name] = source.NewLines(text)
	}
	r.c = startServer(t, Options{Debounce: 30 * time.Millisecond})
	r.c.initializeWith(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Completion:     &protocol.CompletionTextDocumentClientCapabilities{CompletionItem: &protocol.CompletionTextDocumentClientCapabilitiesItem{SnippetSupport: true}},
		DocumentSymbol: &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: true},
		Rename:         &protocol.RenameClientCapabilities{PrepareSupport: true},
	}}, m.settings)
	dirs := map[string]bool{}
	for _, name := range m.crnFiles() {
		r.c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: r.uris[name], LanguageID: "carina", Version: 1, Text: m.files[name]}})
		r.versions[name] = 1
		dirs[filepath.Dir(filepath.Join(dir, filepath.FromSlash(name)))] = true
	}
	r.settle(dirs)
	return r
}

// settle waits until each directory's latest semantic check has published, then makes a round
// trip to the server: the publishes were written before its answer, so they have all been read.
func (r *markerRun) settle(dirs map[string]bool) {
	r.t.Helper()
	deadline := time.After(60 * time.Second) // a hang guard: the event normally comes in milliseconds
	for {
		done := true
		for d := range dirs {
			done = done && r.c.srv.pub.settled(d)
		}
		if done {
			break
		}
		select {
		case <-r.c.arrived:
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			r.t.Fatal("the semantic phase never published the latest check")
		}
	}
	if err := r.c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{}, nil); err != nil {
		r.t.Fatal(err)
	}
	r.c.mu.Lock()
	notes := append([]note(nil), r.c.notes...)
	r.c.mu.Unlock()
	byURI := map[protocol.DocumentURI]string{}
	for name, u := range r.uris {
		byURI[u] = name
	}
	for _, n := range notes {
		if n.method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(n.params, &p); err != nil {
			r.t.Fatal(err)
		}
		name, ok := byURI[p.URI]
		if !ok {
			continue
		}
		if _, seen := r.first[name]; !seen {
			r.first[name] = p
		}
		r.last[name] = p
	}
	for _, name := range r.m.crnFiles() {
		if _, ok := r.first[name]; !ok {
			r.t.Fatalf("nothing was published for %s", name)
		}
	}
}

// at returns the position of a marker (`@name`).
func (r *markerRun) at(as assertion, ref string) (protocol.TextDocumentPositionParams, place) {
	r.t.Helper()
	pl, ok := r.m.places[strings.TrimPrefix(ref, "@")]
	if !ok || !strings.HasPrefix(ref, "@") {
		r.t.Fatalf("%s: no marker %s", as.line, ref)
	}
	return protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: r.uris[pl.file]},
		Position:     toPosition(r.lines[pl.file], pl.off),
	}, pl
}

// span returns the range of `@a-@b` (both in one file), or the empty range at `@a`.
func (r *markerRun) span(as assertion, ref string) (protocol.TextDocumentIdentifier, protocol.Range, string) {
	r.t.Helper()
	from, to, isRange := strings.Cut(ref, "-")
	start, pa := r.at(as, from)
	end := start
	if isRange {
		var pb place
		end, pb = r.at(as, to)
		if pb.file != pa.file {
			r.t.Fatalf("%s: %s is across files", as.line, ref)
		}
	}
	return start.TextDocument, protocol.Range{Start: start.Position, End: end.Position}, pa.file
}

// file returns the document of a file of the archive.
func (r *markerRun) file(as assertion, name string) protocol.TextDocumentIdentifier {
	r.t.Helper()
	u, ok := r.uris[name]
	if !ok {
		r.t.Fatalf("%s: no file %s", as.line, name)
	}
	return protocol.TextDocumentIdentifier{URI: u}
}

// nameOf returns the archive name of a URI, or the URI.
func (r *markerRun) nameOf(u protocol.DocumentURI) string {
	for name, x := range r.uris {
		if x == u {
			return name
		}
	}
	return string(u)
}

// markerOf names the marker at a location, or describes the location.
func (r *markerRun) markerOf(u protocol.DocumentURI, p protocol.Position) string {
	name := r.nameOf(u)
	for id, pl := range r.m.places {
		if pl.file == name && toPosition(r.lines[name], pl.off) == p {
			return "@" + id
		}
	}
	return name + ":" + showPos(p)
}

// subject returns the one subject field of an assertion.
func (r *markerRun) subject(as assertion) string {
	r.t.Helper()
	if len(as.subject) != 1 {
		r.t.Fatalf("%s: want one subject", as.line)
	}
	return as.subject[0]
}

// fields returns the fields after the colon.
func (r *markerRun) fields(as assertion) []string {
	r.t.Helper()
	f, ok := as.args()
	if !ok {
		r.t.Fatalf("%s: bad quoting", as.line)
	}
	return f
}

// expected returns the section of expected text called name.
func (r *markerRun) expected(as assertion, name string) string {
	r.t.Helper()
	text, ok := r.m.expected[name]
	if !ok {
		r.t.Fatalf("%s: no section %s", as.line, name)
	}
	return text
}

// markerChecks returns the assertions by verb.
func markerChecks() map[string]func(*markerRun, assertion) {
	return map[string]func(*markerRun, assertion){
		"diagnostics":    checkPublished,
		"diag":           checkDiag,
		"syntax":         checkSyntax,
		"complete":       checkComplete,
		"insert":         checkInsert,
		"detail":         checkDetail,
		"hover":          checkHover,
		"signature":      checkSignature,
		"param":          checkParam,
		"def":            checkDefinition,
		"refs":           checkReferences,
		"uses":           checkReferences,
		"highlight":      checkHighlight,
		"prepare-rename": checkPrepareRename,
		"rename":         checkRename,
		"symbols":        checkSymbols,
		"wsymbols":       checkWorkspaceSymbols,
		"folding":        checkFolding,
		"format":         checkFormat,
		"actions":        checkActions,
		"action":         checkAction,
		"fixall":         checkFixAll,
		"inlay":          checkInlay,
		"semantic":       checkSemantic,
		"tokens":         checkTokens,
		"callers":        checkCalls,
		"callees":        checkCalls,
		"lenses":         checkLenses,
		"plan":           checkPlan,
		"graph":          checkGraph,
		"edges":          checkGraph,
		"select":         checkSelection,
		"links":          checkLinks,
		"pull":           checkPull,
		"rename-file":    checkRenameFile,
		"tokens-delta":   checkTokensDelta,
	}
}
