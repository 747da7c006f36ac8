package e2e

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// Files of a repository that uses the hooks and the action: one clean and formatted, one
// unformatted, one with an error.
const (
	cleanCrn       = "let bucket = aws.s3.Bucket {\n  bucket = 'logs'\n}\n"
	unformattedCrn = "let   other = aws.s3.Bucket {\n    bucket = 'more'\n}\n"
	brokenCrn      = "let cert_issued = wait nothing {\n  until = nothing.status == 1\n}\n"
)

// buildAll builds every command of the repository into a directory, as pre-commit's golang hooks
// install them (go install ./...), and returns the directory (built once, shared).
func buildAll(t *testing.T) string {
	t.Helper()
	return shared(t, allBuild)
}

// goWithoutTrimpath writes a go command that runs the go on PATH with its arguments but
// -trimpath, and returns its directory.
func goWithoutTrimpath(t *testing.T) string {
	t.Helper()
	real, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nfor a; do\n  shift\n  [ \"$a\" = -trimpath ] || set -- \"$@\" \"$a\"\ndone\nexec " + strconv.Quote(real) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func exitCode(err error) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	return -1
}

// TestPreCommitHooks validates .pre-commit-hooks.yaml against what pre-commit requires and runs
// each hook's entry on files as pre-commit passes them.
func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Name, Description, Entry, Language, Files string
		Extra                                         map[string]any `yaml:",inline"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hooks {
		ids = append(ids, h.ID)
		if h.Name == "" || h.Description == "" || h.Entry == "" {
			t.Errorf("hook %q: name, description and entry are required: %+v", h.ID, h)
		}
		if h.Language != "golang" {
			t.Errorf("hook %q: language %q, want golang (pre-commit builds carina-lsp with go install)", h.ID, h.Language)
		}
		if len(h.Extra) > 0 {
			t.Errorf("hook %q: keys this test does not know: %v", h.ID, h.Extra)
		}
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Errorf("hook %q: files: %v", h.ID, err)
		} else if !re.MatchString("infra/prod/main.crn") || re.MatchString("main.go") || re.MatchString("x.crn.bak") {
			t.Errorf("hook %q: files %q does not select exactly the .crn files", h.ID, h.Files)
		}
	}
	if diff := cmp.Diff([]string{"carina-fmt", "carina-check"}, ids); diff != "" {
		t.Fatalf("hook ids (-want +got):\n%s", diff)
	}

	bin := buildAll(t)
	run := func(entry string, files ...string) (string, int) {
		fields := strings.Fields(entry)
		if fields[0] != "carina-lsp" {
			t.Fatalf("entry %q does not run carina-lsp", entry)
		}
		cmd := exec.Command(filepath.Join(bin, fields[0]), append(fields[1:], files...)...)
		out, err := cmd.CombinedOutput()
		return string(out), exitCode(err)
	}
	dir := writeConfig(t, map[string]string{"infra/main.crn": cleanCrn, "infra/other.crn": unformattedCrn, "broken/wait.crn": brokenCrn})
	p := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }

	// carina-fmt rewrites the unformatted file and leaves the formatted one alone.
	if out, code := run(hooks[0].Entry, p("infra/main.crn"), p("infra/other.crn")); code != 0 {
		t.Errorf("carina-fmt: exit %d: %s", code, out)
	}
	if got, _ := os.ReadFile(p("infra/other.crn")); string(got) != "let other = aws.s3.Bucket {\n  bucket = 'more'\n}\n" {
		t.Errorf("carina-fmt left other.crn as %q", got)
	}
	if got, _ := os.ReadFile(p("infra/main.crn")); string(got) != cleanCrn {
		t.Errorf("carina-fmt changed a formatted file: %q", got)
	}
	// carina-check passes the clean configuration and fails the broken one, naming the problem.
	if out, code := run(hooks[1].Entry, p("infra/main.crn"), p("infra/other.crn")); code != 0 {
		t.Errorf("carina-check on clean files: exit %d: %s", code, out)
	}
	out, code := run(hooks[1].Entry, p("broken/wait.crn"))
	if code != 1 || !strings.Contains(out, p("broken/wait.crn")+":1:") || !strings.Contains(out, "[wait-unknown-target]") {
		t.Errorf("carina-check on a broken file: exit %d: %s", code, out)
	}
}

// action is the part of action.yml the test reads.
type action struct {
	Name, Description string
	Inputs            map[string]struct {
		Description string
		Required    bool
		Default     *string
	}
	Runs struct {
		Using string
		Steps []struct {
			Name, Uses, Shell, Run string
			With, Env              map[string]string
		}
	}
}

var expression = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// TestGitHubAction validates action.yml (a composite action whose inputs are declared and used,
// whose run steps say their shell) and runs its run steps as the runner does, on a clean
// workspace and on one with an error and an unformatted file; in long mode, with inputs too.
func TestGitHubAction(t *testing.T) {
	root := corpus.Root(t)
	treeInputs(t)
	data, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if a.Name == "" || a.Description == "" || a.Runs.Using != "composite" {
		t.Fatalf("action.yml: name %q, description %q, runs.using %q: want a described composite action", a.Name, a.Description, a.Runs.Using)
	}
	for name, in := range a.Inputs {
		if in.Description == "" || in.Default == nil || in.Required {
			t.Errorf("input %q: want a description and a default, not required", name)
		}
		if !strings.Contains(string(data), "${{ inputs."+name+" }}") {
			t.Errorf("input %q is declared but never used", name)
		}
	}
	for _, m := range expression.FindAllStringSubmatch(string(data), -1) {
		if in, ok := strings.CutPrefix(m[1], "inputs."); ok {
			if _, declared := a.Inputs[in]; !declared {
				t.Errorf("%s uses an undeclared input", m[0])
			}
		} else if m[1] != "github.action_path" {
			t.Errorf("%s: an expression this test cannot evaluate", m[0])
		}
	}
	for _, s := range a.Runs.Steps {
		switch {
		case s.Uses != "" && s.Run != "":
			t.Errorf("step %q both uses and runs", s.Name)
		case s.Uses != "" && !regexp.MustCompile(`^[\w-]+/[\w-]+@v\d+$`).MatchString(s.Uses):
			t.Errorf("step uses %q: want owner/name@vN", s.Uses)
		case s.Run != "" && s.Shell != "bash":
			t.Errorf("step %q: run steps of a composite action need shell: bash", s.Name)
		case s.Run != "" && expression.MatchString(s.Run):
			t.Errorf("step %q: expressions in run (pass them through env)", s.Name)
		}
	}

	// Run the run steps, as the runner does, with inputs. The job summary the steps wrote is in
	// summary. In short mode the steps find a go that leaves out the build's -trimpath, which
	// changes only the file names the binary records: with it every package, the standard
	// library's too, is compiled again (a minute on two cores), without it the build links what
	// the suite has compiled. The long mode runs the build as written.
	goPath := ""
	if testing.Short() {
		goPath = goWithoutTrimpath(t) + string(os.PathListSeparator)
	}
	var summary string
	runAction := func(workspace string, inputs map[string]string) (string, int) {
		t.Helper()
		temp := t.TempDir()
		githubPath := filepath.Join(temp, "github_path")
		summaryPath := filepath.Join(temp, "step_summary")
		for _, f := range []string{githubPath, summaryPath} {
			if err := os.WriteFile(f, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		defer func() {
			b, err := os.ReadFile(summaryPath)
			if err != nil {
				t.Fatal(err)
			}
			summary = string(b)
		}()
		eval := func(s string) string {
			return expression.ReplaceAllStringFunc(s, func(e string) string {
				m := expression.FindStringSubmatch(e)[1]
				if in, ok := strings.CutPrefix(m, "inputs."); ok {
					if v, set := inputs[in]; set {
						return v
					}
					return *a.Inputs[in].Default
				}
				return root // github.action_path
			})
		}
		var log bytes.Buffer
		for _, s := range a.Runs.Steps {
			if s.Run == "" {
				continue // actions/setup-go: the machine has Go
			}
			paths, _ := os.ReadFile(githubPath)
			env := append(os.Environ(), "RUNNER_TEMP="+temp, "GITHUB_PATH="+githubPath, "GITHUB_STEP_SUMMARY="+summaryPath, "GITHUB_ACTIONS=true",
				"PATH="+strings.Join(slices.DeleteFunc(strings.Split(string(paths), "\n"), func(p string) bool { return p == "" }), string(os.PathListSeparator))+string(os.PathListSeparator)+goPath+os.Getenv("PATH"))
			for k, v := range s.Env {
				env = append(env, k+"="+eval(v))
			}
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.Run)
			cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = workspace, env, &log, &log
			if code := exitCode(cmd.Run()); code != 0 {
				return log.String(), code
			}
		}
		return log.String(), 0
	}

	clean := writeConfig(t, map[string]string{"infra/main.crn": cleanCrn, ".hidden/x.crn": brokenCrn})
	if out, code := runAction(clean, nil); code != 0 || strings.Contains(out, "::error") || !strings.Contains(out, "carina-lsp ") {
		t.Errorf("the action on a clean workspace: exit %d:\n%s", code, out)
	}
	messy := writeConfig(t, map[string]string{"infra/main.crn": cleanCrn, "infra/other.crn": unformattedCrn, "broken/wait.crn": brokenCrn})
	out, code := runAction(messy, nil)
	if code == 0 || !strings.Contains(out, "::error file=broken/wait.crn,line=1,") || !strings.Contains(out, "::error file=infra/other.crn,title=carina-lsp fmt::") || !strings.Contains(out, "+let other = aws.s3.Bucket {") {
		t.Errorf("the action on a workspace with an error and an unformatted file: exit %d:\n%s", code, out)
	}
	// Inputs: only the formatted, clean directory; the check alone; nothing. Each run builds the
	// binary again, as the action does: the long mode only.
	if testing.Short() {
		return
	}
	if out, code := runAction(messy, map[string]string{"paths": "infra/main.crn broken", "fmt": "false"}); code == 0 || strings.Contains(out, "carina-lsp fmt") {
		t.Errorf("check only, on the broken directory: exit %d:\n%s", code, out)
	}
	if out, code := runAction(messy, map[string]string{"paths": "infra/main.crn"}); code != 0 {
		t.Errorf("one clean file: exit %d:\n%s", code, out)
	}
	if out, code := runAction(messy, map[string]string{"check": "false", "fmt": "false"}); code != 0 || strings.Contains(out, "::group::") || summary != "" {
		t.Errorf("nothing to do: exit %d, summary %q:\n%s", code, summary, out)
	}

	// graph: each configuration's Mermaid graph in the job summary, one section per directory
	// (hidden ones skipped), also when the check fails; a cycle is still drawn.
	messy = writeConfig(t, map[string]string{"infra/main.crn": cleanCrn, "infra/other.crn": unformattedCrn, "broken/wait.crn": brokenCrn, ".hidden/x.crn": cleanCrn,
		"loop/main.crn": "let a = aws.s3.Bucket {\n  bucket = b.bucket\n}\nlet b = aws.s3.Bucket {\n  bucket = a.bucket\n}\n"})
	out, code = runAction(messy, map[string]string{"graph": "true"})
	if code == 0 || !strings.Contains(out, "::error file=broken/wait.crn,line=1,") {
		t.Errorf("graph with the check: exit %d:\n%s", code, out)
	}
	sections := regexp.MustCompile("(?m)^### `([^`]*)`\n\n```mermaid\n((?s:.*?))```$").FindAllStringSubmatch(summary, -1)
	var dirs []string
	for _, m := range sections {
		dirs = append(dirs, m[1])
		if !strings.HasPrefix(m[2], "flowchart LR\n") {
			t.Errorf("section %s is no Mermaid flowchart:\n%s", m[1], m[2])
		}
	}
	if !strings.HasPrefix(summary, "## Dependency graphs\n") || !slices.Equal(dirs, []string{"broken", "infra", "loop"}) {
		t.Errorf("the summary's sections %v, want broken, infra, loop:\n%s", dirs, summary)
	}
	for _, m := range sections {
		want := map[string][]string{"infra": {`["bucket<br/>aws.s3.Bucket"]`, `["other<br/>aws.s3.Bucket"]`}, "loop": {"class n0 problem", "linkStyle 0 stroke:#d93025"}, "broken": {`{{"cert_issued<br/>wait on nothing`}}[m[1]]
		for _, w := range want {
			if !strings.Contains(m[2], w) {
				t.Errorf("section %s lacks %s:\n%s", m[1], w, m[2])
			}
		}
	}
	// plan: each configuration's plan in the job summary, from its local state file; a remote
	// backend named and skipped, a state file that does not read fails the step.
	vpc := "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.1.0.0/16'\n}\n"
	applied := `{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[{"resource_type":"ec2.Vpc","identity":"vpc","binding":"vpc","provider":"awscc","identifier":"vpc-1","attributes":{"cidr_block":"10.0.0.0/16"},"explicit":{"kind":"struct","children":{"cidr_block":{"kind":"leaf"}}}}]}`
	planned := writeConfig(t, map[string]string{"infra/main.crn": vpc, "infra/carina.state.json": applied,
		"remote/main.crn": "backend s3 {\n  bucket = 'b'\n  key    = 'k'\n  region = 'us-east-1'\n}\n"})
	if out, code := runAction(planned, map[string]string{"check": "false", "fmt": "false", "plan": "true"}); code != 0 ||
		!strings.HasPrefix(summary, "## Plans\n") || !strings.Contains(summary, "### `infra`") || !strings.Contains(summary, `cidr_block: "10.0.0.0/16" → "10.1.0.0/16" (forces replacement)`) ||
		!strings.Contains(summary, "### `remote`\n\nNot planned: the state is kept by a remote backend") {
		t.Errorf("plan: exit %d, summary:\n%s\n%s", code, summary, out)
	}
	planned = writeConfig(t, map[string]string{"infra/main.crn": vpc, "infra/carina.state.json": `{"version":10`})
	if out, code := runAction(planned, map[string]string{"check": "false", "fmt": "false", "plan": "true"}); code == 0 || !strings.Contains(out, "::error title=carina-lsp plan::") || !strings.Contains(summary, "the state file is truncated") {
		t.Errorf("plan of a damaged state file: exit %d, summary:\n%s\n%s", code, summary, out)
	}

	// The graph alone, of one file's configuration.
	if out, code := runAction(messy, map[string]string{"check": "false", "fmt": "false", "graph": "true", "paths": "infra/main.crn"}); code != 0 || strings.Count(summary, "```mermaid") != 1 || !strings.Contains(summary, "### `infra`") {
		t.Errorf("the graph of one file: exit %d, summary:\n%s\n%s", code, summary, out)
	}
}
