package lsp

import (
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
)

// checkLinks checks `links F: @a[-@b] "target" ...`: F's document links, in order, each starting
// at @a (and ending at @b) with that target ("none": no link). A target in the configuration's
// directory tree is written file:<path relative to it> (file:modules/net), so archives do not
// depend on where they are written.
func checkLinks(r *markerRun, as assertion) {
	name := r.subject(as)
	var links []protocol.DocumentLink
	if err := r.c.call("textDocument/documentLink", &protocol.DocumentLinkParams{TextDocument: r.file(as, name)}, &links); err != nil {
		r.t.Fatalf("%s: %v", as.line, err)
	}
	var got []string
	for i, l := range links {
		where := r.markerOf(r.uris[name], l.Range.Start)
		// The end is shown only where the assertion gives one, so that it may leave it out.
		if want := r.fields(as); 2*i < len(want) && strings.Contains(want[2*i], "-@") {
			where += "-" + r.markerOf(r.uris[name], l.Range.End)
		}
		got = append(got, where, r.showTarget(l.Target))
	}
	want := r.fields(as)
	if as.rest == "none" {
		want = nil
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("%s: got %q", as.line, got)
	}
}

// showTarget writes a link's target as assertions name it: file:<relative path> for a file: URI
// under the configuration's directory, else the URI.
func (r *markerRun) showTarget(u protocol.DocumentURI) string {
	if p := pathOf(u); p != "" {
		if rel, err := filepath.Rel(r.dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			return "file:" + filepath.ToSlash(rel)
		}
	}
	return string(u)
}
