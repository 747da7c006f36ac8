package plan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// awsRow is a state row of the aws provider.
func awsRow(typ, identity, attrs string) string {
	return fmt.Sprintf(`{"resource_type": %q, "identity": %q, "provider": "aws", "identifier": "id-%s", "binding": %q, "attributes": %s}`, typ, identity, identity, identity, attrs)
}

func awsState(rows ...string) string {
	return `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [` + strings.Join(rows, ",") + `]}`
}

// TestWaits holds Carina's rules of when a wait is in the plan (differ/plan.rs): only when a
// resource reading its binding changes (carina#3101), and then not when the target is unchanged
// and its stored values already satisfy the predicate (carina#3358).
func TestWaits(t *testing.T) {
	const cert = `provider aws {
  region = 'us-east-1'
}

let cert = aws.acm.Certificate {
  domain_name = 'example.com'
  validation_method = 'DNS'
}

let cert_issued = wait cert {
  until = cert.status == aws.acm.Certificate.Status.issued
  timeout = 75min
}
`
	const dist = `
let zone = aws.route53.HostedZone {
  name = cert_issued.domain_name
}
`
	const after = `
let zone = aws.route53.HostedZone {
  name = 'example.com'
  directives {
    depends_on = [cert_issued]
  }
}
`
	certRow := func(status string) string {
		return awsRow("acm.Certificate", "cert", `{"domain_name": "example.com", "validation_method": "DNS", "status": "`+status+`"}`)
	}
	zoneRow := awsRow("route53.HostedZone", "zone", `{"name": "example.com"}`)
	tests := []struct {
		name, src, state string
		want             []string
	}{
		{"nothing reads it", cert, "", []string{"create cert"}},
		{"a consumer is created", cert + dist, "", []string{"create cert", "create zone", "wait cert_issued"}},
		{"a consumer after it by depends_on", cert + after, "", []string{"create cert", "create zone", "wait cert_issued"}},
		{"every consumer unchanged", cert + dist, awsState(certRow("PENDING_VALIDATION"), zoneRow), []string{"no-op cert", "no-op zone"}},
		{"target satisfied and unchanged", cert + dist, awsState(certRow("ISSUED")), []string{"no-op cert", "create zone"}},
		{"target stored but not satisfied", cert + dist, awsState(certRow("PENDING_VALIDATION")), []string{"no-op cert", "create zone", "wait cert_issued"}},
		{"target changing though satisfied", strings.Replace(cert+dist, "'DNS'", "'EMAIL'", 1), awsState(certRow("ISSUED")),
			[]string{"replace cert validation_method!", "create zone", "wait cert_issued"}},
		{"target stored without the attribute", cert + dist, awsState(awsRow("acm.Certificate", "cert", `{"domain_name": "example.com", "validation_method": "DNS"}`)),
			[]string{"no-op cert", "create zone", "wait cert_issued"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planOf(t, tt.src, tt.state)
			if diff := cmp.Diff(tt.want, opsOf(p)); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
			if len(p.Unsupported) > 0 {
				t.Errorf("unsupported: %v", p.Unsupported)
			}
		})
	}
}

// TestWaitDisplay holds the wait's place in Carina's tree view: under its target, the resources
// reading it under it, and its own count in the summary line.
func TestWaitDisplay(t *testing.T) {
	src := `provider aws {
  region = 'us-east-1'
}

let cert = aws.acm.Certificate {
  domain_name = 'example.com'
  validation_method = 'DNS'
}

let cert_issued = wait cert {
  until = cert.status   ==   aws.acm.Certificate.Status.issued
}

let zone = aws.route53.HostedZone {
  name = cert_issued.domain_name
}
`
	var buf bytes.Buffer
	if err := Write(&buf, planOf(t, src, ""), Options{}); err != nil {
		t.Fatal(err)
	}
	want := `Execution Plan:

  + aws.acm.Certificate cert
      domain_name: "example.com"
      validation_method: "DNS"
        │
        └─ > cert_issued (until cert.status   ==   aws.acm.Certificate.Status.issued)
              └─ + aws.route53.HostedZone zone
                    name: "example.com"

Plan: 2 to add, 0 to change, 0 to destroy, 1 to wait.

`
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("display (-want +got):\n%s", diff)
	}
}

