package session

import (
	"fmt"
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Document is one open editor buffer, as the one store of them holds it. Documents are replaced,
// never mutated, so that a request holding one keeps a consistent view.
type Document struct {
	URI     string // as the client spelt it when it opened the buffer: what answers name it by
	Path    string // the file it stands for; "" for a buffer that is not analysed
	Version int32
	Text    string
	Lines   *source.Lines // the line index the workspace's model of the file uses too
}

// Key is what a document is found by: its path, or for a document that is not analysed, its
// URI in a canonical spelling (the caller's to make: a request may spell a URI otherwise than the
// buffer was opened with).
type Key struct {
	Path string
	URI  string
}

// KeyOf is the key of a document of that canonical URI and path ("" when not analysed).
func KeyOf(canonicalURI, path string) Key {
	if path != "" {
		return Key{Path: path}
	}
	return Key{URI: canonicalURI}
}

// Documents is the one store of open documents: the text, version and line index of each, and
// through it the workspace's buffer (overlay) of each analysed document, which its Open, Change
// and Close keep in step. Safe for concurrent use.
type Documents struct {
	ws *workspace.Workspace
	mu sync.Mutex
	m  map[Key]*Document
}

func newDocuments(ws *workspace.Workspace) *Documents {
	return &Documents{ws: ws, m: map[Key]*Document{}}
}

// Documents is the session's store of open documents.
func (s *Session) Documents() *Documents { return s.docs }

// Get returns the open document of key, or nil.
func (ds *Documents) Get(k Key) *Document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.m[k]
}

// All returns the open documents.
func (ds *Documents) All() []*Document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	out := make([]*Document, 0, len(ds.m))
	for _, d := range ds.m {
		out = append(out, d)
	}
	return out
}

// Open stores a buffer opened as uri, analysed at path ("" when it is not analysed), and for an
// analysed one makes its text the file's content for every analysis; it returns the document and
// the buffer's parse (nil when not analysed).
func (ds *Documents) Open(k Key, uri, path string, version int32, text string) (*Document, *grammar.Doc) {
	d := &Document{URI: uri, Path: path, Version: version, Text: text, Lines: source.NewLines(text)}
	ds.mu.Lock()
	ds.m[k] = d
	ds.mu.Unlock()
	if path == "" {
		return d, nil
	}
	return d, ds.ws.EditOverlay(path, text, d.Lines, grammar.Edit{Start: -1}, version)
}

// Close drops the document of key and returns its file to its content on disk; it returns the
// document closed, or nil.
func (ds *Documents) Close(k Key) *Document {
	ds.mu.Lock()
	d := ds.m[k]
	delete(ds.m, k)
	ds.mu.Unlock()
	if d != nil && d.Path != "" {
		ds.ws.ClearOverlay(d.Path)
	}
	return d
}

// Range is a range of a text in lines and UTF-16 columns, as editors count them.
type Range struct {
	StartLine, StartCol, EndLine, EndCol int
}

// Change is one change an editor made to a buffer: Range replaced by Text, or (Range nil) the
// whole text replaced.
type Change struct {
	Range *Range
	Text  string
}

// Change applies an editor's changes to the document of key and returns the new document, its
// parse (nil when not analysed) and what changed, in byte offsets. A change with a range costs
// the lines it touches (and one copy of the text); a change of the whole text (full
// synchronisation) is compared with the old text to find what really changed, so that what lies
// outside keeps its diagnostics. A change for a version not newer than the document's is
// refused, as is a change for a document that is not open.
func (ds *Documents) Change(k Key, version int32, changes []Change) (*Document, *grammar.Doc, ChangeSet, error) {
	ds.mu.Lock()
	old := ds.m[k]
	if old == nil {
		ds.mu.Unlock()
		return nil, nil, ChangeSet{}, fmt.Errorf("a change for %s, which is not open", keyName(k))
	}
	if version <= old.Version {
		ds.mu.Unlock()
		return nil, nil, ChangeSet{}, fmt.Errorf("a change for %s version %d, not newer than the open version %d: dropped", keyName(k), version, old.Version)
	}
	text, lines := old.Text, old.Lines
	var cs ChangeSet
	for _, c := range changes {
		var e Edit
		if c.Range == nil {
			d := grammar.Diff(text, c.Text)
			e = Edit{Start: d.Start, End: d.OldEnd, NewLen: d.NewEnd - d.Start}
			text = c.Text
		} else {
			start := lines.OffsetUTF16(c.Range.StartLine, c.Range.StartCol)
			end := lines.OffsetUTF16(c.Range.EndLine, c.Range.EndCol)
			if end < start {
				start, end = end, start
			}
			e = Edit{Start: start, End: end, NewLen: len(c.Text)}
			text = text[:start] + c.Text + text[end:]
		}
		lines = lines.Edit(text, e.Start, e.End, e.Start+e.NewLen)
		cs.add(e)
	}
	d := &Document{URI: old.URI, Path: old.Path, Version: version, Text: text, Lines: lines}
	ds.m[k] = d
	ds.mu.Unlock()
	if d.Path == "" {
		return d, nil, cs, nil
	}
	return d, ds.ws.EditOverlay(d.Path, text, lines, cs.Cover, version), cs, nil
}

func keyName(k Key) string {
	if k.Path != "" {
		return k.Path
	}
	return k.URI
}

// ChangeSet is what one change of a document did: its edits in order, and one edit of the text
// covering them all (what re-parsing needs).
type ChangeSet struct {
	Edits []Edit
	Cover grammar.Edit
}

// add records e, an edit of the text as the previous edits left it.
func (cs *ChangeSet) add(e Edit) {
	next := grammar.Edit{Start: e.Start, OldEnd: e.End, NewEnd: e.Start + e.NewLen}
	if len(cs.Edits) > 0 {
		next = composeEdits(cs.Cover, e)
	}
	cs.Edits = append(cs.Edits, e)
	cs.Cover = next
}

// composeEdits returns one edit covering a (from the original text to an intermediate one) and
// b (from the intermediate text to the new one): the text outside it is unchanged.
func composeEdits(a grammar.Edit, b Edit) grammar.Edit {
	start := min(a.Start, b.Start)
	midEnd := max(a.NewEnd, b.End) // the covered range's end in the intermediate text
	return grammar.Edit{
		Start:  start,
		OldEnd: a.OldEnd + (midEnd - a.NewEnd),
		NewEnd: midEnd + b.NewLen - (b.End - b.Start),
	}
}

// Edit is one applied change in byte offsets: [Start, End) of the old text became NewLen bytes.
type Edit struct {
	Start, End, NewLen int
}

// Shift maps an offset of the text before the edit to the text after it; ok is false for an
// offset inside the replaced range.
func (e Edit) Shift(off int) (int, bool) {
	switch {
	case off <= e.Start:
		return off, true
	case off >= e.End:
		return off - (e.End - e.Start) + e.NewLen, true
	}
	return 0, false
}
