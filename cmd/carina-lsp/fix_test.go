package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// fixArchives are the fix golden archives (their format: lsp/fix_golden_test.go).
var fixArchives = filepath.Join("..", "..", "fix", "testdata", "*.txtar")

// TestCheckFixArchives runs check -fix (with -unsafe-fixes for a suggestion) on each fix golden
// archive: main.crn becomes the archive's want text, the fix is printed, the exit status is 0
// and no error or warning is left. Without -unsafe-fixes a suggestion is not applied and its
// diagnostic is still reported.
func TestCheckFixArchives(t *testing.T) {
	txtar.Run(t, fixArchives, func(t *testing.T, _ string, a *txtar.Archive) {
		code := a.Option("code")
		unsafe := a.Option("unsafe") == "true"
		want, ok := a.Get("want main.crn")
		if code == "" || !ok {
			t.Fatal("an archive needs a code: header and a want main.crn section")
		}
		dir := t.TempDir()
		writeTree(t, dir, a.Sources())
		main := filepath.Join(dir, "main.crn")

		if unsafe {
			r := runCmd(t, "check", "-fix", dir)
			if got := readFile(t, main); got != a.Sources()["main.crn"] {
				t.Errorf("check -fix applied a suggestion:\n%s", got)
			}
			if !strings.Contains(r.Stdout, "["+code+"]") {
				t.Errorf("check -fix: the %s diagnostic is not reported: %+v", code, r)
			}
		}

		args := []string{"check", "-fix"}
		if unsafe {
			args = append(args, "-unsafe-fixes")
		}
		r := runCmd(t, append(args, dir)...)
		if r.Code != 0 {
			t.Errorf("%v: exit %d, want 0: %+v", args, r.Code, r)
		}
		if diff := cmp.Diff(want, readFile(t, main)); diff != "" {
			t.Errorf("main.crn after %v (-want +got):\n%s", args, diff)
		}
		if !strings.Contains(r.Stderr, main+":") || !strings.Contains(r.Stderr, ": fixed: ") || !strings.Contains(r.Stderr, "["+code+"]") {
			t.Errorf("%v does not say what it fixed: %q", args, r.Stderr)
		}
		if after := runCmd(t, "check", "-severity", "warning", dir); after.Code != 0 || strings.Contains(after.Stdout, "error:") || strings.Contains(after.Stdout, "warning:") {
			t.Errorf("errors or warnings left after %v: %+v", args, after)
		}
	})
}

// The issue's cases in one configuration: the syntax-level fixes are safe, the misspelt wait
// target a suggestion; after both, nothing is left.
func TestCheckFixIssueCases(t *testing.T) {
	const src = `let cert = aws.acm.Certificate {
  domain_name       = 'registry.example.com'
  validation_method = dns
}

let cert_issued = wait cetr {
  until   = cetr.status == issued
  timeout = 1h30m
}

wait cert {
  until   = cert.status == issued
  timeout = 30 min
}

exports {
  certificate_arn: String = cert_issued.certificate_arn
}
`
	safe := strings.NewReplacer("1h30m", "90min", "30 min", "30min", "\nwait cert", "\nlet _ = wait cert").Replace(src)
	all := strings.ReplaceAll(safe, "cetr", "cert")
	dir := t.TempDir()
	main := filepath.Join(dir, "main.crn")
	writeTree(t, dir, map[string]string{"main.crn": src})

	r := runCmd(t, "check", "-fix", dir)
	if r.Code != 1 || !strings.Contains(r.Stdout, "[wait-unknown-target]") || strings.Count(r.Stdout, "\n") != 1 {
		t.Errorf("check -fix: want exit 1 and the unknown target alone left: %+v", r)
	}
	if diff := cmp.Diff(safe, readFile(t, main)); diff != "" {
		t.Errorf("after check -fix (-want +got):\n%s", diff)
	}
	for _, fixed := range []string{"main.crn:8:13: fixed: Change to 90min [syntax]", "main.crn:11:1: fixed: Bind it: let _ = wait [syntax]", "main.crn:13:13: fixed: Change to 30min [syntax]"} {
		if !strings.Contains(r.Stderr, fixed) {
			t.Errorf("check -fix does not print %q: %q", fixed, r.Stderr)
		}
	}

	r = runCmd(t, "check", "-fix", "-unsafe-fixes", dir)
	if r.Code != 0 || r.Stdout != "" || !strings.Contains(r.Stderr, "main.crn:6:24: fixed: Change to cert [wait-unknown-target]") {
		t.Errorf("check -fix -unsafe-fixes: %+v", r)
	}
	if diff := cmp.Diff(all, readFile(t, main)); diff != "" {
		t.Errorf("after check -fix -unsafe-fixes (-want +got):\n%s", diff)
	}
	if r := runCmd(t, "check", "-severity", "info", dir); r.Code != 0 || r.Stdout != "" {
		t.Errorf("the configuration is not clean: %+v", r)
	}
}

