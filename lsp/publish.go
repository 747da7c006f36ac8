package lsp

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/lazy"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// publisher publishes diagnostics in two phases. The syntax phase runs in the cycle of the edit:
// the edited file is re-parsed (only the statements the edit touched) and its syntax errors are
// published at once, with the semantic diagnostics of the last check moved along with the edit.
// The semantic phase checks the whole configuration after a debounce; a newer edit in the
// directory cancels it. Its results are published only for documents whose version is still the
// one checked, and only when they changed. A file's diagnostics are its own; closing a file
// clears them.
type publisher struct {
	s *Server

	// sending is held from the comparison with what was last sent to the notification's write,
	// so that what sent records is what the client got last: two publishes of one document
	// (the syntax phase of an edit, a semantic phase finishing) otherwise write in the other
	// order than they recorded, and the client keeps the older one. Taken before mu.
	sending sync.Mutex

	mu       sync.Mutex
	stopped  bool
	dirs     map[string]*dirState                    // by configuration directory
	semantic map[string][]finding.Diagnostic         // last semantic diagnostics by file path
	sent     map[protocol.DocumentURI]sentDiagnostic // what was last published
	lines    map[string]*source.Lines                // line indexes of the files last checked
	unread   map[string]string                       // files that could not be read: the error reported
	done     map[string]uint64                       // by directory: the generation last checked and published
}

// dirState is the pending semantic check of one configuration directory.
type dirState struct {
	gen    uint64
	timer  *time.Timer
	cancel context.CancelFunc
}

type sentDiagnostic struct {
	version int32
	diags   []protocol.Diagnostic
}

func newPublisher(s *Server) *publisher {
	return &publisher{
		s:        s,
		dirs:     map[string]*dirState{},
		semantic: map[string][]finding.Diagnostic{},
		sent:     map[protocol.DocumentURI]sentDiagnostic{},
		lines:    map[string]*source.Lines{},
		unread:   map[string]string{},
		done:     map[string]uint64{},
	}
}

// stop cancels every pending check; nothing is published afterwards.
func (p *publisher) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	for _, d := range p.dirs {
		if d.timer != nil {
			d.timer.Stop()
		}
		if d.cancel != nil {
			d.cancel()
		}
	}
}

// edited runs the syntax phase for a changed document, whose new parse is doc, and schedules the
// semantic phase.
func (p *publisher) edited(ctx context.Context, d *document, doc *grammar.Doc, edits []session.Edit) {
	p.s.pulls.invalidate(filepath.Dir(d.Path))
	if p.s.pulling() {
		return // the client pulls: no phase runs until it asks
	}
	p.mu.Lock()
	sem := p.semantic[d.Path]
	lines := p.lines
	if len(edits) > 0 && len(sem) > 0 {
		sem = shiftDiagnostics(sem, edits)
		p.semantic[d.Path] = sem
	}
	p.mu.Unlock()
	all := append(diagnostics.FromSyntax(d.Path, doc.Errors()), sem...)
	p.publish(ctx, d, all, lines)
	p.schedule(ctx, filepath.Dir(d.Path), p.s.debounce)
}

// shiftDiagnostics moves diagnostics along with edits; those whose range was edited are dropped.
func shiftDiagnostics(ds []finding.Diagnostic, edits []session.Edit) []finding.Diagnostic {
	out := make([]finding.Diagnostic, 0, len(ds))
next:
	for _, d := range ds {
		start, end := int(d.Span.Start), int(d.Span.End)
		for _, e := range edits {
			var ok1, ok2 bool
			start, ok1 = e.Shift(start)
			end, ok2 = e.Shift(end)
			if !ok1 || !ok2 {
				continue next
			}
		}
		d.Span = grammar.Span{Start: int32(start), End: int32(end)}
		d.Fixes = nil // their edits were computed on the old text
		out = append(out, d)
	}
	return out
}

// closed clears a closed document's diagnostics and re-checks its directory.
func (p *publisher) closed(ctx context.Context, d *document) {
	p.s.pulls.invalidate(filepath.Dir(d.Path))
	if p.s.pulling() {
		return
	}
	p.sending.Lock()
	p.mu.Lock()
	delete(p.sent, protocol.DocumentURI(d.URI))
	p.mu.Unlock()
	p.s.publishDiagnostics(&publishDiagnosticsParams{URI: protocol.DocumentURI(d.URI), Diagnostics: []protocol.Diagnostic{}})
	p.sending.Unlock()
	p.schedule(ctx, filepath.Dir(d.Path), p.s.debounce)
}

// dirChanged re-checks a directory whose files changed outside the editor.
func (p *publisher) dirChanged(ctx context.Context, dir string) {
	p.s.pulls.invalidate(dir)
	if p.s.pulling() {
		p.s.refreshPulls(ctx)
		return
	}
	p.schedule(ctx, dir, p.s.debounce)
}

