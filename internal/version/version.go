// Package version says what a carina-lsp binary was built from: the release version and the
// commit, stamped at build time by scripts/release and the VS Code packaging (-ldflags -X), else
// what the Go build information knows (the module version of `go install ...@v1.2.3`, the VCS
// revision of a build in a checkout), and the Go version and platform it was built with.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Stamped at build time:
//
//	go build -ldflags "-X github.com/carina-rs/carina-lsp/internal/version.version=0.1.0 -X github.com/carina-rs/carina-lsp/internal/version.commit=$(git rev-parse HEAD)"
var (
	version string
	commit  string
)

// Info is what a binary reports of its build.
type Info struct {
	Version string // the release version ("0.1.0"), the module version, or "devel"
	Commit  string // the commit as stamped, else the VCS revision's first 12 digits ("-dirty" when the tree was modified), or "unknown"
	Go      string // the Go version, e.g. go1.26.0
	OS      string
	Arch    string
}

// Get returns the build information of the running binary.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, bi)
}

// resolve prefers the stamped values, then the build information.
func resolve(stampedVersion, stampedCommit string, bi *debug.BuildInfo) Info {
	info := Info{Version: stampedVersion, Commit: stampedCommit, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if bi != nil {
		if info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
		if info.Commit == "" {
			var rev, modified string
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					modified = s.Value
				}
			}
			if rev != "" {
				info.Commit = short(rev)
				if modified == "true" {
					info.Commit += "-dirty"
				}
			}
		}
	}
	if info.Version == "" {
		info.Version = "devel"
	}
	if info.Commit == "" {
		info.Commit = "unknown"
	}
	return info
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

// String is the version, commit and Go version in one line, as serverInfo.version carries it:
// "0.1.0 (commit 1a2b3c4d5e6f, go1.26.0 linux/amd64)".
func (i Info) String() string {
	return fmt.Sprintf("%s (commit %s, %s %s/%s)", i.Version, i.Commit, i.Go, i.OS, i.Arch)
}
