package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The editors/nvim plugin and the snippet of docs/editors.md take one path on Neovim 0.7
// (vim.lsp.start_client and a cache of clients by root) and another on 0.8 and later
// (vim.lsp.start). The Neovim tests run on both when both are installed: Debian's `nvim` is 0.7,
// and .ci/run installs a newer one beside it as `nvim-0.10`.

// neovim is one Neovim executable found on PATH.
type neovim struct {
	path         string
	major, minor int
}

// generation names the plugin's path a Neovim takes.
func (n neovim) generation() string {
	if n.major == 0 && n.minor < 8 {
		return "0.7"
	}
	return "0.8+"
}

var nvimVersion = regexp.MustCompile(`NVIM v(\d+)\.(\d+)`)

// findNeovims returns the Neovims on PATH: `nvim` and any `nvim-<version>`, by version, one of
// each version.
func findNeovims() []neovim {
	var names []string
	if p, err := exec.LookPath("nvim"); err == nil {
		names = append(names, p)
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		matches, _ := filepath.Glob(filepath.Join(dir, "nvim-[0-9]*"))
		names = append(names, matches...)
	}
	seen := map[string]bool{}
	var out []neovim
	for _, p := range names {
		b, err := exec.Command(p, "--version").Output()
		if err != nil {
			continue
		}
		m := nvimVersion.FindStringSubmatch(string(b))
		if m == nil || seen[m[0]] {
			continue
		}
		seen[m[0]] = true
		major, _ := strconv.Atoi(m[1])
		minor, _ := strconv.Atoi(m[2])
		out = append(out, neovim{path: p, major: major, minor: minor})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].major < out[j].major || out[i].major == out[j].major && out[i].minor < out[j].minor
	})
	return out
}

// eachNeovim runs test as a subtest for each of the plugin's two paths, on the newest Neovim found
// that takes it. A path without a Neovim is skipped, saying so; under CI=true it fails.
func eachNeovim(t *testing.T, test func(t *testing.T, nvim string)) {
	t.Helper()
	found := findNeovims()
	for _, gen := range []string{"0.7", "0.8+"} {
		t.Run("nvim-"+gen, func(t *testing.T) {
			var pick *neovim
			var have []string
			for i := range found {
				have = append(have, strconv.Itoa(found[i].major)+"."+strconv.Itoa(found[i].minor))
				if found[i].generation() == gen {
					pick = &found[i]
				}
			}
			if pick == nil {
				msg := "no Neovim " + gen + " on PATH (found: " + strings.Join(have, ", ") + "); the plugin's " + gen + " path is untested"
				if os.Getenv("CI") == "true" {
					t.Fatal(msg + " (CI=true: .ci/run must install it)")
				}
				t.Skip("skipping: " + msg)
			}
			t.Logf("Neovim %d.%d: %s", pick.major, pick.minor, pick.path)
			test(t, pick.path)
		})
	}
}
