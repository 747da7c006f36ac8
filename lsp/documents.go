package lsp

import (
	"fmt"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/source"
)

// document is one open editor buffer.
type document struct {
	uri     protocol.DocumentURI
	path    string
	version int32
	text    string
	lines   *source.Lines
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

// documents is the store of open documents, by URI.
type documents struct {
	mu sync.Mutex
	m  map[protocol.DocumentURI]*document
}

func newDocuments() *documents { return &documents{m: map[protocol.DocumentURI]*document{}} }

func (ds *documents) get(uri protocol.DocumentURI) *document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.m[uri]
}

func (ds *documents) open(uri protocol.DocumentURI, path string, version int32, text string) *document {
	d := &document{uri: uri, path: path, version: version, text: text, lines: source.NewLines(text)}
	ds.mu.Lock()
	ds.m[uri] = d
	ds.mu.Unlock()
	return d
}

func (ds *documents) close(uri protocol.DocumentURI) *document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := ds.m[uri]
	delete(ds.m, uri)
	return d
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

// change applies content changes to a document and returns the new document and the edits in
// byte offsets. A change for a version older than the document's is refused, as is a change for
// a document that is not open. Documents are replaced, never mutated, so a request that holds the
// old one keeps a consistent view.
func (ds *documents) change(uri protocol.DocumentURI, version int32, changes []contentChange) (*document, []edit, error) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	old := ds.m[uri]
	if old == nil {
		return nil, nil, fmt.Errorf("didChange for %s, which is not open", uri)
	}
	if version <= old.version {
		return nil, nil, fmt.Errorf("didChange for %s version %d, not newer than the open version %d: dropped", uri, version, old.version)
	}
	text, lines := old.text, old.lines
	edits := make([]edit, 0, len(changes))
	for _, c := range changes {
		if c.Range == nil {
			edits = append(edits, edit{0, len(text), len(c.Text)})
			text = c.Text
			lines = source.NewLines(text)
			continue
		}
		start := lines.OffsetUTF16(int(c.Range.Start.Line), int(c.Range.Start.Character))
		end := lines.OffsetUTF16(int(c.Range.End.Line), int(c.Range.End.Character))
		if end < start {
			start, end = end, start
		}
		text = text[:start] + c.Text + text[end:]
		lines = source.NewLines(text)
		edits = append(edits, edit{start, end, len(c.Text)})
	}
	d := &document{uri: uri, path: old.path, version: version, text: text, lines: lines}
	ds.m[uri] = d
	return d, edits, nil
}
