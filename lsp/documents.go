package lsp

import (
	"fmt"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// document is one open editor buffer. Its line index is the one the workspace's model of the
// file uses (the buffer's overlay), updated by each change around the lines it touched.
type document struct {
	uri     protocol.DocumentURI
	path    string
	version int32
	text    string
	lines   *source.Lines
}

// changeSet is what one didChange did to a document: its edits in order, and one edit of the
// text covering them all (what re-parsing needs).
type changeSet struct {
	edits []edit
	cover grammar.Edit
}

// add records e, an edit of the text as the previous edits left it.
func (cs *changeSet) add(e edit) {
	next := grammar.Edit{Start: e.start, OldEnd: e.end, NewEnd: e.start + e.newLen}
	if len(cs.edits) > 0 {
		next = composeEdits(cs.cover, e)
	}
	cs.edits = append(cs.edits, e)
	cs.cover = next
}

// composeEdits returns one edit covering a (from the original text to an intermediate one) and
// b (from the intermediate text to the new one): the text outside it is unchanged.
func composeEdits(a grammar.Edit, b edit) grammar.Edit {
	start := min(a.Start, b.start)
	midEnd := max(a.NewEnd, b.end) // the covered range's end in the intermediate text
	return grammar.Edit{
		Start:  start,
		OldEnd: a.OldEnd + (midEnd - a.NewEnd),
		NewEnd: midEnd + b.newLen - (b.end - b.start),
	}
}

// edit is one applied change in byte offsets: [start, end) of the old text became newLen bytes.
type edit struct {
	start, end, newLen int
}

// shift maps an offset of the text before the edit to the text after it; ok is false for an
// offset inside the replaced range.
func (e edit) shift(off int) (int, bool) {
	switch {
	case off <= e.start:
		return off, true
	case off >= e.end:
		return off - (e.end - e.start) + e.newLen, true
	}
	return 0, false
}

// documents is the store of open documents. A document is found by what its URI names (its path,
// or for a document that is not analysed, its canonical URI), not by the URI's spelling: a
// request may spell it otherwise than the didOpen did (see uris.go). Each keeps the URI it was
// opened with, the one answers name it by.
type documents struct {
	mu sync.Mutex
	m  map[docKey]*document
}

// docKey is what a document is stored under: its path, or (path "") its canonical URI.
type docKey struct {
	path string
	uri  protocol.DocumentURI
}

func keyOf(uri protocol.DocumentURI, path string) docKey {
	if path != "" {
		return docKey{path: path}
	}
	return docKey{uri: canonicalURI(uri)}
}

func newDocuments() *documents { return &documents{m: map[docKey]*document{}} }

// get returns the open document uri names, however it is spelt, or nil.
func (ds *documents) get(uri protocol.DocumentURI) *document {
	k := keyOf(uri, documentPath(uri))
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.m[k]
}

// open stores a document opened as uri, analysed at path ("" when it is not analysed).
func (ds *documents) open(uri protocol.DocumentURI, path string, version int32, text string) *document {
	d := &document{uri: uri, path: path, version: version, text: text, lines: source.NewLines(text)}
	ds.mu.Lock()
	ds.m[keyOf(uri, path)] = d
	ds.mu.Unlock()
	return d
}

func (ds *documents) close(uri protocol.DocumentURI) *document {
	k := keyOf(uri, documentPath(uri))
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := ds.m[k]
	delete(ds.m, k)
	return d
}

// uriOf returns the URI an answer names the file at path by: the open document's, as the client
// spelt it, else the canonical one.
func (ds *documents) uriOf(path string) protocol.DocumentURI {
	ds.mu.Lock()
	d := ds.m[docKey{path: path}]
	ds.mu.Unlock()
	if d != nil {
		return d.uri
	}
	return uriOf(path)
}

// all returns the open documents.
func (ds *documents) all() []*document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	out := make([]*document, 0, len(ds.m))
	for _, d := range ds.m {
		out = append(out, d)
	}
	return out
}

// change applies content changes to a document and returns the new document and what changed,
// in byte offsets. A change with a range costs the lines it touches (and one copy of the text); a
// change of the whole text (full synchronisation) is compared with the old text to find what
// really changed, so that what lies outside keeps its diagnostics. A change for a version older
// than the document's is refused, as is a change for a document that is not open. Documents are
// replaced, never mutated, so a request that holds the old one keeps a consistent view.
func (ds *documents) change(uri protocol.DocumentURI, version int32, changes []contentChange) (*document, changeSet, error) {
	k := keyOf(uri, documentPath(uri))
	ds.mu.Lock()
	defer ds.mu.Unlock()
	old := ds.m[k]
	if old == nil {
		return nil, changeSet{}, fmt.Errorf("didChange for %s, which is not open", uri)
	}
	if version <= old.version {
		return nil, changeSet{}, fmt.Errorf("didChange for %s version %d, not newer than the open version %d: dropped", uri, version, old.version)
	}
	text, lines := old.text, old.lines
	var cs changeSet
	for _, c := range changes {
		var e edit
		if c.Range == nil {
			d := grammar.Diff(text, c.Text)
			e = edit{start: d.Start, end: d.OldEnd, newLen: d.NewEnd - d.Start}
			text = c.Text
		} else {
			start := lines.OffsetUTF16(int(c.Range.Start.Line), int(c.Range.Start.Character))
			end := lines.OffsetUTF16(int(c.Range.End.Line), int(c.Range.End.Character))
			if end < start {
				start, end = end, start
			}
			e = edit{start: start, end: end, newLen: len(c.Text)}
			text = text[:start] + c.Text + text[end:]
		}
		lines = lines.Edit(text, e.start, e.end, e.start+e.newLen)
		cs.add(e)
	}
	d := &document{uri: old.uri, path: old.path, version: version, text: text, lines: lines}
	ds.m[k] = d
	return d, cs, nil
}
