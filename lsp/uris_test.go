package lsp

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// TestParseURI takes URIs apart as VS Code does: the spellings of one URI (encoded or not,
// hex digits of either case, a drive letter of either case) give the same parts and the same
// canonical spelling, the one VS Code's vscode-uri writes.
func TestParseURI(t *testing.T) {
	type want struct {
		Parts     uriParts
		Canonical string
	}
	file := func(p, canonical string) want {
		return want{uriParts{scheme: "file", path: p}, canonical}
	}
	for _, tc := range []struct {
		in   string
		want want
	}{
		{"file:///tmp/x%26y.crn", file("/tmp/x&y.crn", "file:///tmp/x%26y.crn")},
		{"file:///tmp/x&y.crn", file("/tmp/x&y.crn", "file:///tmp/x%26y.crn")},
		{"file:///tmp/a+b=c;d,e@f$g.crn", file("/tmp/a+b=c;d,e@f$g.crn", "file:///tmp/a%2Bb%3Dc%3Bd%2Ce%40f%24g.crn")},
		{"file:///tmp/a%2Bb%3Dc%3Bd%2Ce%40f%24g.crn", file("/tmp/a+b=c;d,e@f$g.crn", "file:///tmp/a%2Bb%3Dc%3Bd%2Ce%40f%24g.crn")},
		{"file:///tmp/a%2bb%3dc.crn", file("/tmp/a+b=c.crn", "file:///tmp/a%2Bb%3Dc.crn")}, // lower-case hex
		{"file:///tmp/bang!'(x)*:.crn", file("/tmp/bang!'(x)*:.crn", "file:///tmp/bang%21%27%28x%29%2A%3A.crn")},
		{"file:///tmp/100%.crn", file("/tmp/100%.crn", "file:///tmp/100%25.crn")}, // a bare % is itself
		{"file:///tmp/100%25.crn", file("/tmp/100%.crn", "file:///tmp/100%25.crn")},
		{"file:///tmp/a%zz.crn", file("/tmp/a%zz.crn", "file:///tmp/a%25zz.crn")},
		{"file:///tmp/c%23/x.crn", file("/tmp/c#/x.crn", "file:///tmp/c%23/x.crn")},
		{"file:///tmp/c#/x.crn", want{uriParts{scheme: "file", path: "/tmp/c", fragment: "/x.crn"}, "file:///tmp/c#%2Fx.crn"}}, // as VS Code reads it
		{"file:///tmp/q%3F.crn", file("/tmp/q?.crn", "file:///tmp/q%3F.crn")},
		{"file:///tmp/my%20dir/a%20b.crn", file("/tmp/my dir/a b.crn", "file:///tmp/my%20dir/a%20b.crn")},
		{"file:///tmp/my dir/a b.crn", file("/tmp/my dir/a b.crn", "file:///tmp/my%20dir/a%20b.crn")},
		{"file:///tmp/日本/é.crn", file("/tmp/日本/é.crn", "file:///tmp/%E6%97%A5%E6%9C%AC/%C3%A9.crn")},
		{"file:///tmp/%e6%97%a5%e6%9c%ac/%c3%a9.crn", file("/tmp/日本/é.crn", "file:///tmp/%E6%97%A5%E6%9C%AC/%C3%A9.crn")},
		{"file:///C:/Users/Me/x.crn", file("/c:/Users/Me/x.crn", "file:///c%3A/Users/Me/x.crn")},
		{"file:///c%3A/Users/Me/x.crn", file("/c:/Users/Me/x.crn", "file:///c%3A/Users/Me/x.crn")},
		{"file:///C%3a/Users/Me/x.crn", file("/c:/Users/Me/x.crn", "file:///c%3A/Users/Me/x.crn")},
		{"FILE:///tmp/x.crn", file("/tmp/x.crn", "file:///tmp/x.crn")},
		{"file:tmp/x.crn", file("/tmp/x.crn", "file:///tmp/x.crn")},
		{"file://Server/share/x.crn", want{uriParts{scheme: "file", authority: "server", path: "/share/x.crn"}, "file://server/share/x.crn"}},
		{"file://localhost/tmp/x.crn", want{uriParts{scheme: "file", authority: "localhost", path: "/tmp/x.crn"}, "file://localhost/tmp/x.crn"}},
		{"untitled:Untitled-1", want{uriParts{scheme: "untitled", path: "Untitled-1"}, "untitled:Untitled-1"}},
		{"untitled:Untitled%2D1", want{uriParts{scheme: "untitled", path: "Untitled-1"}, "untitled:Untitled-1"}},
		{"untitled:/home/me/new%20file.crn", want{uriParts{scheme: "untitled", path: "/home/me/new file.crn"}, "untitled:/home/me/new%20file.crn"}},
		{"untitled:Untitled-2?x=%20y#z", want{uriParts{scheme: "untitled", path: "Untitled-2", query: "x= y", fragment: "z"}, "untitled:Untitled-2?x%3D%20y#z"}},
		{"https://User:Pw@Example.COM:8080/a b?q=1", want{uriParts{scheme: "https", authority: "User:Pw@example.com:8080", path: "/a b", query: "q=1"}, "https://User:Pw@example.com:8080/a%20b?q%3D1"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			parts := parseURI(tc.in)
			got := want{parts, parts.String()}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(uriParts{})); diff != "" {
				t.Errorf("parseURI(%q) (-want +got):\n%s", tc.in, diff)
			}
			if again := parseURI(got.Canonical); again != parts {
				t.Errorf("the canonical spelling %s reads as %+v, not %+v", got.Canonical, again, parts)
			}
		})
	}
}

