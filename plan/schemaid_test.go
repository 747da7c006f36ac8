package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// movedWidget is the schema Carina's moved_claims_precede_heuristics fixture is planned with
// (MovedClaimsPrecedeHeuristicsFixtureFactory): one create-only string, no provider identity.
type movedWidget struct{}

func (movedWidget) CreateOnly(typ, attr string) bool {
	return typ == "awscc.test.Widget" && attr == "external_name"
}
func (movedWidget) EnumWire(string, []string, string) (string, bool) { return "", false }
func (movedWidget) Knows(typ string) bool                            { return typ == "awscc.test.Widget" }
func (movedWidget) AnonymousKeys(typ string) (createOnly, identity []string) {
	if typ == "awscc.test.Widget" {
		return []string{"external_name"}, nil
	}
	return nil, nil
}
func (movedWidget) HashForm(typ, attr string) HashForm {
	if typ == "awscc.test.Widget" && attr == "external_name" {
		return FormPlain
	}
	return FormOther
}
func (movedWidget) EnumText(string, string, string) (string, bool)     { return "", false }
func (movedWidget) ProviderIdentity(string) []string                   { return nil }
func (movedWidget) ProviderValue(string, string, Value) (string, bool) { return "", false }
func (movedWidget) PrefixBase(string, string) bool                     { return false }

// The wants below were printed by a Rust program (rustc 1.95) that feeds std's DefaultHasher
// the texts Carina's compute_anonymous_identifiers hashes for each configuration: the
// provider's region as a canonical enum, then the create-only values by name, a name prefix
// as `Prefix("a-")`.
const (
	regionAwscc = "provider awscc {\n  region = awscc.Region.ap_northeast_1\n}\n"
	anonVpc     = "awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n"
	// logGroupPrefix is named from its prefix, Prefix("lg-").
	logGroupPrefix = "awscc.logs.LogGroup {\n  log_group_name_prefix = 'lg-'\n}\n"
)