// schedule (re)starts the debounce of a directory's semantic check (delay), cancelling a running
// one.
func (p *publisher) schedule(ctx context.Context, dir string, delay time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	st := p.dirs[dir]
	if st == nil {
		st = &dirState{}
		p.dirs[dir] = st
	}
	st.gen++
	if st.timer != nil {
		st.timer.Stop()
	}
	if st.cancel != nil {
		st.cancel()
		st.cancel = nil
	}
	gen := st.gen
	st.timer = time.AfterFunc(delay, func() { p.check(context.WithoutCancel(ctx), dir, gen) })
}

// check runs the semantic phase of a directory for generation gen. A panic in it is logged and
// shown to the user; the server goes on, and the next edit checks again.
func (p *publisher) check(parent context.Context, dir string, gen uint64) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			p.s.log.Error("check panicked", zap.String("dir", dir), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			p.s.showLog(parent, protocol.MessageTypeError, fmt.Sprintf("carina-lsp: internal error while checking %s: %v", dir, r))
		}
	}()
	p.mu.Lock()
	st := p.dirs[dir]
	if p.stopped || st == nil || st.gen != gen {
		p.mu.Unlock()
		return
	}
	st.cancel = cancel
	p.mu.Unlock()

	start := time.Now()
	res, err := p.s.checkDir(ctx, dir)
	if err != nil {
		if ctx.Err() == nil {
			p.s.log.Warn("check failed", zap.String("dir", dir), zap.Error(err))
		} else {
			p.s.log.Debug("check canceled by a newer change", zap.String("dir", dir), zap.Duration("after", time.Since(start)))
		}
		return
	}
	p.reportUnreadable(ctx, dir, res.loadErrs)
	p.mu.Lock()
	if p.stopped || st.gen != gen || ctx.Err() != nil {
		p.mu.Unlock()
		return // a newer edit will publish
	}
	byPath := map[string][]finding.Diagnostic{}
	for _, d := range res.diags {
		byPath[d.Path] = append(byPath[d.Path], d)
	}
	lines := make(map[string]*source.Lines, len(p.lines)+len(res.lines))
	for k, v := range p.lines {
		lines[k] = v
	}
	for k, v := range res.lines {
		lines[k] = v
	}
	p.lines = lines
	for path := range res.versions {
		var sem []finding.Diagnostic
		for _, d := range byPath[path] {
			if d.Code != finding.CodeSyntax {
				sem = append(sem, d)
			}
		}
		p.semantic[path] = sem
	}
	p.mu.Unlock()
	for _, d := range p.s.docs.all() {
		v, checked := res.versions[d.Path]
		if !checked || v != d.Version {
			continue // not part of this configuration, or edited since: its own check follows
		}
		p.publish(ctx, d, byPath[d.Path], res.lines)
	}
	p.mu.Lock()
	p.done[dir] = max(p.done[dir], gen)
	p.mu.Unlock()
	if len(res.versions) == 0 {
		// No document of the configuration is open (its last was closed): what the session kept
		// for its edits, the model and the memo, goes; a request builds the model again.
		p.s.sess.Forget(dir)
	}
	p.s.log.Debug("checked", zap.String("dir", dir), zap.Int("diagnostics", len(res.diags)), zap.Duration("took", time.Since(start)))
}

// checked reports whether the semantic phase of dir has run and published (for tests and
// benchmarks).
func (p *publisher) checked(dir string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.done[dir] > 0
}

// settled reports whether the semantic phase of dir has published for its newest change: what a
// test waits for instead of a quiet period, which a busy machine can outlast.
func (p *publisher) settled(dir string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	st := p.dirs[dir]
	return st != nil && p.done[dir] == st.gen
}

// reportUnreadable tells the user, once per file and error, about the files of a configuration
// that could not be read: they are left out of it, which explains the diagnostics that follow.
func (p *publisher) reportUnreadable(ctx context.Context, dir string, errs []workspace.LoadError) {
	var news []string
	p.mu.Lock()
	now := map[string]bool{}
	for _, le := range errs {
		now[le.Path] = true
		if msg := le.Err.Error(); p.unread[le.Path] != msg {
			p.unread[le.Path] = msg
			news = append(news, msg)
		}
	}
	for path := range p.unread {
		if filepath.Dir(path) == dir && !now[path] {
			delete(p.unread, path)
		}
	}
	p.mu.Unlock()
	for _, msg := range news {
		p.s.log.Warn("unreadable file left out of the configuration", zap.String("error", msg))
		p.s.showLog(ctx, protocol.MessageTypeWarning, "carina-lsp: "+msg+": the file is left out of its configuration")
	}
}

// maxDiagnostics bounds the diagnostics published for one document: past it (a generated or
// broken file of many thousands of problems) the most severe are sent, with one more saying how
// many were left out, so that neither side builds a message of many megabytes.
const maxDiagnostics = 1000