func TestCheckFix(t *testing.T) {
	const (
		spaced = "let cert = aws.acm.Certificate {\n  domain_name       = 'registry.example.com'\n  validation_method = dns\n}\n\n" +
			"let _ = wait cert {\n  until   = cert.status == issued\n  timeout = 30 min\n}\n"
		spacedFixed = "let cert = aws.acm.Certificate {\n  domain_name       = 'registry.example.com'\n  validation_method = dns\n}\n\n" +
			"let _ = wait cert {\n  until   = cert.status == issued\n  timeout = 30min\n}\n"
		// Two fixes at one place: read (an error, first), then the type's spelling (a warning),
		// computed again on the new text in the next round.
		caller      = "let who = aws.sts.caller_identity {}\n\nexports {\n  account_id = who.account_id\n}\n"
		callerFixed = "let who = read aws.sts.CallerIdentity {}\n\nexports {\n  account_id = who.account_id\n}\n"
		// A safe fix and a suggestion.
		both = "let logs = aws.s3.Bucket {\n  buckt = 'registry-logs'\n}\n\nlet cert = aws.acm.Certificate {\n  domain_name       = 'registry.example.com'\n  validation_method = \"DNS\"\n}\n\nexports {\n  logs   = logs.bucket\n  cert   = cert.certificate_arn\n}\n"
	)
	var (
		bothSafe  = strings.Replace(both, `"DNS"`, "aws.acm.Certificate.ValidationMethod.dns", 1)
		bothFixed = strings.Replace(bothSafe, "buckt", "bucket", 1)
	)
	tests := []struct {
		name      string
		files     map[string]string
		args      []string // before the directory, or before the file named by arg
		arg       string   // a file to name instead of the directory
		code      int
		want      map[string]string // the files after the run
		stdoutHas []string
		stderrHas []string
	}{{
		name:      "a safe fix, nothing left",
		files:     map[string]string{"main.crn": spaced},
		args:      []string{"-fix"},
		want:      map[string]string{"main.crn": spacedFixed},
		stderrHas: []string{"main.crn:8:13: fixed: Change to 30min [syntax]"},
	}, {
		name:      "fixes made possible by fixes",
		files:     map[string]string{"main.crn": caller},
		args:      []string{"-fix"},
		want:      map[string]string{"main.crn": callerFixed},
		stderrHas: []string{"main.crn:1:11: fixed: Add read [read-keyword]\n", "main.crn:1:16: fixed: Change to aws.sts.CallerIdentity [resource-type-spelling]\n"},
	}, {
		name:      "the exit status is that of what is left: a suggestion",
		files:     map[string]string{"main.crn": both},
		args:      []string{"-fix"},
		code:      1,
		want:      map[string]string{"main.crn": bothSafe},
		stdoutHas: []string{"main.crn:2:3: error: unknown attribute \"buckt\""},
		stderrHas: []string{"[enum-string-literal]"},
	}, {
		name:      "a file with a syntax error gets its fixes, and the error is what is left",
		files:     map[string]string{"main.crn": "let vpc = awscc.ec2.vpc {\n  cidr_block = '10.0.0.0/16'\n"},
		args:      []string{"-fix"},
		code:      1,
		want:      map[string]string{"main.crn": "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n"},
		stdoutHas: []string{`error: unclosed "{" of awscc.ec2.Vpc`},
		stderrHas: []string{"main.crn:1:11: fixed: Change to awscc.ec2.Vpc [resource-type-spelling]"},
	}, {
		name:      "suggestions too",
		files:     map[string]string{"main.crn": both},
		args:      []string{"-fix", "-unsafe-fixes"},
		want:      map[string]string{"main.crn": bothFixed},
		stderrHas: []string{"[enum-string-literal]", "[unknown-attribute]"},
	}, {
		name:      "-diff writes nothing and prints the diff",
		files:     map[string]string{"main.crn": spaced},
		args:      []string{"-fix", "-diff"},
		want:      map[string]string{"main.crn": spaced},
		stdoutHas: []string{"main.crn\n+++ ", "@@ -5,5 +5,5 @@\n", "\n-  timeout = 30 min\n+  timeout = 30min\n"},
	}, {
		name:      "-diff exits with the status of what would be left",
		files:     map[string]string{"main.crn": both},
		args:      []string{"-fix", "-diff"},
		code:      1,
		want:      map[string]string{"main.crn": both},
		stdoutHas: []string{"-  validation_method = \"DNS\"\n+  validation_method = aws.acm.Certificate.ValidationMethod.dns\n"},
	}, {
		name:      "a file named: only that file is fixed",
		files:     map[string]string{"main.crn": spaced, "other.crn": "let vpc = awscc.ec2.vpc {\n  cidr_block = '10.0.0.0/16'\n}\n\nexports {\n  vpc_id = vpc.vpc_id\n}\n"},
		args:      []string{"-fix"},
		arg:       "main.crn",
		want:      map[string]string{"main.crn": spacedFixed, "other.crn": "let vpc = awscc.ec2.vpc {\n  cidr_block = '10.0.0.0/16'\n}\n\nexports {\n  vpc_id = vpc.vpc_id\n}\n"},
		stderrHas: []string{"main.crn:8:13: fixed: "},
	}, {
		name:      "-diff goes with -fix",
		files:     map[string]string{"main.crn": spaced},
		args:      []string{"-diff"},
		code:      2,
		want:      map[string]string{"main.crn": spaced},
		stderrHas: []string{"-diff and -unsafe-fixes go with -fix"},
	}, {
		name:      "-unsafe-fixes goes with -fix",
		files:     map[string]string{"main.crn": spaced},
		args:      []string{"-unsafe-fixes"},
		code:      2,
		want:      map[string]string{"main.crn": spaced},
		stderrHas: []string{"-diff and -unsafe-fixes go with -fix"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, tt.files)
			target := dir
			if tt.arg != "" {
				target = filepath.Join(dir, tt.arg)
			}
			r := runCmd(t, append(append([]string{"check"}, tt.args...), target)...)
			if r.Code != tt.code {
				t.Errorf("exit %d, want %d: %+v", r.Code, tt.code, r)
			}
			got := map[string]string{}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				got[e.Name()] = readFile(t, filepath.Join(dir, e.Name())) // a temporary file left over shows here
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			for _, s := range tt.stdoutHas {
				if !strings.Contains(r.Stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.Stdout)
				}
			}
			for _, s := range tt.stderrHas {
				if !strings.Contains(r.Stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.Stderr)
				}
			}
			if len(tt.stderrHas) == 0 && r.Stderr != "" {
				t.Errorf("stderr: %s", r.Stderr)
			}
		})
	}
}

