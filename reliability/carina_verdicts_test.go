package reliability

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCarinaCasesAreCarinas runs Carina's checker on every archive of testdata/carina: the
// verdict its `carina:` line records must be the one refcheck gives (for ERR, its first error
// containing the fragment), so that no golden verdict is written from memory.
func TestCarinaCasesAreCarinas(t *testing.T) {
	refcheck := referencePath(t, "refcheck")
	cases := readCarinaCases(t)
	root := t.TempDir()
	dirs := make([]string, len(cases))
	for i, c := range cases {
		base := filepath.Join(root, strings.ReplaceAll(c.name, "/", "_"))
		for name, text := range c.files {
			p := filepath.Join(base, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		dirs[i] = filepath.Join(base, filepath.FromSlash(c.dir))
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			t.Fatal(err)
		}
	}
	verdicts, err := refcheckDirs(refcheck, dirs)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		v := verdicts[i]
		// Carina names a file by the directory it was given: the archives record "./".
		v.msg = strings.ReplaceAll(v.msg, dirs[i]+string(filepath.Separator), "./")
		want, fragment, _ := strings.Cut(c.verdict, " ")
		switch {
		case v.none != "":
			t.Errorf("%s: refcheck gave no verdict: %s", c.name, v.none)
		case want == "OK" && !v.ok:
			t.Errorf("%s: recorded OK, Carina says ERR %s", c.name, v.msg)
		case want == "ERR" && v.ok:
			t.Errorf("%s: recorded ERR %s, Carina says OK", c.name, fragment)
		case want == "ERR" && !strings.Contains(v.msg, fragment):
			t.Errorf("%s: recorded ERR %q, Carina's first error is %q", c.name, fragment, v.msg)
		case want != "OK" && want != "ERR":
			t.Errorf("%s: carina: %q is neither OK nor ERR <fragment>", c.name, c.verdict)
		}
	}
}