// publish sends a document's diagnostics when they differ from what was last sent for it.
// lines gives the line index of other files, for related information pointing there.
func (p *publisher) publish(ctx context.Context, d *document, ds []finding.Diagnostic, lines map[string]*source.Lines) {
	if p.s.pulling() {
		return // the client pulls: nothing is pushed
	}
	out := reportItems(p.s.docs, viewOf(d), ds, lines)
	p.sending.Lock()
	defer p.sending.Unlock()
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	last, ok := p.sent[protocol.DocumentURI(d.URI)]
	if ok && last.version == d.Version && slices.EqualFunc(last.diags, out, sameDiagnostic) {
		p.mu.Unlock()
		return
	}
	p.sent[protocol.DocumentURI(d.URI)] = sentDiagnostic{version: d.Version, diags: out}
	p.mu.Unlock()
	v := d.Version
	p.s.publishDiagnostics(&publishDiagnosticsParams{URI: protocol.DocumentURI(d.URI), Version: &v, Diagnostics: out})
}

// reportItems converts the diagnostics of ds that are v's file's, for a publish or a pull: at most
// maxDiagnostics, the most severe, with one more saying how many were left out.
func reportItems(docs documents, v textView, ds []finding.Diagnostic, lines map[string]*source.Lines) []protocol.Diagnostic {
	mine := make([]finding.Diagnostic, 0, min(len(ds), maxDiagnostics))
	for _, x := range ds {
		if x.Path == v.path {
			mine = append(mine, x)
		}
	}
	left := 0
	if len(mine) > maxDiagnostics {
		left = len(mine) - maxDiagnostics
		mine = mostSevere(mine, maxDiagnostics)
	}
	out := make([]protocol.Diagnostic, 0, len(mine)+1)
	for _, x := range mine {
		out = append(out, toDiagnostic(docs, v, x, lines))
	}
	if left > 0 {
		out = append(out, protocol.Diagnostic{
			Severity: protocol.DiagnosticSeverityInformation,
			Code:     "too-many-diagnostics",
			Source:   "carina",
			Message:  fmt.Sprintf("%d more diagnostics are not shown (at most %d are published for a file); carina-lsp check lists them all", left, maxDiagnostics),
		})
	}
	return out
}

// mostSevere returns the n most severe diagnostics (the first ones in file order among equals),
// in file order.
func mostSevere(ds []finding.Diagnostic, n int) []finding.Diagnostic {
	idx := make([]int, len(ds))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ds[a].Severity, ds[b].Severity) })
	idx = idx[:n]
	slices.Sort(idx)
	out := make([]finding.Diagnostic, n)
	for i, k := range idx {
		out[i] = ds[k]
	}
	return out
}

func sameDiagnostic(a, b protocol.Diagnostic) bool {
	return a.Range == b.Range && a.Severity == b.Severity && a.Message == b.Message && a.Code == b.Code
}

// toDiagnostic converts a diagnostic of the file v shows.
func toDiagnostic(docs documents, v textView, x finding.Diagnostic, lines map[string]*source.Lines) protocol.Diagnostic {
	out := protocol.Diagnostic{
		Range:           toRange(v.lines, clampSpan(x.Span, len(v.text))),
		Severity:        protocol.DiagnosticSeverity(x.Severity),
		Code:            string(x.Code),
		CodeDescription: codeDescriptions()[x.Code],
		Source:          "carina",
		Message:         x.Message,
	}
	switch x.Code {
	case finding.CodeUnused, finding.CodeWaitUnused:
		out.Tags = []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary}
	}
	for _, r := range x.Related {
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: docs.uriOf(r.Path), Range: relatedRange(v, r, lines)},
			Message:  r.Message,
		})
	}
	return out
}

// relatedRange converts a related location's span, in its own file's text.
func relatedRange(v textView, r finding.Related, lines map[string]*source.Lines) protocol.Range {
	if r.Path == v.path {
		return toRange(v.lines, clampSpan(r.Span, len(v.text)))
	}
	if l := lines[r.Path]; l != nil {
		return toRange(l, r.Span)
	}
	return protocol.Range{}
}

// codeDescriptions are the links to the codes' pages (finding.DocURL), made once and shared
// by every diagnostic of a code: a publish converts up to 1,000 diagnostics a keystroke. A
// lazy.Value, not a sync.OnceValue, which would need an initialiser in every process.
func codeDescriptions() map[finding.Code]*protocol.CodeDescription {
	return codeDescriptionsMemo.Get(func() map[finding.Code]*protocol.CodeDescription {
		out := map[finding.Code]*protocol.CodeDescription{}
		for _, c := range finding.Codes() {
			out[c] = &protocol.CodeDescription{Href: protocol.URI(finding.DocURL(c))}
		}
		return out
	})
}

var codeDescriptionsMemo lazy.Value[map[finding.Code]*protocol.CodeDescription]

func clampSpan(s grammar.Span, n int) grammar.Span {
	s.Start = min(max(s.Start, 0), int32(n))
	s.End = min(max(s.End, s.Start), int32(n))
	return s
}
