package workspace

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// moduleTree is a root configuration using a module that itself uses a nested module, with the
// sources written relative to each configuration's own directory.
var moduleTree = map[string]string{
	"app/main.crn": `let net = use { source = '../modules/net' }
let web = net { vpc_cidr = '10.0.0.0/16' }
let id = web.vpc_id
`,
	"app/state.crn": "let org = upstream_state { source = '../org' }\nlet acct = org.account_id\n",
	"modules/net/args.crn": `arguments {
  vpc_cidr: String
}
`,
	"modules/net/main.crn": `let tags = use { source = './tags' }
let vpc = awscc.ec2.Vpc {
  cidr_block = vpc_cidr
}
let t = tags { name = 'x' }
attributes {
  vpc_id: String = vpc.vpc_id
}
`,
	"modules/net/tags/tags.crn": "arguments {\n  name: String\n}\nattributes {\n  all = { Name = name }\n}\n",
	"org/exports.crn":           "exports {\n  account_id = '123'\n}\n",
}

func TestModules(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, moduleTree)
	ws := New(OSFS{})
	c, err := ws.Config(context.Background(), filepath.Join(root, "app"))
	if err != nil {
		t.Fatal(err)
	}
	noSyntaxErrors(t, c)
	if c.IsModule {
		t.Errorf("the root configuration is a module")
	}

	imp := c.Modules["net"]
	if imp == nil {
		t.Fatalf("Modules = %v, want net", keys(c.Modules))
	}
	if diff := cmp.Diff([]string{"net"}, keys(c.Modules)); diff != "" {
		t.Errorf("modules (-want +got):\n%s", diff)
	}
	if imp.Decl != c.Lookup("net") || imp.Decl.Kind != Module {
		t.Errorf("Import.Decl = %s, want the net use", describeDecl(imp.Decl))
	}
	if imp.Err != nil {
		t.Fatalf("Import.Err = %v", imp.Err)
	}
	if got, want := imp.Source, "../modules/net"; got != want {
		t.Errorf("Source = %q, want %q", got, want)
	}
	if got, want := imp.Dir, filepath.Join(root, "modules", "net"); got != want {
		t.Errorf("Dir = %q, want %q (relative to the caller's directory)", got, want)
	}
	mod := imp.Config
	if mod == nil || !mod.IsModule {
		t.Fatalf("module config = %v, want a loaded module", mod)
	}
	noSyntaxErrors(t, mod)
	if got, want := mod.Dir, imp.Dir; got != want {
		t.Errorf("module Config.Dir = %q, want %q", got, want)
	}
	if diff := cmp.Diff([]string{"args.crn", "main.crn"}, fileNames(mod)); diff != "" {
		t.Errorf("module files (-want +got):\n%s", diff)
	}
	if same, err := ws.Config(context.Background(), imp.Dir); err != nil || same != mod {
		t.Errorf("Config(module dir) = %p, %v; want the cached module config %p", same, err, mod)
	}

	// The nested use resolves relative to the module's directory, not the caller's.
	nested := mod.Modules["tags"]
	if nested == nil || nested.Err != nil || nested.Config == nil {
		t.Fatalf("nested import = %+v", nested)
	}
	if got, want := nested.Dir, filepath.Join(root, "modules", "net", "tags"); got != want {
		t.Errorf("nested Dir = %q, want %q", got, want)
	}
	if !nested.Config.IsModule || len(nested.Config.Files) != 1 {
		t.Errorf("nested module: IsModule=%v files=%v", nested.Config.IsModule, fileNames(nested.Config))
	}

	// References in the caller: the module call names the alias, the instance's outputs are
	// read through the bound call.
	wantRefs := []string{
		"main.crn:2 net (module call) -> main.crn:1 module",
		"main.crn:3 web.vpc_id -> main.crn:2 module call",
		"state.crn:2 org.account_id -> state.crn:1 upstream_state",
	}
	if diff := cmp.Diff(wantRefs, describeRefs(c)); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
	wantModRefs := []string{
		"main.crn:3 vpc_cidr -> args.crn:2 argument",
		"main.crn:5 tags (module call) -> main.crn:1 module",
		"main.crn:7 vpc.vpc_id -> main.crn:2 resource",
	}
	if diff := cmp.Diff(wantModRefs, describeRefs(mod)); diff != "" {
		t.Errorf("module refs (-want +got):\n%s", diff)
	}

	// upstream_state is resolved the same way, into Upstreams.
	up := c.Upstreams["org"]
	if up == nil || up.Err != nil || up.Config == nil {
		t.Fatalf("upstream = %+v", up)
	}
	if got, want := up.Dir, filepath.Join(root, "org"); got != want {
		t.Errorf("upstream Dir = %q, want %q", got, want)
	}
	if up.Config.IsModule || len(up.Config.Outputs) != 1 || !up.Config.Outputs[0].Exports {
		t.Errorf("upstream config: IsModule=%v outputs=%d", up.Config.IsModule, len(up.Config.Outputs))
	}
}

