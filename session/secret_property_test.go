package session

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"

	"github.com/carina-rs/carina-lsp/hover"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/state"
)

// secretCase is one random configuration with secrets and its state file: what it writes, and
// every secret's text and stored hash, none of which any output may hold.
type secretCase struct {
	files  map[string]string
	hidden []string
	rng    *rand.Rand
	n      int
	rows   []map[string]any
}

// text returns a new secret's text, remembered as hidden.
func (c *secretCase) text() string {
	c.n++
	s := fmt.Sprintf("s3kr1t-%d-%04d", c.n, c.rng.IntN(10000))
	c.hidden = append(c.hidden, s)
	return s
}

// stored returns what the state holds for a configured secret s of an attribute salted salt: its
// hash as Carina computes it (unchanged), another value's hash (changed), the text a provider
// read back (plain, changed or not), or nothing. write says the attribute is write-only.
func (c *secretCase) stored(s, salt string) (v any, write bool, ok bool) {
	hash := func(plain string) string {
		h := hex.EncodeToString(argon2.IDKey([]byte(plain), []byte(salt), 2, 19*1024, 1, 32))
		c.hidden = append(c.hidden, h)
		return state.SecretPrefix + h
	}
	switch c.rng.IntN(6) {
	case 0:
		return hash(`"` + s + `"`), false, true
	case 1:
		return hash(`"` + c.text() + `"`), false, true
	case 2:
		return s, false, true
	case 3:
		return c.text(), false, true
	case 4:
		return c.text(), true, true // stored from the configuration, never read back
	}
	return nil, false, false
}

// row adds a state row.
func (c *secretCase) row(typ, identity string, attrs map[string]any, writeOnly []string) {
	children := map[string]any{}
	for k := range attrs {
		children[k] = map[string]any{"kind": "leaf"}
	}
	r := map[string]any{"resource_type": typ, "identity": identity, "provider": "awscc", "identifier": "id-" + identity,
		"attributes": attrs, "explicit": map[string]any{"kind": "struct", "children": children}}
	if !strings.Contains(identity, ".") {
		r["binding"] = identity
	}
	if len(writeOnly) > 0 {
		r["write_only_attributes"] = writeOnly
	}
	c.rows = append(c.rows, r)
}

