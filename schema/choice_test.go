package schema

import (
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestChoose(t *testing.T) {
	var d Defaults
	lock := func(entries string) func(string) ([]byte, error) {
		return func(p string) ([]byte, error) {
			if p == "/ws/"+LockFile && entries != "" {
				return []byte(entries), nil
			}
			return nil, fs.ErrNotExist
		}
	}
	entry := func(name, mode, version string) string {
		return "[[provider]]\nname = \"" + name + "\"\nmode = \"" + mode + "\"\nversion = \"" + version + "\"\n"
	}
	type want struct {
		Version       string
		Reason        Reason
		Patch, Approx bool
	}
	for _, tc := range []struct {
		name, lock, req string
		provider        string
		want            want
	}{
		{"nothing", "", "", "aws", want{"", ReasonNone, false, false}},
		{"lock exact", entry("aws", "version", "0.4.0"), "~0.5.0", "aws", want{"0.4.0", ReasonLock, false, false}},
		{"lock patch", entry("aws", "version", "0.5.2"), "", "aws", want{"0.5.0", ReasonLock, true, false}},
		{"lock above every set", entry("aws", "version", "0.9.0"), "", "aws", want{"", ReasonLock, false, true}},
		{"lock minor we lack", entry("awscc", "version", "0.2.0"), "", "awscc", want{"0.3.0", ReasonLock, false, true}},
		{"lock revision", entry("aws", "revision", ""), "", "aws", want{"", ReasonLock, false, true}},
		{"tilde", "", "~0.5.0", "aws", want{"0.5.0", ReasonConstraint, false, false}},
		{"caret minor", "", "^0.4", "aws", want{"0.4.0", ReasonConstraint, false, false}},
		{"range", "", ">=0.3, <0.5", "awscc", want{"0.4.0", ReasonConstraint, false, false}},
		{"bare", "", "0.6.0", "awscc", want{"0.6.0", ReasonConstraint, false, false}},
		{"above the sets", "", "~0.6", "aws", want{"", ReasonConstraint, false, false}},
		{"below the sets", "", "~0.1.0", "aws", want{"0.3.0", ReasonConstraint, false, true}},
		{"bad requirement", "", "latest", "aws", want{"", ReasonConstraint, false, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := d.Choose(lock(tc.lock), Pins{Dir: "/ws", Versions: map[string]string{tc.provider: tc.req}})
			if err != nil {
				t.Fatal(err)
			}
			c := got[tc.provider]
			if diff := cmp.Diff(tc.want, want{c.Version, c.Reason, c.Patch, c.Approx}); diff != "" {
				t.Errorf("choice (-want +got):\n%s", diff)
			}
		})
	}
}

func TestChooseInherits(t *testing.T) {
	var d Defaults
	none := func(string) ([]byte, error) { return nil, fs.ErrNotExist }
	caller := map[string]Choice{"aws": {Provider: "aws", Version: "0.5.0", Reason: ReasonConstraint, Asked: "~0.5.0"}}
	got, err := d.Choose(none, Pins{Dir: "/ws/modules/net", Versions: map[string]string{}, Inherited: caller})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(caller, got); diff != "" {
		t.Errorf("module's choice (-caller +got):\n%s", diff)
	}
	got, _ = d.Choose(none, Pins{Dir: "/ws/modules/net", Versions: map[string]string{"aws": "~0.4.0"}, Inherited: caller})
	if got["aws"].Version != "0.4.0" {
		t.Errorf("a module's own pin: got %+v, want 0.4.0", got["aws"])
	}
}

// TestDescribeSourced: the sentence of hover and `check -v` names the release the newest set
// follows and its source's date, which the set's header holds; a numbered set and a set of no
// embedded provider are named as before.
func TestDescribeSourced(t *testing.T) {
	var d Defaults
	x, err := d.Index()
	if err != nil {
		t.Fatal(err)
	}
	demo := NewIndex(&Provider{Name: "aws", Resources: map[string]*Resource{}, DataSources: map[string]*Resource{}})
	for _, tc := range []struct {
		name string
		x    *Index
		c    Choice
		want string
	}{
		{"newest awscc", x, Choice{Provider: "awscc"},
			"the newest awscc schemas (newer than 0.6.0, source of 2026-08-15; no version pinned: newest known)"},
		{"newest aws", x, Choice{Provider: "aws"},
			"the newest aws schemas (newer than 0.5.0, source of 2026-04-20; no version pinned: newest known)"},
		{"lock above every set", x, Choice{Provider: "aws", Reason: ReasonLock, Lock: "/ws/" + LockFile, Asked: "0.9.0", Approx: true},
			"the newest aws schemas (newer than 0.5.0, source of 2026-04-20; carina-providers.lock locks aws 0.9.0); no embedded set matches: the nearest is used"},
		{"numbered", x, Choice{Provider: "aws", Version: "0.5.0", Reason: ReasonConstraint, Asked: "~0.5.0"},
			"aws 0.5.0 (the provider block asks for version '~0.5.0')"},
		{"no embedded set", x, Choice{Provider: "demo"},
			"the newest demo schemas (no version pinned: newest known)"},
		{"index without the embedded sets", demo, Choice{Provider: "aws"},
			"the newest aws schemas (no version pinned: newest known)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.x.Sourced(tc.c).Describe()); diff != "" {
				t.Errorf("Describe (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDescribeIndex: `check -v`'s sentence of an index: each provider's choice in provider order,
// or the newest known sets when nothing was chosen, placed where the embedded sets say.
func TestDescribeIndex(t *testing.T) {
	var d Defaults
	index := func(choices map[string]Choice) *Index {
		x, err := d.For(choices)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	demo := NewIndex(&Provider{Name: "demo", Resources: map[string]*Resource{}, DataSources: map[string]*Resource{}})
	for _, tc := range []struct {
		name string
		x    *Index
		want string
	}{
		{"nothing chosen", index(nil),
			"no provider block or lock file: the newest known (aws newer than 0.5.0, source of 2026-04-20; awscc newer than 0.6.0, source of 2026-08-15)"},
		{"one pinned", index(map[string]Choice{"aws": {Provider: "aws", Version: "0.5.0", Reason: ReasonConstraint, Asked: "~0.5.0"}}),
			"aws 0.5.0 (the provider block asks for version '~0.5.0')"},
		{"two, in provider order", index(map[string]Choice{
			"awscc": {Provider: "awscc"},
			"aws":   {Provider: "aws", Version: "0.4.0", Reason: ReasonLock, Lock: "/ws/" + LockFile, Asked: "0.4.0"},
		}),
			"aws 0.4.0 (carina-providers.lock locks aws 0.4.0); the newest awscc schemas (newer than 0.6.0, source of 2026-08-15; no version pinned: newest known)"},
		{"no embedded sets", demo, "no provider block or lock file: the newest known"},
		{"no index", nil, "no provider block or lock file: the newest known"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.x.Describe()); diff != "" {
				t.Errorf("Describe (-want +got):\n%s", diff)
			}
		})
	}
}