// TestWaitDependents holds that what reads a wait follows its target's replacement, and that
// the wait itself is not named as a dependent.
func TestWaitDependents(t *testing.T) {
	src := `provider aws {
  region = 'us-east-1'
}

let cert = aws.acm.Certificate {
  domain_name = 'example.org'
  validation_method = 'DNS'
}

let cert_issued = wait cert {
  until = cert.status == aws.acm.Certificate.Status.issued
}

let zone = aws.route53.HostedZone {
  name = cert_issued.domain_name
}
`
	st := awsState(awsRow("acm.Certificate", "cert", `{"domain_name": "example.com", "validation_method": "DNS", "status": "ISSUED"}`),
		awsRow("route53.HostedZone", "zone", `{"name": "example.com"}`))
	p := planOf(t, src, st)
	if diff := cmp.Diff([]string{"replace cert domain_name!", "update zone name", "wait cert_issued"}, opsOf(p)); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"zone"}, p.Dependents()("cert")); diff != "" {
		t.Errorf("dependents of cert (-want +got):\n%s", diff)
	}
}

// TestModuleWaits: a wait inside a module is lowered per instance, its binding and target named
// as the instance names them, its predicate kept as written, by the same rules as the root's.
func TestModuleWaits(t *testing.T) {
	module := map[string]string{
		"mod/main.crn": "arguments {\n  domain: String\n}\n" +
			"let cert = aws.acm.Certificate {\n  domain_name = domain\n}\n" +
			"let issued = wait cert {\n  until = cert.status == 'ISSUED'\n}\n" +
			"let zone = aws.route53.HostedZone {\n  name = issued.domain_name\n}\n",
	}
	use := "let m = use { source = './mod' }\n"
	certRow := func(identity, status string) string {
		return awsRow("acm.Certificate", identity, `{"domain_name": "a.example", "status": "`+status+`"}`)
	}
	tests := []struct {
		name, caller, state string
		want                []string
	}{
		{"one instance", use + "let a = m { domain = 'a.example' }\n", "",
			[]string{"create a.cert", "create a.zone", "wait a.issued"}},
		{"two instances, one satisfied", use + "let a = m { domain = 'a.example' }\nlet b = m { domain = 'a.example' }\n",
			awsState(certRow("a.cert", "ISSUED"), certRow("b.cert", "PENDING")),
			[]string{"no-op a.cert", "create a.zone", "no-op b.cert", "create b.zone", "wait b.issued"}},
		{"every consumer unchanged", use + "let a = m { domain = 'a.example' }\n",
			awsState(certRow("a.cert", "PENDING"), awsRow("route53.HostedZone", "a.zone", `{"name": "a.example"}`)),
			[]string{"no-op a.cert", "no-op a.zone"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"main.crn": tt.caller}
			for k, v := range module {
				files[k] = v
			}
			if tt.state != "" {
				files["carina.state.json"] = tt.state
			}
			p := planDir(t, writeTree(t, files), nil)
			if diff := cmp.Diff(tt.want, opsOf(p)); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
			if len(p.Unsupported) > 0 {
				t.Errorf("unsupported: %v", p.Unsupported)
			}
			for _, r := range p.Resources {
				if r.Op == Wait && r.Until != "cert.status == 'ISSUED'" {
					t.Errorf("%s waits until %q, want the predicate as written", r.Identity, r.Until)
				}
			}
		})
	}
	var b bytes.Buffer
	p := planDir(t, writeTree(t, map[string]string{"main.crn": use + "let a = m { domain = 'a.example' }\n", "mod/main.crn": module["mod/main.crn"]}), nil)
	if err := Write(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	want := `  + aws.acm.Certificate a.cert
      domain_name: "a.example"
        │
        └─ > a.issued (until cert.status == 'ISSUED')
              └─ + aws.route53.HostedZone a.zone
                    name: "a.example"

Plan: 2 to add, 0 to change, 0 to destroy, 1 to wait.`
	if got := strings.TrimRight(strings.TrimPrefix(b.String(), "Execution Plan:\n\n"), "\n"); got != want {
		t.Errorf("display (-want +got):\n%s", cmp.Diff(want, got))
	}
}
