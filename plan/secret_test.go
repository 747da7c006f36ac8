package plan

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
	"github.com/google/go-cmp/cmp"
)

// TestArgonMatchesReference holds argonHex to the Argon2 reference implementation (the C
// library libargon2, argon2id_hash_raw with Carina's parameters: t=2, m=19456 KiB, p=1, 32
// bytes), which computed each want independently of this package.
func TestArgonMatchesReference(t *testing.T) {
	tests := []struct{ plain, salt, want string }{
		// The plan-display fixture secret_values: its VPC's Password tag.
		{`"my-secret-password"`, "carina:awscc.ec2.Vpc:ec2_vpc_fb75c929:tags", "4d0956218ce6a08ff2753ac08eeaa23b2df44f539ca6002edc6f420197f56f2e"},
		{`"hunter2"`, "carina:awscc.rds.DbInstance:db:master_password", "b86ebc9cb83a7141a06599bed9110f6565616670ea4a2614247b1969458407fc"},
		{`"x"`, "carina-secret-v1", "ab340f963972d9371aa8121858157d694d2e90b229c5330278a25dfd1efd9e1e"},
		{`42`, "carina:awscc.ec2.Vpc:v:n", "4bb1095e88c4d5185951d5314b4020c26af1c9e5ab89ac5e8d5cd5d288690fad"},
		{`{"a":1,"b":["x\n",true]}`, "carina-secret-v1", "c541dbf5005777a566f170056e4c8140a30f26b2d6de98ae075aa7522bc79b77"},
		{"\"é\u2028\"", "carina-secret-v1", "9e07000c03ff7d19b0bdeb8d20b16e9a9efb337539a01c41b9a1e886d2214a28"},
	}
	for _, tt := range tests {
		if got := argonHex(tt.plain, tt.salt); got != tt.want {
			t.Errorf("argonHex(%s, %s) = %s, want %s", tt.plain, tt.salt, got, tt.want)
		}
	}
}