// TestURIPaths converts file: URIs to paths and paths to URIs, for Windows paths as for the
// others, whatever this system's are.
func TestURIPaths(t *testing.T) {
	for _, tc := range []struct {
		uri     string
		windows bool
		path    string
	}{
		{"file:///tmp/x%26y.crn", false, "/tmp/x&y.crn"},
		{"file:///tmp/a/../b/./c.crn", false, "/tmp/b/c.crn"},
		{"file:///tmp/back%5Cslash.crn", false, `/tmp/back\slash.crn`},
		{"file:///C:/x.crn", false, "/c:/x.crn"},
		{"file://localhost/tmp/x.crn", false, "/tmp/x.crn"},
		{"file:///C:/Users/Me/x%20y.crn", true, `c:\Users\Me\x y.crn`},
		{"file:///c%3A/Users/Me/x%20y.crn", true, `c:\Users\Me\x y.crn`},
		{"file:///c%3A", true, `c:\`},
		{"file:///c%3A/", true, `c:\`},
		{"file://server/share/x.crn", true, `\\server\share\x.crn`},
		{"file://localhost/c:/x.crn", true, `c:\x.crn`},
		{"untitled:Untitled-1", false, ""},
		{"git:/tmp/x.crn", false, ""},
		{"/tmp/x.crn", false, ""}, // no scheme: not a file URI
	} {
		if got := parseURI(tc.uri).filePath(tc.windows); got != tc.path {
			t.Errorf("filePath(%s, windows %t) = %q, want %q", tc.uri, tc.windows, got, tc.path)
		}
	}
	for _, tc := range []struct {
		path    string
		windows bool
		uri     string
	}{
		{"/tmp/x&y.crn", false, "file:///tmp/x%26y.crn"},
		{"/tmp/a+b=c;d,e@f$g!h'i(j)k*l:m#n?o%p q[r]s.crn", false, "file:///tmp/a%2Bb%3Dc%3Bd%2Ce%40f%24g%21h%27i%28j%29k%2Al%3Am%23n%3Fo%25p%20q%5Br%5Ds.crn"},
		{"/tmp/日本/é.crn", false, "file:///tmp/%E6%97%A5%E6%9C%AC/%C3%A9.crn"},
		{"/tmp/unreserved-._~.crn", false, "file:///tmp/unreserved-._~.crn"},
		{`/tmp/back\slash.crn`, false, "file:///tmp/back%5Cslash.crn"},
		{`C:\Users\Me\x y.crn`, true, "file:///c%3A/Users/Me/x%20y.crn"},
		{`c:\Users\Me\x y.crn`, true, "file:///c%3A/Users/Me/x%20y.crn"},
		{`\\Server\Share\x.crn`, true, "file://server/Share/x.crn"},
	} {
		if got := fileURIParts(tc.path, tc.windows).String(); got != tc.uri {
			t.Errorf("the URI of %q (windows %t) = %s, want %s", tc.path, tc.windows, got, tc.uri)
		}
	}
}

// TestDocumentPaths: every spelling of a document's URI names one path, the one documentPath
// and the document store key it by.
func TestDocumentPaths(t *testing.T) {
	for _, spellings := range [][]protocol.DocumentURI{
		{"file:///tmp/x%26y.crn", "file:///tmp/x&y.crn", "file:///tmp/x%26y%2Ecrn"},
		{"file:///tmp/%E6%97%A5.crn", "file:///tmp/%e6%97%a5.crn", "file:///tmp/日.crn"},
		{"untitled:Untitled-1", "untitled:Untitled%2D1", "UNTITLED:Untitled-1"},
	} {
		first := documentPath(spellings[0])
		if first == "" {
			t.Fatalf("documentPath(%s) is empty", spellings[0])
		}
		for _, u := range spellings[1:] {
			if got := documentPath(u); got != first {
				t.Errorf("documentPath(%s) = %q, documentPath(%s) = %q: one document, two paths", spellings[0], first, u, got)
			}
		}
	}
}

// FuzzFileURI: a path written as VS Code writes its URI, or with only the characters that must
// be encoded encoded (as Neovim writes it), reads back as the same path.
func FuzzFileURI(f *testing.F) {
	for _, s := range []string{"x&y.crn", "a+b=c;d,e@f$g!h.crn", "100%.crn", "c#d?.crn", "sp ace.crn", "日本/é.crn", "%41.crn", "..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if !utf8.ValidString(name) || strings.ContainsRune(name, 0) {
			return // a URI travels in JSON: valid UTF-8; no path holds NUL
		}
		p := path.Clean("/tmp/" + name)
		vscode := fileURIParts(p, false).String()
		if got := parseURI(vscode).filePath(false); got != p {
			t.Fatalf("%q: written %s, read back as %q", p, vscode, got)
		}
		var b strings.Builder
		for i := 0; i < len(p); i++ { // Neovim's encoding: RFC 3986's unreserved and reserved left alone, but for % # ?
			c := p[i]
			if c >= 0x80 || c <= ' ' || strings.IndexByte(`%#?"<>\^`+"`{|}\x7f", c) >= 0 {
				b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
				continue
			}
			b.WriteByte(c)
		}
		nvim := "file://" + b.String()
		if got := parseURI(nvim).filePath(false); got != p {
			t.Fatalf("%q: written %s, read back as %q", p, nvim, got)
		}
		if canonical := parseURI(nvim).String(); canonical != vscode {
			t.Fatalf("%q: %s and %s have different canonical spellings: %s", p, nvim, vscode, canonical)
		}
	})
}
