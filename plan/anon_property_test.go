package plan

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

var _ AnonymousSchemas = movedWidget{}

// anonConfig is a random configuration of anonymous awscc resources whose names Carina's
// inputs all hold exactly: create-only strings and numbers, a reference, an availability
// zone, tags (a SimHash name), a name prefix, with or without a region, from one provider
// block or several, a named instance among them, a resource routed to it. prefixed says
// whether a resource has a name prefix.
func anonConfig(rng *rand.Rand) (src string, prefixed bool) {
	var b strings.Builder
	const ap, us = "provider awscc {\n  region = awscc.Region.ap_northeast_1\n}\n", "provider awscc {\n  region = 'us-east-1'\n}\n"
	const named = "let us = provider awscc {\n  region = 'us-east-1'\n}\n"
	routed := false
	switch rng.Intn(6) {
	case 0:
		b.WriteString(ap)
	case 1:
		b.WriteString(us)
	case 2:
		b.WriteString(us + ap)
	case 3:
		b.WriteString(named + ap)
		routed = true
	case 4:
		b.WriteString(named)
		routed = true
	}
	b.WriteString("let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n")
	for i, n := range rng.Perm(200)[:1+rng.Intn(6)] {
		if routed && rng.Intn(2) == 0 {
			fmt.Fprintf(&b, "awscc.ec2.Vpc {\n  cidr_block = '10.%d.0.0/16'\n  directives {\n    provider = us\n  }\n}\n", n+1)
			continue
		}
		if rng.Intn(8) == 0 {
			fmt.Fprintf(&b, "awscc.logs.LogGroup {\n  log_group_name_prefix = 'lg-%d-'\n}\n", n)
			prefixed = true
			continue
		}
		switch rng.Intn(4) {
		case 0:
			fmt.Fprintf(&b, "awscc.ec2.Vpc {\n  cidr_block = '10.%d.0.0/16'\n  tags = { Name = 'v%d' }\n}\n", n+1, i)
		case 1:
			fmt.Fprintf(&b, "awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = '10.0.%d.0/24'\n  availability_zone = 'ap-northeast-1%c'\n}\n", n, 'a'+rune(rng.Intn(3)))
		case 2:
			fmt.Fprintf(&b, "awscc.ec2.InternetGateway {\n  tags = {\n    Name = 'igw-%d'\n    Env = '%s'\n  }\n}\n", n, []string{"dev", "prod"}[rng.Intn(2)])
		case 3:
			fmt.Fprintf(&b, "awscc.logs.LogGroup {\n  log_group_name = 'lg-%d'\n  retention_in_days = %d\n}\n", n, []int{1, 7, 30}[rng.Intn(3)])
		}
	}
	return b.String(), prefixed
}

// planSrc plans a one-file configuration against a state file's text ("" for none).
func planSrc(t *testing.T, src, stateJSON string) (*Plan, Schemas) {
	t.Helper()
	dir := "/cfg"
	f := &workspace.File{Path: filepath.Join(dir, "main.crn"), AST: grammar.NewParser().Parse(src), Lines: source.NewLines(src)}
	cfg := workspace.Build(dir, []*workspace.File{f})
	var sources schema.Sources
	idx, err := sources.ForConfig(cfg.Pins())
	if err != nil {
		t.Fatal(err)
	}
	var st *state.File
	if stateJSON != "" {
		if st, err = state.Read("carina.state.json", []byte(stateJSON)); err != nil {
			t.Fatal(err)
		}
	}
	sch := IndexSchemas{idx}
	p, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: sch, State: st})
	if err != nil {
		t.Fatal(err)
	}
	return p, sch
}

// renameRows gives every stored row of an anonymous resource the name an older Carina gave it
// (without the provider segment), as a state written before the provider prefix has.
func renameRows(src string) string {
	var doc map[string]any
	if err := json.Unmarshal([]byte(src), &doc); err != nil {
		panic(err)
	}
	for _, r := range doc["resources"].([]any) {
		row := r.(map[string]any)
		if row["binding"] == nil {
			row["identity"] = strings.TrimPrefix(row["identity"].(string), "awscc_")
		}
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

// typedEnums stores every enum attribute's value as Carina stores a canonical enum: a typed
// object with the API value (value_to_json), which its reconciliation compares as an enum.
func typedEnums(src string, sch AnonymousSchemas) string {
	var doc map[string]any
	if err := json.Unmarshal([]byte(src), &doc); err != nil {
		panic(err)
	}
	for _, r := range doc["resources"].([]any) {
		row := r.(map[string]any)
		typ := row["provider"].(string) + "." + row["resource_type"].(string)
		for k, v := range row["attributes"].(map[string]any) {
			if s, ok := v.(string); ok && sch.HashForm(typ, k) == FormEnum {
				row["attributes"].(map[string]any)[k] = map[string]any{"Enum": map[string]any{
					"identity": map[string]any{"provider": "aws", "segments": []string{}, "kind": k}, "api_value": s}}
			}
		}
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

// TestAnonymousAppliedPlansNoChanges: anonymous awscc resources applied under the names Carina
// gives them plan no changes; under older names, each is paired with its own row (by its
// create-only values, or by its SimHash name), and still plans no changes.
func TestAnonymousAppliedPlansNoChanges(t *testing.T) {
	rng := rand.New(rand.NewSource(36))
	checked := 0
	for range 200 {
		src, prefixed := anonConfig(rng)
		p, sch := planSrc(t, src, "")
		names := map[string]bool{}
		for _, r := range p.Resources {
			if r.Unresolved {
				t.Fatalf("%s: an anonymous %s left unnamed", src, r.Type)
			}
			names[r.Identity] = true
		}
		if len(names) < len(p.Resources) {
			continue // two resources of one name: Carina refuses the configuration
		}
		stored, ok := applied(p, sch)
		if !ok {
			t.Fatalf("%s: not applied", src)
		}
		stored = typedEnums(stored, sch.(AnonymousSchemas))
		for _, tt := range []struct {
			name  string
			state string
		}{{"own names", stored}, {"older names", renameRows(stored)}} {
			if tt.name == "older names" && prefixed {
				// Carina compares the name it generated, random, with the row's: a row under
				// another name is not paired by its create-only values.
				continue
			}
			q, _ := planSrc(t, src, tt.state)
			if len(q.Resources) != len(p.Resources) {
				t.Errorf("%s against %s: %d resources planned, want %d", src, tt.name, len(q.Resources), len(p.Resources))
				continue
			}
			for i, r := range q.Resources {
				want := p.Resources[i].Identity
				if tt.name == "older names" && r.Binding == "" {
					if _, simhash := simhashSuffix(want); !simhash {
						want = strings.TrimPrefix(want, "awscc_") // Carina keeps the row's name
					}
				}
				if r.Op != NoChange || r.Identity != want {
					t.Errorf("%s against %s: %s %s, want no-op %s (%+v)", src, tt.name, r.Op, r.Identity, want, r.Changes)
				}
			}
		}
		checked++
	}
	t.Logf("%d configurations applied and re-planned under their own names and older ones", checked)
	if checked < 150 {
		t.Errorf("only %d configurations checked", checked)
	}
}