// TestSecretPlain: a secret's value is serialized as serde_json writes it (compact, keys
// sorted, only JSON's required escapes); a value whose form is not reproduced is not known.
func TestSecretPlain(t *testing.T) {
	str := func(s string) types.Value { return types.Value{Shape: types.Str, Text: s} }
	tests := []struct {
		name string
		in   types.Value
		want string
		ok   bool
	}{
		{"string", str("my-secret"), `"my-secret"`, true},
		{"escapes", str("a\"b\\c\n\x01<&>\u2028é"), "\"a\\\"b\\\\c\\n\\u0001<&>\u2028é\"", true},
		{"int", types.Value{Shape: types.IntVal, Int: -7}, `-7`, true},
		{"bool", types.Value{Shape: types.BoolVal, Bool: true}, `true`, true},
		{"map sorted", types.Value{Shape: types.MapVal, Keys: []string{"b", "a"}, Elems: []types.Value{str("x"), {Shape: types.ListVal, Elems: []types.Value{str("y"), {Shape: types.IntVal, Int: 1}}}}}, `{"a":["y",1],"b":"x"}`, true},
		{"float", types.Value{Shape: types.FloatVal, Float: 1.5}, "", false},
		{"reference", types.Value{Shape: types.Ref, Text: "vpc"}, "", false},
		{"a list holding a reference", types.Value{Shape: types.ListVal, Elems: []types.Value{str("a"), {Shape: types.Ref, Text: "vpc"}}}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := secretPlain(tt.in)
			if diff := cmp.Diff(struct {
				S  string
				OK bool
			}{tt.want, tt.ok}, struct {
				S  string
				OK bool
			}{got, ok}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// planSource plans one file's source against a state file's text.
func planSource(t *testing.T, parser *grammar.Parser, src, stateJSON string, m *Memo) *Plan {
	t.Helper()
	st, err := state.Read("carina.state.json", []byte(stateJSON))
	if err != nil {
		t.Fatal(err)
	}
	var sources schema.Sources
	f := &workspace.File{Path: filepath.Join("/cfg", "main.crn"), AST: parser.Parse(src), Lines: source.NewLines(src)}
	cfg := workspace.Build("/cfg", []*workspace.File{f})
	idx, err := sources.ForConfig(cfg.Pins())
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}, State: st, Memo: m})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// secretState stores the secret_string of awscc.secretsmanager.Secret s and the tags of
// awscc.ec2.Vpc vpc, both hashes of "s3cret" (from libargon2, as above), and a Vpc tag stored as
// a provider read it back (plain text).
const secretState = `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [
{"resource_type": "secretsmanager.Secret", "identity": "s", "provider": "awscc", "identifier": "arn-1", "binding": "s", "attributes": {"name": "app", "secret_string": "_secret:argon2:8563a59fca71eba42b414c8f36bb6e313cd4ec9c1a772a27beab947b4f5aa0c0"}},
{"resource_type": "ec2.Vpc", "identity": "vpc", "provider": "awscc", "identifier": "vpc-1", "binding": "vpc", "attributes": {"cidr_block": "10.0.0.0/16", "tags": {"Token": "_secret:argon2:c88eda42e2f00921179f25eb258d20d2b20cf69540128ab2cf7d513783823238", "Read": "plain"}}}
]}`

// secretConfig writes the secrets of secretState with the values given.
func secretConfig(top, tag, read string) string {
	return `let s = awscc.secretsmanager.Secret {
  name = 'app'
  secret_string = secret('` + top + `')
}

let vpc = awscc.ec2.Vpc {
  cidr_block = '10.0.0.0/16'
  tags = {
    Token = secret('` + tag + `')
    Read = secret('` + read + `')
  }
}
`
}

// TestSecretComparedWithStoredHash: a configured secret is unchanged when its hash is the
// stored one (or, stored plain, its text is), an update printed (secret) → (secret) when not;
// at top level and nested in a map.
func TestSecretComparedWithStoredHash(t *testing.T) {
	tests := []struct {
		name           string
		top, tag, read string
		want           map[string]Op
		wantLines      []string
	}{
		{"unchanged", "s3cret", "s3cret", "plain", map[string]Op{"s": NoChange, "vpc": NoChange}, nil},
		{"top level changed", "other", "s3cret", "plain", map[string]Op{"s": Update, "vpc": NoChange}, []string{"  secret_string: (secret) → (secret)"}},
		{"nested changed", "s3cret", "s3cret!", "plain", map[string]Op{"s": NoChange, "vpc": Update}, []string{"~ Token: (secret) → (secret)"}},
		{"stored plain changed", "s3cret", "s3cret", "plain2", map[string]Op{"s": NoChange, "vpc": Update}, []string{"~ Read: (secret) → (secret)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planSource(t, grammar.NewParser(), secretConfig(tt.top, tt.tag, tt.read), secretState, nil)
			got := map[string]Op{}
			for _, r := range p.Resources {
				got[r.Identity] = r.Op
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("operations (-want +got):\n%s", diff)
			}
			var b bytes.Buffer
			if err := Write(&b, p, Options{}); err != nil {
				t.Fatal(err)
			}
			for _, l := range tt.wantLines {
				if !strings.Contains(b.String(), l) {
					t.Errorf("display lacks %q:\n%s", l, b.String())
				}
			}
		})
	}
}

// TestSecretHashedOncePerValue: with a memo, as the server plans, a secret is hashed once per
// (salt, stored hash, value): planning again, displaying, or after an edit elsewhere hashes
// nothing; an edit of the secret hashes the new value once, and its old value not again.
func TestSecretHashedOncePerValue(t *testing.T) {
	parser := grammar.NewParser()
	memo := NewMemo()
	steps := []struct {
		name       string
		src        string
		wantHashed int // in all, since the first step
	}{
		{"first plan", secretConfig("s3cret", "s3cret", "plain"), 2},
		{"again", secretConfig("s3cret", "s3cret", "plain"), 2},
		{"an edit elsewhere", strings.Replace(secretConfig("s3cret", "s3cret", "plain"), "'app'", "'app2'", 1), 2},
		{"a secret in a map edited", secretConfig("s3cret", "s3cret2", "plain"), 3},
		{"again: the update's diff kept, its display from the cache", secretConfig("s3cret", "s3cret2", "plain"), 3},
		{"edited back", secretConfig("s3cret", "s3cret", "plain"), 3},
		{"a secret's statement edited elsewhere: its diff redone, from the cache", strings.Replace(secretConfig("s3cret", "s3cret", "plain"), "awscc.ec2.Vpc {", "awscc.ec2.Vpc {\n  instance_tenancy = 'default'", 1), 3},
	}
	for _, st := range steps {
		p := planSource(t, parser, st.src, secretState, memo)
		var b bytes.Buffer
		if err := Write(&b, p, Options{}); err != nil { // the display compares again: from the cache
			t.Fatal(err)
		}
		if got := memo.secrets.hashed; got != st.wantHashed {
			t.Errorf("%s: %d hashes in all, want %d", st.name, got, st.wantHashed)
		}
	}
}

// TestWriteOnlyReadThroughReference: a reference to a stored write-only attribute reads its
// text (a change is still seen) but displays it as (secret), alone or inside an interpolation,
// in every output form.
func TestWriteOnlyReadThroughReference(t *testing.T) {
	const st = `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [
{"resource_type": "rds.DBInstance", "identity": "db", "provider": "awscc", "identifier": "db", "binding": "db", "attributes": {"db_instance_identifier": "db", "other_password": "hunter2-wo"}, "write_only_attributes": ["other_password"]},
{"resource_type": "ec2.Vpc", "identity": "vpc", "provider": "awscc", "identifier": "vpc-1", "binding": "vpc", "attributes": {"cidr_block": "10.0.0.0/16", "tags": {"Copy": "old", "Name": "old"}}}
]}`
	const src = `let db = awscc.rds.DBInstance {
  db_instance_identifier = 'db'
}

let vpc = awscc.ec2.Vpc {
  cidr_block = '10.0.0.0/16'
  tags = { Copy = db.other_password, Name = "x-${db.other_password}" }
}
`
	p := planSource(t, grammar.NewParser(), src, st, nil)
	var b bytes.Buffer
	for _, o := range []Options{{}, {DeleteAttributes: true, Exports: true}, {Compact: true}, {Explicit: true}} {
		if err := Write(&b, p, o); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteJSON(&b, p); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&b, p); err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Resources {
		b.WriteString(r.Headline() + "\n")
	}
	out := b.String()
	for _, want := range []string{"~ Copy: \"old\" → (secret)", "~ Name: \"old\" → (secret)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "hunter2") {
		t.Errorf("the write-only text is shown:\n%s", out)
	}
}