// Sources that cannot be loaded. Decision: a module directory that does not exist is an error
// (Import.Err wraps fs.ErrNotExist and Config is nil); a directory that exists but holds no .crn
// files loads as an empty configuration without error (it is not a module: IsModule is false,
// for a later check to report "Module not found").
func TestModuleImportErrors(t *testing.T) {
	abs := t.TempDir()
	writeTree(t, abs, map[string]string{"m.crn": "arguments {\n  a: String\n}\n"})
	tests := []struct {
		name    string
		files   map[string]string
		source  string
		errText string                    // substring of Import.Err; "" when it must be nil
		errIs   error                     // when set, errors.Is(Import.Err, errIs)
		check   func(*testing.T, *Import) // extra checks
	}{
		{
			name:    "circular import",
			files:   map[string]string{"a/main.crn": "let b = use { source = '../b' }\n", "b/main.crn": "let a = use { source = '../a' }\n"},
			source:  "../b",
			errText: "", // the cycle is reported where it closes: in b's import of a
			check: func(t *testing.T, imp *Import) {
				inner := imp.Config.Modules["a"]
				if inner == nil || inner.Err == nil || !strings.Contains(inner.Err.Error(), "Circular import detected: ../a") {
					t.Errorf("b's import of a = %+v, want a circular import error", inner)
				}
				if inner != nil && inner.Config != nil {
					t.Errorf("circular import has a Config")
				}
			},
		},
		{
			name:    "a module importing itself",
			files:   map[string]string{"a/main.crn": "let me = use { source = '.' }\n"},
			source:  ".",
			errText: "Circular import detected: .",
		},
		{
			name:   "missing directory",
			files:  map[string]string{"a/main.crn": "let m = use { source = '../nowhere' }\n"},
			source: "../nowhere",
			errIs:  fs.ErrNotExist,
		},
		{
			name:   "empty directory",
			files:  map[string]string{"a/main.crn": "let m = use { source = '../empty' }\n", "empty/README": "no crn here\n"},
			source: "../empty",
			check: func(t *testing.T, imp *Import) {
				if imp.Config == nil || len(imp.Config.Files) != 0 || imp.Config.IsModule {
					t.Errorf("Config = %+v, want an empty configuration that is not a module", imp.Config)
				}
			},
		},
		{
			name:    "a single file is not a module directory",
			files:   map[string]string{"a/main.crn": "let m = use { source = '../single.crn' }\n", "single.crn": "arguments {\n  x: String\n}\n"},
			source:  "../single.crn",
			errText: "single.crn",
			errIs:   ErrNotDirectory,
		},
		{
			name:   "interpolated source",
			files:  map[string]string{"a/main.crn": "let dir = 'x'\nlet m = use { source = \"../${dir}\" }\n", "x/m.crn": "arguments {\n  a: String\n}\n"},
			source: "../x",
			check: func(t *testing.T, imp *Import) {
				if imp.Config == nil || !imp.Config.IsModule {
					t.Errorf("Config = %v, want ../x loaded as a module", imp.Config)
				}
			},
		},
		{
			name:   "source held by a let",
			files:  map[string]string{"a/main.crn": "let root = '..'\nlet dir = \"${root}/nowhere\"\nlet m = use { source = dir }\n"},
			source: "../nowhere",
			errIs:  fs.ErrNotExist,
		},
		{
			name:    "source not known while parsing",
			files:   map[string]string{"a/main.crn": "arguments {\n  dir: String\n}\nlet m = use { source = dir }\n"},
			source:  "",
			errText: "use has no string literal source",
		},
		{
			name:    "missing source",
			files:   map[string]string{"a/main.crn": "let m = use {}\n"},
			source:  "",
			errText: "use has no string literal source",
		},
		{
			name:   "absolute source",
			files:  map[string]string{"a/main.crn": "let m = use { source = '" + filepath.ToSlash(abs) + "' }\n"},
			source: filepath.ToSlash(abs),
			check: func(t *testing.T, imp *Import) {
				if imp.Dir != abs || imp.Config == nil || !imp.Config.IsModule {
					t.Errorf("Dir = %q, Config = %v; want %q loaded as a module", imp.Dir, imp.Config, abs)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tt.files)
			c, err := New(OSFS{}).Config(context.Background(), filepath.Join(root, "a"))
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Modules) != 1 {
				t.Fatalf("Modules = %v, want one", keys(c.Modules))
			}
			var imp *Import
			for _, m := range c.Modules {
				imp = m
			}
			if imp.Source != tt.source {
				t.Errorf("Source = %q, want %q", imp.Source, tt.source)
			}
			switch {
			case tt.errIs != nil:
				if !errors.Is(imp.Err, tt.errIs) {
					t.Errorf("Err = %v, want %v", imp.Err, tt.errIs)
				}
			case tt.errText != "":
				if imp.Err == nil || !strings.Contains(imp.Err.Error(), tt.errText) {
					t.Errorf("Err = %v, want it to contain %q", imp.Err, tt.errText)
				}
			default:
				if imp.Err != nil {
					t.Errorf("Err = %v, want nil", imp.Err)
				}
			}
			if (imp.Err == nil) != (imp.Config != nil) {
				t.Errorf("Err = %v with Config = %v: exactly one must be set", imp.Err, imp.Config)
			}
			if tt.check != nil {
				tt.check(t, imp)
			}
		})
	}
}

