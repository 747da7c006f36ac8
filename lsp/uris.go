package lsp

import (
	"path"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
)

// One document, one URI. Clients spell a URI in more than one way: VS Code percent-encodes every
// byte outside the unreserved characters and "/" (file:///x%26y.crn, file:///c%3A/dir), Neovim
// leaves the sub-delimiters alone (file:///x&y.crn, file:///C:/dir), and a client that compares
// URI strings shows a file twice when an answer spells it otherwise than it did. So a URI is
// decoded into its parts to find the document (parseURI; both spellings name the same one), and
// every answer names a file as the client opened it (documents.uriOf), or, for a file the client
// never opened, as VS Code would (uriParts.String): the client's spelling is unknown there, and
// VS Code is the one client that compares strings.

// windowsPaths is whether this system's paths are Windows paths (drive letters, backslashes, UNC
// shares). The conversions take it as an argument so that both kinds are tested everywhere.
const windowsPaths = filepath.Separator == '\\'

// uriParts is a URI taken apart as RFC 3986 (appendix B) and VS Code read it, each part
// percent-decoded. The scheme and the host are lower-cased and a drive letter at the start of the
// path too (VS Code writes file:///c%3A/ for C:\), so that parts compare equal whatever the
// spelling.
type uriParts struct {
	scheme, authority, path, query, fragment string
}

// parseURI takes s apart. A percent sign not followed by two hex digits stands for itself, as in
// VS Code, so a name written without encoding (file:///100%.crn) is read as written.
func parseURI(s string) uriParts {
	var u uriParts
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		u.scheme, s = strings.ToLower(s[:i]), s[i+1:]
	}
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		u.authority, s = rest[:end], rest[end:]
	}
	s, u.fragment, _ = strings.Cut(s, "#")
	s, u.query, _ = strings.Cut(s, "?")
	at := strings.LastIndexByte(u.authority, '@') // a host's case does not matter, a user's may
	u.authority = u.authority[:at+1] + strings.ToLower(u.authority[at+1:])
	u.authority, u.path = percentDecode(u.authority), percentDecode(s)
	u.query, u.fragment = percentDecode(u.query), percentDecode(u.fragment)
	switch u.scheme {
	case "file", "http", "https": // a hierarchical path always starts at the root
		if !strings.HasPrefix(u.path, "/") {
			u.path = "/" + u.path
		}
	}
	u.path = lowerDrive(u.path)
	return u
}

// lowerDrive lower-cases a drive letter at the start of a URI path (/C:/x or C:/x).
func lowerDrive(p string) string {
	i := 0
	if strings.HasPrefix(p, "/") {
		i = 1
	}
	if len(p) >= i+2 && p[i+1] == ':' && 'A' <= p[i] && p[i] <= 'Z' {
		return p[:i] + string(p[i]+'a'-'A') + p[i+1:]
	}
	return p
}

// percentDecode decodes every %XX of s (hex digits of either case); any other percent sign is
// kept.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// String writes the URI as VS Code does (vscode-uri's toString): every byte of a part outside
// the unreserved characters (and "/" in the path) as %XX in upper case, a file: URI with "//"
// even without authority, the host in lower case.
func (u uriParts) String() string {
	var b strings.Builder
	if u.scheme != "" {
		b.WriteString(u.scheme)
		b.WriteByte(':')
	}
	if u.authority != "" || u.scheme == "file" {
		b.WriteString("//")
	}
	if u.authority != "" {
		auth := u.authority
		if user, host, ok := strings.Cut(auth, "@"); ok {
			name, pass, hasPass := strings.Cut(user, ":")
			percentEncode(&b, name, false)
			if hasPass {
				b.WriteByte(':')
				percentEncode(&b, pass, false)
			}
			b.WriteByte('@')
			auth = host
		}
		host, port, hasPort := strings.Cut(strings.ToLower(auth), ":")
		percentEncode(&b, host, false)
		if hasPort {
			b.WriteByte(':')
			b.WriteString(port)
		}
	}
	percentEncode(&b, u.path, true)
	if u.query != "" {
		b.WriteByte('?')
		percentEncode(&b, u.query, false)
	}
	if u.fragment != "" {
		b.WriteByte('#')
		percentEncode(&b, u.fragment, false)
	}
	return b.String()
}

// percentEncode writes s with every byte outside the unreserved characters (and "/" when slash)
// as %XX. VS Code encodes the UTF-8 of a character, byte by byte: the same.
func percentEncode(b *strings.Builder, s string, slash bool) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || slash && c == '/' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
}

// canonicalURI is u as VS Code spells it: the same for every spelling of one URI.
func canonicalURI(u protocol.DocumentURI) protocol.DocumentURI {
	return protocol.DocumentURI(parseURI(string(u)).String())
}

// filePath returns the path a file: URI names on a system with Windows paths or not, cleaned, or
// "" for another scheme. On Windows a drive's path loses its leading slash and an authority is a
// UNC share's server; elsewhere the authority (localhost, at best) is ignored, as it always was.
func (u uriParts) filePath(windows bool) string {
	if u.scheme != "file" {
		return ""
	}
	p := path.Clean(u.path)
	if !windows {
		return p
	}
	switch {
	case u.authority != "" && !strings.EqualFold(u.authority, "localhost"):
		p = "//" + u.authority + p
	case len(p) >= 3 && p[0] == '/' && p[2] == ':' && isLetter(p[1]):
		p = p[1:]
		if len(p) == 2 { // /c: is the drive's root, not its current directory
			p += "/"
		}
	}
	return strings.ReplaceAll(p, "/", `\`)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// fileURIParts returns the file: URI of an absolute path of a system with Windows paths or not,
// taken apart as VS Code's URI.file does: a UNC share's server is the authority, a drive's path
// gains a leading slash.
func fileURIParts(p string, windows bool) uriParts {
	u := uriParts{scheme: "file"}
	if windows {
		p = strings.ReplaceAll(p, `\`, "/")
		if rest, ok := strings.CutPrefix(p, "//"); ok {
			server, share, _ := strings.Cut(rest, "/")
			u.authority, p = server, "/"+share
		}
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	u.path = lowerDrive(p)
	return u
}

// pathOf returns the file path of a file: URI, however it is spelt, or "" for another scheme.
func pathOf(u protocol.DocumentURI) string {
	return parseURI(string(u)).filePath(windowsPaths)
}

// uriOf returns the URI of a path as VS Code spells it: the untitled: URI of an untitled
// document's synthetic path (see untitled.go), else the file: URI. An answer naming a document the
// client has open uses documents.uriOf instead, which keeps the client's own spelling.
func uriOf(p string) protocol.DocumentURI {
	if u, ok := untitledURI(p); ok {
		return u
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return protocol.DocumentURI(fileURIParts(p, windowsPaths).String())
}