// newSecretCase draws a configuration: a top-level secret (rds.DBInstance), one in a map
// (ec2.Vpc's tags, beside a reference to a write-only attribute of the state), ones in a list of
// maps (ec2.SecurityGroup's ingress rules), one passed to a module as its argument, one
// exported, and a state row the configuration no longer has, holding a hash and write-only text.
func newSecretCase(seed uint64) *secretCase {
	c := &secretCase{files: map[string]string{}, rng: rand.New(rand.NewPCG(seed, 7))}
	var src strings.Builder
	src.WriteString("provider awscc {\n  region = awscc.Region.ap_northeast_1\n}\n\n")

	pw := c.text()
	fmt.Fprintf(&src, "let db = awscc.rds.DBInstance {\n  db_instance_identifier = 'db'\n  master_user_password = secret('%s')\n}\n\n", pw)
	attrs := map[string]any{"db_instance_identifier": "db", "other_password": c.text()}
	writeOnly := []string{"other_password"}
	if v, w, ok := c.stored(pw, "carina:awscc.rds.DBInstance:db:master_user_password"); ok {
		attrs["master_user_password"] = v
		if w {
			writeOnly = append(writeOnly, "master_user_password")
		}
	}
	c.row("rds.DBInstance", "db", attrs, writeOnly)

	tok := c.text()
	ref := ""
	if c.rng.IntN(2) == 0 {
		ref = ", Copy = db.other_password"
	}
	fmt.Fprintf(&src, "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  tags = { Name = 'v', Token = secret('%s')%s }\n}\n\n", tok, ref)
	tags := map[string]any{"Name": "v"}
	if v, _, ok := c.stored(tok, "carina:awscc.ec2.Vpc:vpc:tags"); ok {
		tags["Token"] = v
	}
	if c.rng.IntN(2) == 0 {
		// A tag the configuration no longer writes, stored as a hash: its removal shows it masked.
		tags["Old"] = state.SecretPrefix + strings.Repeat("cd", 32)
		c.hidden = append(c.hidden, strings.Repeat("cd", 32))
	}
	c.row("ec2.Vpc", "vpc", map[string]any{"cidr_block": "10.0.0.0/16", "tags": tags}, nil)

	var rules, stored []string
	var storedRules []any
	for i := range 1 + c.rng.IntN(3) {
		d := c.text()
		rules = append(rules, fmt.Sprintf("{ ip_protocol = 'tcp', from_port = %d, to_port = %d, cidr_ip = '0.0.0.0/0', description = secret('%s') }", i, i, d))
		if v, _, ok := c.stored(d, "carina:awscc.ec2.SecurityGroup:sg:security_group_ingress"); ok && c.rng.IntN(4) > 0 {
			storedRules = append(storedRules, map[string]any{"ip_protocol": "tcp", "from_port": i, "to_port": i, "cidr_ip": "0.0.0.0/0", "description": v})
			stored = append(stored, d)
		}
	}
	fmt.Fprintf(&src, "let sg = awscc.ec2.SecurityGroup {\n  group_description = 'g'\n  security_group_ingress = [\n    %s\n  ]\n}\n\n", strings.Join(rules, ",\n    "))
	c.row("ec2.SecurityGroup", "sg", map[string]any{"group_description": "g", "security_group_ingress": storedRules}, nil)

	arg := c.text()
	fmt.Fprintf(&src, "let kit = use {\n  source = './kit'\n}\n\nlet team = kit {\n  owner = 'ops'\n  key   = secret('%s')\n}\n\n", arg)
	c.files[filepath.Join("kit", "main.crn")] = "arguments {\n  owner: String\n  key:   String\n}\n\nlet bucket = awscc.s3.Bucket {\n  bucket_name = 'kit-${owner}'\n  tags = { Owner = owner, Key = key }\n}\n"
	btags := map[string]any{"Owner": "ops"}
	if v, _, ok := c.stored(arg, "carina:awscc.s3.Bucket:team.bucket:tags"); ok {
		btags["Key"] = v
	}
	c.row("s3.Bucket", "team.bucket", map[string]any{"bucket_name": "kit-ops", "tags": btags}, nil)

	if c.rng.IntN(2) == 0 {
		fmt.Fprintf(&src, "exports {\n  token = secret('%s')\n}\n\n", c.text())
	}
	c.row("secretsmanager.Secret", "gone", map[string]any{"name": "gone", "secret_string": state.SecretPrefix + strings.Repeat("ab", 32), "kms_key_id": c.text()}, []string{"kms_key_id"})
	c.hidden = append(c.hidden, strings.Repeat("ab", 32))

	c.files["main.crn"] = src.String()
	b, _ := json.Marshal(map[string]any{"version": state.Current, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": c.rows})
	c.files[state.DefaultFile] = string(b)
	return c
}

// TestSecretsReachNoOutput: for random configurations with secrets (top level, in a map, in a
// list of maps, a module's argument, an export) against state files holding their hashes, other
// hashes, the texts a provider read back and write-only attributes, no secret's text or stored
// hash reaches any output: the plan's display in every detail, its JSON (with the elements of
// changed lists) and Markdown, each resource's code-lens headline and hover card, and the
// diagnostics (messages, related notes, fix titles). The plan must show secrets as (secret),
// and plan both updates and no changes of a secret: otherwise the test checks nothing.
func TestSecretsReachNoOutput(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
	}
	ctx := context.Background()
	ops := map[bool]int{} // whether the database's secret changed, by case
	for seed := range uint64(n) {
		c := newSecretCase(seed)
		dir := t.TempDir()
		for name, text := range c.files {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s := New(Options{})
		found, err := s.Findings(ctx, dir, Check{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		for _, d := range found.Diags {
			out.WriteString(d.Message + "\n")
			for _, r := range d.Related {
				out.WriteString(r.Message + "\n")
			}
			for _, f := range d.Fixes {
				out.WriteString(f.Title + "\n")
			}
		}
		pd := s.Plan(ctx, found.Config, found.Schemas)
		if pd.Plan == nil {
			t.Fatalf("seed %d: no plan: %v", seed, pd.Err)
		}
		p := pd.Plan
		for _, o := range []plan.Options{{}, {DeleteAttributes: true, Exports: true}, {Compact: true}, {Explicit: true, DeleteAttributes: true}} {
			if err := plan.Write(&out, p, o); err != nil {
				t.Fatal(err)
			}
		}
		if err := plan.WriteJSON(&out, p); err != nil {
			t.Fatal(err)
		}
		if err := plan.WriteMarkdown(&out, p); err != nil {
			t.Fatal(err)
		}
		for _, r := range p.Resources {
			out.WriteString(r.Headline() + "\n" + hover.Applied(r) + "\n")
			if r.Identity == "db" {
				_, changed := change(r, "master_user_password")
				ops[changed]++
			}
		}
		for _, e := range p.Errors {
			out.WriteString(e.Message + "\n")
		}
		for _, u := range p.Unsupported {
			out.WriteString(u.Message + "\n")
		}
		text := out.String()
		for _, h := range c.hidden {
			if i := strings.Index(text, h); i >= 0 {
				t.Errorf("seed %d: %q is shown: %q\nconfiguration:\n%s", seed, h, text[max(0, i-300):min(len(text), i+100)], c.files["main.crn"])
			}
		}
		if !strings.Contains(text, "(secret)") {
			t.Errorf("seed %d: no (secret) shown: the plan shows none of the secrets:\n%s", seed, text)
		}
	}
	if ops[true] == 0 || ops[false] == 0 {
		t.Errorf("the database's secret changed in %d cases, not in %d; want both", ops[true], ops[false])
	}
}

// change returns a resource's change of an attribute.
func change(r *plan.Resource, name string) (plan.Change, bool) {
	for _, ch := range r.Changes {
		if ch.Name == name {
			return ch, true
		}
	}
	return plan.Change{}, false
}