// check -fix writes a file in place with its permissions.
func TestCheckFixKeepsPermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	for _, mode := range []os.FileMode{0o600, 0o640, 0o755} {
		t.Run(mode.String(), func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "main.crn")
			if err := os.WriteFile(p, []byte("let caller = aws.sts.CallerIdentity {}\n\nexports {\n  account_id = caller.account_id\n}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, mode); err != nil {
				t.Fatal(err)
			}
			if r := runCmd(t, "check", "-fix", dir); r.Code != 0 || !strings.Contains(readFile(t, p), "= read aws.sts.CallerIdentity") {
				t.Fatalf("check -fix: %+v\n%s", r, readFile(t, p))
			}
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if info.Mode().Perm() != mode {
				t.Errorf("mode %v after check -fix, want %v", info.Mode().Perm(), mode)
			}
		})
	}
}

// TestReadmeFixCodes keeps docs/cli.md's lists of the codes with safe fixes and with suggestions
// true: they are the codes of the fix golden archives, without and with unsafe: true.
func TestReadmeFixCodes(t *testing.T) {
	want := map[string][]string{}
	for _, p := range txtar.Glob(t, fixArchives) {
		a := txtar.Read(t, p)
		kind := "Safe fixes"
		if a.Option("unsafe") == "true" {
			kind = "Suggestions"
		}
		if code := a.Option("code"); !slices.Contains(want[kind], code) {
			want[kind] = append(want[kind], code)
		}
	}
	readme := readFile(t, filepath.Join("..", "..", "docs", "cli.md"))
	for _, kind := range []string{"Safe fixes", "Suggestions"} {
		slices.Sort(want[kind])
		// The bullet "- **kind**: `a`, `b`, ..." and the lines that continue it.
		_, rest, ok := strings.Cut(readme, "\n- **"+kind+"**:")
		if !ok {
			t.Errorf("docs/cli.md has no line starting - **%s**:", kind)
			continue
		}
		item := rest
		if i := strings.Index(rest, "\n- "); i >= 0 {
			item = rest[:i]
		}
		if i := strings.Index(item, "\n\n"); i >= 0 {
			item = item[:i]
		}
		var listed []string
		for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(item, -1) {
			listed = append(listed, m[1])
		}
		if diff := cmp.Diff(want[kind], listed); diff != "" {
			t.Errorf("docs/cli.md's %s are not the codes of the fix golden archives (-archives +docs/cli.md); the line should read:\n- **%s**: `%s`.\n%s",
				kind, kind, strings.Join(want[kind], "`, `"), diff)
		}
	}
}