// TestSchemaIdentity: an anonymous resource of a type with a schema is named as Carina names
// it where every input is held exactly, and is left unnamed otherwise.
func TestSchemaIdentity(t *testing.T) {
	const subnet = "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n" +
		"awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = '10.0.1.0/24'\n  availability_zone = 'ap-northeast-1a'\n  tags = { Name = 'a' }\n}\n"
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"the region and a create-only string", regionAwscc + anonVpc, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"the region written as its code", "provider awscc {\n  region = 'ap-northeast-1'\n}\n" + anonVpc, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"the region under the aws prefix", "provider awscc {\n  region = aws.Region.ap_northeast_1\n}\n" + anonVpc, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"no provider block: no region", anonVpc, []string{"awscc_ec2_vpc_0bc2a2bb"}},
		{"an attribute not create-only is not hashed", regionAwscc + "awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  tags = { Name = upper('x') }\n}\n",
			[]string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"a reference, an availability zone", regionAwscc + subnet, []string{"vpc", "awscc_ec2_subnet_d089793c"}},
		{"no create-only value: a SimHash of every attribute", regionAwscc + "awscc.ec2.InternetGateway {\n  tags = {\n    Name = 'igw'\n    Env = 'dev'\n  }\n}\n",
			[]string{"awscc_ec2_internet_gateway_bc18f53564004b5c"}},
		{"a create-only call", regionAwscc + "awscc.ec2.Vpc {\n  cidr_block = join('', ['10.0.0.0', '/16'])\n}\n", []string{"(unresolved)"}},
		{"a region not known", "provider awscc {\n  region = 'mars-north-1'\n}\n" + anonVpc, []string{"(unresolved)"}},
		{"two provider blocks: the first one's region", regionAwscc + "provider awscc {\n  region = 'us-east-1'\n}\n" + anonVpc, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"the first of two blocks decides", "provider awscc {\n  region = 'us-east-1'\n}\n" + regionAwscc + anonVpc, []string{"awscc_ec2_vpc_6ee10dbd"}},
		{"a named instance before the default: the default's region", "let us = provider awscc {\n  region = 'us-east-1'\n}\n" + regionAwscc + anonVpc,
			[]string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"routed to a named instance: still the default's region", regionAwscc + "let us = provider awscc {\n  region = 'us-east-1'\n}\n" +
			"awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  directives {\n    provider = us\n  }\n}\n", []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"only a named instance: its region", "let us = provider awscc {\n  region = awscc.Region.ap_northeast_1\n}\n" + anonVpc, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"the first block's region not known", "provider awscc {\n  region = 'mars-north-1'\n}\n" + regionAwscc + anonVpc, []string{"(unresolved)"}},
		{"a name prefix of a create-only name", regionAwscc + "awscc.s3.Bucket {\n  bucket_name_prefix = 'a-'\n}\n", []string{"awscc_s3_bucket_8a798cc0"}},
		{"a name prefix and other create-only values", regionAwscc + "awscc.logs.LogGroup {\n  log_group_name_prefix = 'lg-'\n  retention_in_days = 7\n}\n", []string{"awscc_logs_log_group_180a2aa6"}},
		{"an empty prefix: Carina refuses it", regionAwscc + "awscc.s3.Bucket {\n  bucket_name_prefix = ''\n}\n", []string{"(unresolved)"}},
		{"a prefix and its attribute: Carina refuses them", regionAwscc + "awscc.s3.Bucket {\n  bucket_name_prefix = 'a-'\n  bucket_name = 'b'\n}\n", []string{"(unresolved)"}},
		{"a prefix of a string the SimHash reads: random", regionAwscc + "awscc.iam.Role {\n  description_prefix = 'a-'\n}\n", []string{"(unresolved)"}},
		{"a prefix of a string not hashed", regionAwscc + "awscc.iam.Role {\n  role_name = 'r'\n  description_prefix = 'a-'\n}\n", []string{"awscc_iam_role_decd0acb"}},
		{"a prefix of an attribute not a string: not Carina's prefix", regionAwscc + "awscc.ec2.InternetGateway {\n  tags_prefix = 'a-'\n}\n", []string{"(unresolved)"}},
		{"two resources of one name: Carina refuses them", regionAwscc + anonVpc + anonVpc, []string{"(unresolved)", "(unresolved)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, anonymousIDs(t, tt.src, true)); diff != "" {
				t.Errorf("identities (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNamePrefixPairing: a row that stores the prefixed attribute differs in it (Carina compares
// the random name it generated), so of two rows equal in the other create-only values, the one
// that does not store it is the resource's. The changes the generated name makes are not shown
// (docs/differences.md).
func TestNamePrefixPairing(t *testing.T) {
	p := planOf(t, regionAwscc+"awscc.ec2.SecurityGroup {\n  group_name_prefix = 'sg-'\n  group_description = 'd'\n}\n",
		stateOf(`ec2.SecurityGroup old_a {"group_description": "d"}`, `ec2.SecurityGroup old_b {"group_description": "d", "group_name": "sg-0123abcd"}`))
	var got []string
	for _, r := range p.Resources {
		if r.Op == Delete {
			got = append(got, "delete "+r.Identity)
			continue
		}
		got = append(got, r.Identity)
	}
	want := []string{"old_a", "delete old_b"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
}

// TestSchemaIdentityProviderFiles: of several files' provider blocks, Carina hashes the region
// of the first in its merged list: files in path order, each file's named instances after its
// top-level blocks.
func TestSchemaIdentityProviderFiles(t *testing.T) {
	const us, named = "provider awscc {\n  region = 'us-east-1'\n}\n", "let us = provider awscc {\n  region = 'us-east-1'\n}\n"
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"the first file's block", map[string]string{"a.crn": us, "b.crn": regionAwscc, "c.crn": anonVpc}, []string{"awscc_ec2_vpc_6ee10dbd"}},
		{"files in path order, not the resource's", map[string]string{"a.crn": regionAwscc + anonVpc, "b.crn": us}, []string{"awscc_ec2_vpc_c0b8d6b9"}},
		{"a named instance in the first file", map[string]string{"a.crn": named, "b.crn": regionAwscc + anonVpc}, []string{"awscc_ec2_vpc_6ee10dbd"}},
		{"the file's top-level block before its named one", map[string]string{"a.crn": named + regionAwscc, "b.crn": us + anonVpc}, []string{"awscc_ec2_vpc_c0b8d6b9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, anonymousIDsOf(t, tt.files, true)); diff != "" {
				t.Errorf("identities (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSimhashMatchesRust: the SimHash is Carina's compute_simhash (the wants as a Rust program
// computes it for the same features).
func TestSimhashMatchesRust(t *testing.T) {
	tests := []struct {
		features map[string]string
		want     string
	}{
		{map[string]string{"region": `EnumApiValue("ap-northeast-1")`, "tags.Name": `String("igw")`, "tags.Env": `String("dev")`}, "bc18f53564004b5c"},
		{map[string]string{"region": `EnumApiValue("ap-northeast-1")`, "tags.Name": `String("igw")`, "tags.Env": `String("prod")`}, "bd19fd656400cb7c"},
		{map[string]string{"cidrs[0]": `String("a")`, "cidrs[1]": `String("b")`, "n": "Int(3)", "f": "Float(0.5)"}, "00772060004c126c"},
	}
	for _, tt := range tests {
		if got := hex16(simhash(tt.features)); got != tt.want {
			t.Errorf("simhash(%v) = %s, want %s", tt.features, got, tt.want)
		}
	}
}

// TestSchemaAnonymousState: an anonymous resource takes the state row Carina's reconciliation
// gives it: its own name, else the one row whose create-only values all equal its own (else
// the one equal in some), else for a SimHash name the nearest row within 20 bits.
func TestSchemaAnonymousState(t *testing.T) {
	const igw = "awscc.ec2.InternetGateway {\n  tags = {\n    Name = 'igw'\n    Env = 'prod'\n  }\n}\n"
	tests := []struct {
		name, src, state string
		want             []string
	}{
		{"its own name", regionAwscc + anonVpc,
			stateOf(`ec2.Vpc awscc_ec2_vpc_c0b8d6b9 {"cidr_block": "10.0.0.0/16"}`),
			[]string{"no-op awscc_ec2_vpc_c0b8d6b9"}},
		{"an older name with the same create-only values", regionAwscc + anonVpc,
			stateOf(`ec2.Vpc ec2_vpc_12345678 {"cidr_block": "10.0.0.0/16"}`),
			[]string{"no-op ec2_vpc_12345678"}},
		{"two rows with the same values: neither", regionAwscc + anonVpc,
			stateOf(`ec2.Vpc a_1 {"cidr_block": "10.0.0.0/16"}`, `ec2.Vpc b_2 {"cidr_block": "10.0.0.0/16"}`),
			[]string{"create awscc_ec2_vpc_c0b8d6b9", "delete a_1", "delete b_2"}},
		{"the one row equal in some create-only values: replaced", regionAwscc + "awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  ipv4_netmask_length = 16\n}\n",
			stateOf(`ec2.Vpc old_1 {"cidr_block": "10.0.0.0/16", "ipv4_netmask_length": 24}`),
			[]string{"replace old_1 ipv4_netmask_length!"}},
		{"a row of other values is not taken", regionAwscc + anonVpc,
			stateOf(`ec2.Vpc old_1 {"cidr_block": "10.9.0.0/16"}`),
			[]string{"create awscc_ec2_vpc_c0b8d6b9", "delete old_1"}},
		{"a row a removed block claims is not taken", regionAwscc + "removed {\n  from = awscc.ec2.Vpc 'old_1'\n}\n" + anonVpc,
			stateOf(`ec2.Vpc old_1 {"cidr_block": "10.0.0.0/16"}`),
			[]string{"create awscc_ec2_vpc_c0b8d6b9", "remove old_1"}},
		{"a SimHash name near a stored one: the row, renamed", regionAwscc + igw,
			stateOf(`ec2.InternetGateway awscc_ec2_internet_gateway_bc18f53564004b5c {"tags": {"Name": "igw", "Env": "dev"}}`),
			[]string{"update awscc_ec2_internet_gateway_bd19fd656400cb7c tags"}},
		{"a SimHash name far from every stored one", regionAwscc + igw,
			stateOf(`ec2.InternetGateway awscc_ec2_internet_gateway_42e6a0ca9bff34a3 {"tags": {"Name": "x"}}`),
			[]string{"create awscc_ec2_internet_gateway_bd19fd656400cb7c", "delete awscc_ec2_internet_gateway_42e6a0ca9bff34a3"}},
		{"a name prefix: its own row", regionAwscc + logGroupPrefix,
			stateOf(`logs.LogGroup awscc_logs_log_group_180a2aa6 {"log_group_name_prefix": "lg-"}`),
			[]string{"no-op awscc_logs_log_group_180a2aa6"}},
		{"a name prefix: the generated name equals no row's", regionAwscc + logGroupPrefix,
			stateOf(`logs.LogGroup old_1 {"log_group_name": "lg-0123abcd"}`),
			[]string{"create awscc_logs_log_group_180a2aa6", "delete old_1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, opsOf(planOf(t, tt.src, tt.state))); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
		})
	}
}
