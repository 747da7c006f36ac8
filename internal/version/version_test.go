package version

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestResolve(t *testing.T) {
	build := func(main string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Version: main}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	goVersion := runtime.Version()
	tests := []struct {
		name            string
		version, commit string
		bi              *debug.BuildInfo
		want            Info
	}{
		{"stamped", "0.1.0", "0123456789ab-dirty", build("(devel)", "vcs.revision", "ffff"), Info{Version: "0.1.0", Commit: "0123456789ab-dirty"}},
		{"go install of a tag", "", "", build("v0.2.0"), Info{Version: "v0.2.0", Commit: "unknown"}},
		{"a build in a clean checkout", "", "", build("(devel)", "vcs.revision", "abcdef0123456789", "vcs.modified", "false"), Info{Version: "devel", Commit: "abcdef012345"}},
		{"a build in a modified checkout", "", "", build("(devel)", "vcs.revision", "abc", "vcs.modified", "true"), Info{Version: "devel", Commit: "abc-dirty"}},
		{"nothing known", "", "", nil, Info{Version: "devel", Commit: "unknown"}},
		{"stamped version, commit from VCS", "0.3.0", "", build("(devel)", "vcs.revision", "abc"), Info{Version: "0.3.0", Commit: "abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resolve(tt.version, tt.commit, tt.bi)
			tt.want.Go, tt.want.OS, tt.want.Arch = goVersion, runtime.GOOS, runtime.GOARCH
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("resolve (-want +got):\n%s", diff)
			}
		})
	}
}

func TestString(t *testing.T) {
	got := Info{Version: "0.1.0", Commit: "abc", Go: "go1.26.0", OS: "linux", Arch: "amd64"}.String()
	if want := "0.1.0 (commit abc, go1.26.0 linux/amd64)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
