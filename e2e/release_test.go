package e2e

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
)

// vsceTarget is the VS Code target of this machine, or "".
func vsceTarget() string {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	osName := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[runtime.GOOS]
	if arch == "" || osName == "" {
		return ""
	}
	return osName + "-" + arch
}

// TestRelease runs scripts/release for this machine's target and checks the folder: the stamped
// binary, the platform .vsix holding LICENSE and a server that answers initialize, the universal
// .vsix without a server, and checksums that match.
func TestRelease(t *testing.T) {
	suite.Long(t, "scripts/release --host: the stamped binary, both .vsix packages, the checksums")
	need(t, "bash")
	need(t, "node")
	target := vsceTarget()
	if target == "" {
		t.Fatalf("no release target for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	root := corpus.Root(t)
	treeInputs(t)
	out := filepath.Join(t.TempDir(), "dist")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "scripts", "release"), "-o", out, "--host")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "COMMIT=0123456789ab")
	start := time.Now()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/release: %v\n%s", err, b)
	}
	t.Logf("scripts/release --host took %v", time.Since(start).Round(time.Millisecond))

	var manifest struct{ Version string }
	readJSON(t, filepath.Join(root, "editors", "vscode", "package.json"), &manifest)
	v := manifest.Version
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	binName := fmt.Sprintf("carina-lsp_%s_%s_%s%s", v, runtime.GOOS, runtime.GOARCH, exe)
	platformVsix, universalVsix := "carina-"+target+"-"+v+".vsix", "carina-"+v+".vsix"
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"LICENSE", "SHA256SUMS", "ThirdPartyNotices.txt", universalVsix, platformVsix, binName}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("release folder: %v, want %v", names, want)
	}

	// SHA256SUMS covers every other file, with the right sums.
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	var summed []string
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
			t.Errorf("SHA256SUMS: %s does not match", name)
		}
		summed = append(summed, name)
	}
	slices.Sort(summed)
	if !slices.Equal(summed, slices.DeleteFunc(slices.Clone(want), func(n string) bool { return n == "SHA256SUMS" })) {
		t.Errorf("SHA256SUMS lists %v", summed)
	}

	// The binary reports the stamped version.
	wantVersion := fmt.Sprintf("%s (commit 0123456789ab, %s %s/%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	got, err := exec.Command(filepath.Join(out, binName), "version").Output()
	if err != nil || string(got) != "carina-lsp "+wantVersion+"\n" {
		t.Errorf("%s version = %q, %v; want carina-lsp %s", binName, got, err, wantVersion)
	}

	// The platform package holds LICENSE and the same binary, which answers initialize.
	license, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	files := readVsix(t, filepath.Join(out, platformVsix))
	if !bytes.Equal(files["extension/LICENSE.txt"], license) {
		t.Error("the platform .vsix has no LICENSE (extension/LICENSE.txt) or another one")
	}
	server := files["extension/server/carina-lsp"+exe]
	binary, err := os.ReadFile(filepath.Join(out, binName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(server, binary) {
		t.Fatal("the platform .vsix's server is not the release binary")
	}
	bundled := filepath.Join(t.TempDir(), "carina-lsp"+exe)
	if err := os.WriteFile(bundled, server, 0o755); err != nil {
		t.Fatal(err)
	}
	if info := initializeServerInfo(t, bundled); info.Name != "carina-lsp" || info.Version != wantVersion {
		t.Errorf("the bundled server's serverInfo = %+v, want carina-lsp %s", info, wantVersion)
	}
	universal := readVsix(t, filepath.Join(out, universalVsix))
	for name := range universal {
		if strings.HasPrefix(name, "extension/server/") {
			t.Errorf("the universal .vsix holds %s", name)
		}
	}
	if !bytes.Equal(universal["extension/LICENSE.txt"], license) {
		t.Error("the universal .vsix has no LICENSE")
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// readVsix returns the files of a .vsix (a zip) by name.
func readVsix(t *testing.T, path string) map[string][]byte {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[string][]byte{}
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = data
	}
	return out
}

// initializeServerInfo runs a server binary through initialize, shutdown and exit on stdio and
// returns the serverInfo it answered.
func initializeServerInfo(t *testing.T, bin string) (info struct{ Name, Version string }) {
	t.Helper()
	var in bytes.Buffer
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // against a hang only
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	_, body, ok := bytes.Cut(out, []byte("\r\n\r\n"))
	if !ok {
		t.Fatalf("no message from %s: %q", bin, out)
	}
	var first struct {
		ID     int `json:"id"`
		Result struct {
			ServerInfo struct{ Name, Version string } `json:"serverInfo"`
		} `json:"result"`
	}
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(&first); err != nil || first.ID != 1 {
		t.Fatalf("first message from %s: %v %q", bin, err, body)
	}
	return first.Result.ServerInfo
}
