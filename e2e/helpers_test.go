package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// need returns the path of a program, skipping the test when it is missing locally and failing
// it under CI=true.
func need(t *testing.T, program string) string {
	t.Helper()
	p, err := exec.LookPath(program)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (CI=true: .ci/run must install it)", program)
		}
		t.Skipf("skipping: %s is not installed", program)
	}
	return p
}

// binDir holds the binaries the tests share (serverBuild, allBuild); TestMain makes and removes it.
var binDir string

func TestMain(m *testing.M) {
	testutil.MainInTempDir(m, "carina-e2e-", func(dir string) error { binDir = dir; return nil })
}

// goBuild runs `go build -o binDir/name/ pkgs` in the repository root and returns the directory.
func goBuild(root, name, pkgs string) (string, error) {
	dir := filepath.Join(binDir, name)
	cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), pkgs)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkgs, err, out)
	}
	return dir, nil
}

// The builds the tests share, each made once, on first use: a build is a link of carina-lsp or
// more, seconds a time, and a dozen tests run the server.
var (
	serverBuild = sync.OnceValues(func() (string, error) { return goBuild("..", "server", "./cmd/carina-lsp") })
	allBuild    = sync.OnceValues(func() (string, error) { return goBuild("..", "all", "./...") })
)

// shared returns a shared build's directory, after opening the tree (treeInputs).
func shared(t *testing.T, build func() (string, error)) string {
	t.Helper()
	treeInputs(t)
	dir, err := build()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildServer returns the carina-lsp binary, alone in its directory (a test puts it on PATH).
func buildServer(t *testing.T) string {
	t.Helper()
	return filepath.Join(shared(t, serverBuild), "carina-lsp")
}

// treeInputs opens the repository, so that go test's cache counts it as an input of these tests:
// they build the binary and run the scripts and the editor plugins, none of which the test binary
// holds, and a change to any of them must run the tests again rather than replay a cached pass.
func treeInputs(t *testing.T) {
	t.Helper()
	if err := suite.Tree(corpus.Root(t)); err != nil {
		t.Fatal(err)
	}
}

// writeConfig writes the files of a configuration into a new temporary directory.
func writeConfig(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// waitConfig is the multi-file configuration the client tests open: the target in main.crn, the
// wait in wait.crn (with a mistake and unformatted), the consumer in cdn.crn.
func waitConfig() map[string]string {
	return map[string]string{
		"main.crn": `let cert = aws.acm.Certificate {
  domain_name       = 'registry.carina-rs.dev'
  validation_method = dns
}

let validation_record = aws.route53.RecordSet {
  hosted_zone_id   = 'Z0123456789'
  name             = cert.domain_validation_options[0].resource_record.name
  type             = cname
  ttl              = 60
  resource_records = [cert.domain_validation_options[0].resource_record.value]
}
`,
		"wait.crn": `let cert_issued = wait cert {
  until = cert.status == aws.acm.Certificate.Status.Isued
    depends_on = [validation_record]
}
`,
		"cdn.crn": `awscc.cloudfront.Distribution {
  distribution_config = {
    enabled = true

    default_cache_behavior = {
      target_origin_id       = 'registry'
      viewer_protocol_policy = redirect_to_https
    }

    viewer_certificate = {
      acm_certificate_arn = cert_issued.certificate_arn
    }
  }
}
`,
	}
}
