#!/usr/bin/env python3
import subprocess, re, collections, sys
# Regenerates docs/corpus-check.md from `carina-lsp check testdata/corpus` (build ./carina-lsp first).
# The judgements are per diagnostic code, below; a new code prints TODO and must be judged.
import os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = subprocess.run(['./carina-lsp','check','-severity','error','testdata/corpus'], cwd=ROOT, capture_output=True, text=True).stdout
rows=[]
for line in out.splitlines():
    m = re.match(r'testdata/corpus/(.*?):(\d+):(\d+): (\w+): (.*) \[([a-z0-9-]+)\]$', line)
    if not m: print("??", line, file=sys.stderr); continue
    path, ln, col, sev, msg, code = m.groups()
    if sev not in ('error','warning'): continue
    rows.append((path, int(ln), int(col), sev, msg, code))

judge = {
 'duplicate-declaration': "Real by Carina's rule that a directory is one configuration: these acceptance-test directories hold alternative step files that the test harness applies one at a time; loaded as one directory (as `carina validate DIR` loads it) the bindings clash.",
 'unused-let': "Real: a value or module call nothing reads (a named resource nothing reads is not reported: its name is its identity, see differences.md).",
 'wait-unused': "Real: the wait gates nothing (the fixture only shows the plan line of a wait).",
 'enum-string-literal': "Real: a quoted value on an enum attribute; Carina wants the enum identifier (schemas.md §3). A warning with a quick fix, since the string names a value of the enum.",
 'enum-provider-prefix': "Real: the old `awscc.` enum prefix; current Carina spells these enums under `aws.` (schemas.md §3).",
 'resource-type-spelling': "Real: an old lower-case resource type; the current provider spells it in PascalCase.",
 'wait-until-quoted-enum': "Real: a quoted wire value in `until`; wait.md asks for the enum value (warning with a quick fix).",
 'unknown-attribute': "Real: the attribute is not in the resource's schema; these fixtures (plan display, depends_on ordering) are never validated against the provider schema.",
 'missing-required-attribute': "Real: the schema requires the attribute; the fixture (plan display or module wiring) leaves it out.",
 'type-mismatch': "Real: a string where the schema has a struct (the policy document); plan-display fixture.",
 'unknown-upstream-export': "Real: the upstream's `exports` block is empty on purpose (the fixture shows a deferred upstream reference at plan time); `carina validate` rejects the reference.",
 'invalid-enum-value': "Real: a deliberately invalid enum value (the fixture of the reference's own enum error message).",
}
by = collections.defaultdict(list)
for r in rows: by[r[5]].append(r)
w = []
w.append("# `carina-lsp check` over the corpus\n")
w.append("Every error and warning `carina-lsp check testdata/corpus` reports on the 363 files of the corpus, with a judgement: a real mistake in that file, or a false positive (each false positive found was fixed, so none is listed as remaining). Information notes (`no-schema` for made-up or uncovered resource types) are not listed. A test (`cmd/carina-lsp/corpus_doc_test.go`) fails when the report and this page disagree.\n")
w.append("Each directory is checked as one configuration, as Carina loads it.\n")
w.append("| code | severity | count | judgement |\n|---|---|---|---|")
for code in sorted(by):
    w.append(f"| `{code}` | {by[code][0][3]} | {len(by[code])} | {judge.get(code,'TODO')} |")
w.append("")
w.append("## False positives found and fixed\n")
w.append("""- `bucket_name_prefix`, `role_name_prefix`, `log_group_name_prefix`, `group_name_prefix` were reported as unknown attributes: Carina accepts `<name>_prefix` for a writable name attribute and generates the name from it. Fixed.
- `tag { ... }` blocks were reported as block syntax on a map: the schema's `block_name` of `tags` is `tag`, so block syntax is how the map is written. Fixed.
- A for-loop variable used as a value (`type = opt.resource_record.type`) was checked as an enum identifier. Fixed: values resolve through their scope first.
- `kms_master_key_id = "alias/aws/s3"` failed the KMS key id pattern: the index keeps provider patterns without the validators around them, so patterns are no longer enforced (CIDR and IP address types still are).
- Made-up fixture types (`awscc.ec2.Instance`, `awscc.sqs.Queue`, `aws.acm.CertificateValidation`) got a did-you-mean error towards types of other services: suggestions now stay within the same service, and anything else is a `no-schema` note.
- `<resource>.id` was reported unknown: every resource has its identifier as `id`.
- `reg.cert.bucket_name` through a module call was reported unknown: a module instance exposes the module's bindings as well as its attributes.
- `directives { provider = us }` inside a module was reported unknown: a module's provider instances come from the calling configuration.
- Three `exports { vpc: struct = {...} }` files were syntax errors: a bare `struct` is a valid type.
- A binding declared in two step files (`cbd_vpc`) was also reported as unused next to the duplicate: which of the two a reference means is unclear, so a duplicated name now gets only the duplicate error.
""")
w.append("## Every error and warning\n")
for code in sorted(by):
    w.append(f"### `{code}`\n")
    for path, ln, col, sev, msg, _ in by[code]:
        w.append(f"- `{path}:{ln}:{col}` {sev}: {msg}")
    w.append("")
open(ROOT + '/docs/corpus-check.md','w').write("\n".join(w))
print(len(rows), {k:len(v) for k,v in by.items()})
