package lsp

import (
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/session"
)

// document is one open editor buffer, as the session's one store of them holds it.
type document = session.Document

// documents finds the session's open documents by what a URI names (its path, or for a document
// that is not analysed, its canonical URI), not by the URI's spelling: a request may spell it
// otherwise than the didOpen did (see uris.go). Each keeps the URI it was opened with, the one
// answers name it by.
type documents struct{ store *session.Documents }

// keyOf is the key of the document uri names, analysed at path ("" when not analysed).
func keyOf(uri protocol.DocumentURI, path string) session.Key {
	if path != "" {
		return session.Key{Path: path}
	}
	return session.Key{URI: string(canonicalURI(uri))}
}

// get returns the open document uri names, however it is spelt, or nil.
func (ds documents) get(uri protocol.DocumentURI) *document {
	return ds.store.Get(keyOf(uri, documentPath(uri)))
}

// all returns the open documents.
func (ds documents) all() []*document { return ds.store.All() }

// uriOf returns the URI an answer names the file at path by: the open document's, as the client
// spelt it, else the canonical one.
func (ds documents) uriOf(path string) protocol.DocumentURI {
	if d := ds.store.Get(session.Key{Path: path}); d != nil {
		return protocol.DocumentURI(d.URI)
	}
	return uriOf(path)
}

// sessionChanges converts a didChange's content changes.
func sessionChanges(cs []contentChange) []session.Change {
	out := make([]session.Change, len(cs))
	for i, c := range cs {
		out[i].Text = c.Text
		if r := c.Range; r != nil {
			out[i].Range = &session.Range{StartLine: int(r.Start.Line), StartCol: int(r.Start.Character), EndLine: int(r.End.Line), EndCol: int(r.End.Character)}
		}
	}
	return out
}