// A configuration is rebuilt when a module it uses changes, including a module directory that
// did not exist when the configuration was first built.
func TestModuleChangesInvalidateCaller(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"app/main.crn":     "let net = use { source = '../net' }\nlet later = use { source = '../later' }\n",
		"net/args.crn":     "arguments {\n  a: String\n}\n",
		"unrelated/x.crn":  "let x = 1\n",
		"net/unrelated.md": "",
	})
	ws := New(OSFS{})
	ctx := context.Background()
	app := filepath.Join(root, "app")
	c1, err := ws.Config(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	if c1.Modules["later"].Err == nil {
		t.Fatalf("later: want an error before the directory exists")
	}

	ws.Changed(filepath.Join(root, "unrelated", "x.crn"))
	if c, _ := ws.Config(ctx, app); c != c1 {
		t.Errorf("a change in an unrelated directory rebuilt the configuration")
	}

	writeTree(t, root, map[string]string{"net/args.crn": "arguments {\n  a: String\n  b: String\n}\n"})
	ws.Changed(filepath.Join(root, "net", "args.crn"))
	c2, err := ws.Config(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	if c2 == c1 {
		t.Fatal("a change in the module did not rebuild its caller")
	}
	if got := bindingNames(c2.Modules["net"].Config); !cmp.Equal(got, []string{"a", "b"}) {
		t.Errorf("module bindings after the change = %v, want [a b]", got)
	}

	writeTree(t, root, map[string]string{"later/args.crn": "arguments {\n  z: String\n}\n"})
	ws.Changed(filepath.Join(root, "later", "args.crn"))
	c3, err := ws.Config(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	if imp := c3.Modules["later"]; imp.Err != nil || imp.Config == nil || !imp.Config.IsModule {
		t.Errorf("after creating the module directory: Err = %v, Config = %v", imp.Err, imp.Config)
	}
}

// A module whose directory is removed goes back to an error.
func TestModuleRemoved(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"app/main.crn": "let net = use { source = '../net' }\n",
		"net/args.crn": "arguments {\n  a: String\n}\n",
	})
	ws := New(OSFS{})
	ctx := context.Background()
	app := filepath.Join(root, "app")
	if c, err := ws.Config(ctx, app); err != nil || c.Modules["net"].Err != nil {
		t.Fatalf("Config = %v, %v", c, err)
	}
	if err := os.RemoveAll(filepath.Join(root, "net")); err != nil {
		t.Fatal(err)
	}
	ws.Changed(filepath.Join(root, "net", "args.crn"))
	c, err := ws.Config(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	if imp := c.Modules["net"]; !errors.Is(imp.Err, fs.ErrNotExist) || imp.Config != nil {
		t.Errorf("after removing the module: Err = %v, Config = %v; want a not-exist error", imp.Err, imp.Config)
	}
}

// Where a circular import is cut depends on where loading starts: b loaded from a has its import
// of a cut, but b loaded by itself imports a. A build is reused only where its cuts are above
// the caller too.
func TestCircularImportCutWhereLoadingStarts(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a/main.crn": "let b = use { source = '../b' }\n",
		"b/main.crn": "let a = use { source = '../a' }\n",
	})
	ws := New(OSFS{})
	a, err := ws.Config(context.Background(), filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if inner := a.Modules["b"].Config.Modules["a"]; inner.Config != nil || !errors.Is(inner.Err, ErrCircularImport) {
		t.Fatalf("a → b → a = %+v, want a circular import", inner)
	}
	b, err := ws.Config(context.Background(), filepath.Join(root, "b"))
	if err != nil {
		t.Fatal(err)
	}
	if imp := b.Modules["a"]; imp.Config == nil {
		t.Fatalf("b's import of a = %v, want a loaded (the cycle is cut further down)", imp.Err)
	}
	again, err := ws.Config(context.Background(), filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if again.Modules["b"].Config == nil {
		t.Errorf("a's import of b did not load the second time")
	}
}
