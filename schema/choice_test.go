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
