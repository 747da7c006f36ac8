package hover

// keywordHover shows the documentation of a keyword or operator at the cursor.
func (c *cursor) keywordHover(word string) *Hover {
	doc, ok := keywordDoc(word)
	if !ok {
		return nil
	}
	return card(c.tokSpan(), doc)
}

// keywordDoc returns the card of a keyword or operator: one short paragraph and an example.
func keywordDoc(word string) (string, bool) {
	var text, example string
	switch word {
	case "let":
		text = "**let** — binds a name to a value, a resource, a `read` data source, a `wait`, a module (`use`), a module call, an `upstream_state` or a provider instance. A top-level binding is visible in every `.crn` file of the directory; `let _ = …` discards the name."
		example = "let logs = aws.s3.Bucket {\n  bucket = 'my-logs'\n}"
	case "wait":
		text = "**wait** — holds back everything that reads the wait's binding until its target reaches a condition, polling the target with reads. Only as the value of a `let`; keys `until` (required), `depends_on` and `timeout`. A wait never appears in state; a timeout fails the apply and blocks its dependents without replacing the target."
		example = "let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.Issued\n  depends_on = [validation_record]\n  timeout    = 75min\n}"
	case "read":
		text = "**read** — a data source: reads an existing cloud object on every plan instead of managing it. Only as the value of a `let` (or in `for`/`if` bodies); the type must be a data source."
		example = "let me = read aws.sts.CallerIdentity {}"
	case "use":
		text = "**use** — imports a module: a directory of `.crn` files with `arguments` and `attributes`, resolved relative to this configuration. Only as the value of a `let`; the alias is then called like a block."
		example = "let net = use { source = './modules/net' }\n\nlet main = net {\n  vpc_cidr = '10.0.0.0/16'\n}"
	case "upstream_state":
		text = "**upstream_state** — reads the `exports` of another configuration (a directory relative to this one) from its state, as `binding.<export>`. Only `source` is allowed."
		example = "let orgs = upstream_state { source = '../organizations' }\n\nlet id = orgs.account_id"
	case "provider":
		text = "**provider** — configures a provider kind (`provider aws { … }`, the default instance) or, as a `let` value, a named instance that resources pick with `directives { provider = name }`."
		example = "provider aws {\n  region = aws.Region.us_east_1\n}\n\nlet us = provider aws {\n  region = aws.Region.us_west_2\n}"
	case "backend":
		text = "**backend** — where this configuration keeps its state. At most one per directory; not allowed in modules."
		example = "backend s3 {\n  bucket = 'my-state'\n  key    = 'prod/carina.state.json'\n}"
	case "for":
		text = "**for** — one resource, data source or module call per element of a list or map; items are addressed `name[0]`, `name[1]`… (lists) or `name.key` (maps). Forms: `for x in xs`, `for (i, x) in xs`, `for k, v in m`."
		example = "let subnets = for cidr in ['10.0.1.0/24', '10.0.2.0/24'] {\n  aws.ec2.Subnet {\n    vpc_id     = vpc.vpc_id\n    cidr_block = cidr\n  }\n}"
	case "in":
		text = "**in** — separates the loop variables of a `for` from what it iterates over."
		example = "for name in names { … }"
	case "if":
		text = "**if** — a resource, module call or value that exists only when a condition known at parse time holds; `else` gives the alternative (no `else if`)."
		example = "let alarm = if enable_alarms {\n  aws.cloudwatch.Alarm { … }\n}"
	case "else":
		text = "**else** — the alternative of an `if`; required when the `if` is used as a value and its condition is false."
		example = "let size = if prod { 'large' } else { 'small' }"
	case "fn":
		text = "**fn** — a user function: typed parameters with optional defaults, local `let`s, then one result expression. It may not shadow a built-in function or call itself."
		example = "fn name(env: String, app: String = 'web'): String {\n  join('-', [env, app])\n}"
	case "arguments":
		text = "**arguments** — the inputs of a module: `name: Type`, with an optional default (`= value`) or a detail block with `description`, `default` and `validation`. Only in modules."
		example = "arguments {\n  vpc_cidr: String\n  env: 'dev' | 'prod' = 'dev'\n}"
	case "attributes":
		text = "**attributes** — the outputs of a module: what a caller reads as `call.<name>`."
		example = "attributes {\n  vpc_id: String = vpc.vpc_id\n}"
	case "exports":
		text = "**exports** — values this configuration publishes in its state for others to read with `upstream_state`. Not allowed in modules."
		example = "exports {\n  account_id = account.id\n}"
	case "import":
		text = "**import** — adopts an existing cloud resource into state at the address `to`, by its provider identifier `id`, on the next apply."
		example = "import {\n  to = aws.s3.Bucket 'logs'\n  id = 'my-logs-bucket'\n}"
	case "removed":
		text = "**removed** — forgets a resource: it leaves the state, and the cloud resource is kept."
		example = "removed {\n  from = aws.s3.Bucket 'logs'\n}"
	case "moved":
		text = "**moved** — renames a resource in state without replacing it; `from` and `to` must have the same provider and resource type."
		example = "moved {\n  from = aws.s3.Bucket 'logs'\n  to   = aws.s3.Bucket 'access_logs'\n}"
	case "require":
		text = "**require** — a condition checked when the module is called, with the message shown when it fails. Takes a validate expression (`==`, `!=`, `<`, `&&`, `||`, `!`, function calls)."
		example = "require length(subnets) > 0, 'need at least one subnet'"
	case "directives":
		text = "**directives** — settings about how a resource is managed rather than what it is; never sent to the provider. Keys: `depends_on`, `provider`, `create_before_destroy`, `prevent_destroy`, `force_delete`."
		example = "directives {\n  depends_on      = [role]\n  prevent_destroy = true\n}"
	case "validation":
		text = "**validation** — a check of a module argument: `condition` (a validate expression) and the `error_message` shown when it is false. May repeat."
		example = "validation {\n  condition     = length(name) <= 32\n  error_message = 'name is too long'\n}"
	case "until":
		text = "**until** — in a `wait` block, the condition polled for: `<target>.<attribute> == <value>`."
		example = "until = cert.status == aws.acm.Certificate.Status.Issued"
	case "depends_on":
		text = "**depends_on** — bindings to apply first: in a `wait`, before polling starts; in `directives`, before the resource."
		example = "depends_on = [validation_record]"
	case "timeout":
		text = "**timeout** — in a `wait` block, how long to poll before failing the apply (default: the target schema's, else 5min)."
		example = "timeout = 75min"
	case "|>":
		text = "**|>** (pipe) — passes the value on its left as the **last** argument of the call on its right: `x |> f(a)` is `f(a, x)`."
		example = "let names = 'a,b' |> split(',')"
	case ">>":
		text = "**>>** (compose) — chains two partially applied functions: `f >> g` applies `f`, then `g`."
		example = "let dashed = split(',') >> join('-')"
	case "??":
		text = "**??** (coalesce) — the left value, or the right one when the left is an unresolved resource reference. At most one per expression."
		example = "let name = existing.name ?? 'default'"
	default:
		return "", false
	}
	return text + "\n\n```carina\n" + example + "\n```", true
}
