package workspace

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
)

// resourceName renders what ResourceOf returns: "<nil>", the resource type, or "read " and the
// data source type.
func resourceName(r *grammar.ResourceExpr) string {
	if r == nil {
		return "<nil>"
	}
	if r.Read != nil {
		return "read " + r.Type.String()
	}
	return r.Type.String()
}

func TestResourceOf(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		decl  string // the binding asked about, or "" for a nil declaration
		want  string
	}{
		{"nil declaration", map[string]string{"main.crn": "let a = 1\n"}, "", "<nil>"},
		{"resource", map[string]string{"main.crn": "let cert = aws.acm.Certificate { domain_name = 'a' }\n"}, "cert", "aws.acm.Certificate"},
		{"data source", map[string]string{"main.crn": "let zone = read aws.route53.HostedZone { name = 'a' }\n"}, "zone", "read aws.route53.HostedZone"},
		{"plain value", map[string]string{"main.crn": "let a = 'x'\n"}, "a", "<nil>"},
		{"module", map[string]string{"main.crn": "let net = use { source = './net' }\n"}, "net", "<nil>"},
		{"for with a resource body", map[string]string{"main.crn": "let bs = for n in ['a'] {\n  let full = n\n  aws.s3.Bucket { name = full }\n}\n"}, "bs", "aws.s3.Bucket"},
		{"for with a value body", map[string]string{"main.crn": "let xs = for n in ['a'] { n }\n"}, "xs", "<nil>"},
		{"if with a resource then", map[string]string{"main.crn": "let b = if true { aws.s3.Bucket { name = 'a' } } else { 1 }\n"}, "b", "aws.s3.Bucket"},
		{"if with a value then", map[string]string{"main.crn": "let b = if true { 1 } else { aws.s3.Bucket { name = 'a' } }\n"}, "b", "<nil>"},
		{"wait on a resource", map[string]string{"main.crn": "let cert = aws.acm.Certificate { domain_name = 'a' }\nlet w = wait cert {\n  until = cert.status == issued\n}\n"}, "w", "aws.acm.Certificate"},
		{"wait on a data source", map[string]string{"main.crn": "let zone = read aws.route53.HostedZone { name = 'a' }\nlet w = wait zone {\n  until = zone.name == 'a'\n}\n"}, "w", "read aws.route53.HostedZone"},
		{"wait on a wait, across files", map[string]string{
			"main.crn": "let cert = aws.acm.Certificate { domain_name = 'a' }\n",
			"wait.crn": "let w1 = wait cert {\n  until = cert.status == issued\n}\nlet w2 = wait w1 {\n  until = w1.status == issued\n}\n",
		}, "w2", "aws.acm.Certificate"},
		{"wait on a for", map[string]string{"main.crn": "let bs = for n in ['a'] { aws.s3.Bucket { name = n } }\nlet w = wait bs {\n  until = bs.x == 1\n}\n"}, "w", "aws.s3.Bucket"},
		{"wait on a value", map[string]string{"main.crn": "let a = 1\nlet w = wait a {\n  until = a.x == 1\n}\n"}, "w", "<nil>"},
		{"wait on an undeclared name", map[string]string{"main.crn": "let w = wait nothing {\n  until = nothing.x == 1\n}\n"}, "w", "<nil>"},
		{"wait without a target", map[string]string{"main.crn": "let w = wait {\n  until = x.status == 'ok'\n}\n"}, "w", "<nil>"},
		{"wait on itself", map[string]string{"main.crn": "let w = wait w {\n  until = w.x == 1\n}\n"}, "w", "<nil>"},
		{"cycle of waits", map[string]string{"main.crn": "let a = wait b {\n  until = b.x == 1\n}\nlet b = wait a {\n  until = a.x == 1\n}\n"}, "a", "<nil>"},
		{"chain of 15 waits", map[string]string{"main.crn": waitChain(15)}, "w15", "aws.s3.Bucket"},
		{"chain of 16 waits: longer than followed", map[string]string{"main.crn": waitChain(16)}, "w16", "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadDir(t, tt.files)
			var d *Decl
			if tt.decl != "" {
				if d = c.Lookup(tt.decl); d == nil {
					t.Fatalf("no binding %s", tt.decl)
				}
			}
			if got := resourceName(c.ResourceOf(d)); got != tt.want {
				t.Errorf("ResourceOf(%s) = %s, want %s", tt.decl, got, tt.want)
			}
			if got := resourceName(c.ResourceOfIn(d, nil)); got != tt.want {
				t.Errorf("ResourceOfIn(%s, nil) = %s, want %s", tt.decl, got, tt.want)
			}
		})
	}
}

// TestResourceOfIn: where two files declare a wait's target, ResourceOf follows the first
// declaration (Lookup) and ResourceOfIn the one of the file it is given, as references there
// resolve.
func TestResourceOfIn(t *testing.T) {
	c := loadDir(t, map[string]string{
		"a.crn": "let target = aws.s3.Bucket { name = 'a' }\n",
		"b.crn": "let target = aws.acm.Certificate { domain_name = 'b' }\n",
		"w.crn": "let w = wait target {\n  until = target.x == 1\n}\n",
	})
	w := c.Lookup("w")
	file := func(name string) *File { return c.File(filepath.Join(c.Dir, name)) }
	for _, tt := range []struct {
		from *File
		want string
	}{
		{nil, "aws.s3.Bucket"},
		{file("a.crn"), "aws.s3.Bucket"},
		{file("b.crn"), "aws.acm.Certificate"},
		{file("w.crn"), "aws.s3.Bucket"},
	} {
		if got := resourceName(c.ResourceOfIn(w, tt.from)); got != tt.want {
			t.Errorf("ResourceOfIn(w, %v) = %s, want %s", tt.from, got, tt.want)
		}
	}
	if got := resourceName(c.ResourceOf(w)); got != "aws.s3.Bucket" {
		t.Errorf("ResourceOf(w) = %s, want the first declaration's aws.s3.Bucket", got)
	}
	if got := c.LookupIn("target", file("b.crn")); got == nil || got.File != file("b.crn") {
		t.Errorf("LookupIn(target, b.crn) = %s, want b.crn's", describeDecl(got))
	}
	if got := c.LookupIn("target", file("w.crn")); got != c.Lookup("target") {
		t.Errorf("LookupIn(target, w.crn) = %s, want Lookup's", describeDecl(got))
	}
	if got := c.LookupIn("nothing", file("a.crn")); got != nil {
		t.Errorf("LookupIn(nothing) = %s, want nil", describeDecl(got))
	}
}

// waitChain returns a file with a bucket and n waits, each on the one before: w1 waits on the
// bucket, wn on w(n-1).
func waitChain(n int) string {
	var b strings.Builder
	b.WriteString("let w0 = aws.s3.Bucket { name = 'a' }\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "let w%d = wait w%d {\n  until = w%d.x == 1\n}\n", i, i-1, i-1)
	}
	return b.String()
}
