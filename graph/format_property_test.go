package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// The format property: whatever a configuration holds (names, strings, until texts, upstream and
// module sources, file and directory names with any byte), every format the graph is written in is
// valid for its reader:
//
//   - SVG is well-formed XML 1.0 (encoding/xml's strict decoder, held strict by
//     TestXMLDecoderIsStrict), one root, and each node's data-id reads back as its visible id;
//   - DOT is read by Graphviz's dot -Tsvg without an error or a warning, and the picture dot draws
//     of it is well-formed XML too;
//   - JSON decodes back to the graph's JSON form, whose strings are the graph's (U+FFFD for a
//     byte that is not UTF-8);
//   - every Mermaid label keeps to the rules mermaidQuote follows (Mermaid's own parser reads the
//     hostile cases in editors/vscode/test/graph-view.test.mjs, from testdata/hostile-mermaid.json);
//   - the apply order is lines of visible text.
//
// TestFormatsCorpus checks it on the corpus, TestFormatsHostile on configurations built to break
// it, TestFormatsMutations on seeded mutations of the corpus files.

// formatChecker checks the formats of graphs, keeping their DOT for one Graphviz run at the end
// (one dot process for many graphs: a process each would cost more than the rest of the test).
type formatChecker struct {
	dots   []namedDOT
	graphs int
}

type namedDOT struct {
	name string
	src  []byte
}

// check writes g in every format and checks each; name says which configuration g is.
func (c *formatChecker) check(t *testing.T, name string, g *Graph) {
	t.Helper()
	c.graphs++
	var svg, dot, js, mm, order bytes.Buffer
	// Each graph in one of the pictures' four directions and palettes, in turn.
	opts := SVGOptions{Direction: Direction(c.graphs % 2), Theme: Theme(c.graphs / 2 % 2)}
	for _, err := range []error{g.WriteSVG(context.Background(), &svg, opts), g.WriteDOT(&dot), g.WriteJSON(&js), g.WriteMermaid(&mm), g.WriteOrder(&order)} {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if err := checkSVG(g, svg.Bytes()); err != nil {
		t.Errorf("%s: SVG (%s, theme %d): %v", name, opts.Direction, opts.Theme, err)
	}
	for _, dir := range []Direction{LeftToRight, TopToBottom} {
		if err := checkLayout(g, dir); err != nil {
			t.Errorf("%s: layout %s: %v", name, dir, err)
		}
	}
	if err := checkJSON(g, js.Bytes()); err != nil {
		t.Errorf("%s: JSON: %v", name, err)
	}
	if err := checkMermaid(mm.String()); err != nil {
		t.Errorf("%s: Mermaid: %v", name, err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(order.String(), "\n"), "\n") {
		if Visible(l) != l {
			t.Errorf("%s: order: line %d holds what Visible escapes: %q", name, i+1, l)
		}
	}
	c.dots = append(c.dots, namedDOT{name, dot.Bytes()})
}

// checkLayout checks that the boxes of the picture lie inside it and that no two overlap.
func checkLayout(g *Graph, dir Direction) error {
	d := g.layout(dir)
	boxes, width, height := d.boxes, d.width, d.height
	for _, e := range merged(g.Edges) {
		from, to := d.byID[e.To], d.byID[e.From]
		if from == nil || to == nil || e.label == "" {
			continue
		}
		left, right := d.shapeEdge(from, to).labelExtent(textWidth(Visible(e.label), labelSize, false))
		if left < 0 || right > width+0.01 {
			return fmt.Errorf("the label of %s>%s runs from %.0f to %.0f, outside the picture's width %.0f", e.From, e.To, left, right, width)
		}
	}
	for i, a := range boxes {
		if a.x < 0 || a.y < 0 || a.x+a.w > width+0.01 || a.y+a.h > height+0.01 {
			return fmt.Errorf("%s at %.0f,%.0f %.0fx%.0f outside the %.0fx%.0f picture", a.n.ID, a.x, a.y, a.w, a.h, width, height)
		}
		for _, b := range boxes[i+1:] {
			if a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h {
				return fmt.Errorf("%s and %s overlap", a.n.ID, b.n.ID)
			}
		}
	}
	return nil
}

// checkSVG checks that svg is well-formed, that each node's data-id attribute reads back as the
// node's id made visible beside its place in the graph's nodes (data-index), and that each edge's
// data-from-index and data-to-index are the places of its ends.
func checkSVG(g *Graph, svg []byte) error {
	if err := testutil.WellFormedXML(svg); err != nil {
		return err
	}
	index := map[string]int{}
	var want, got []string
	for i, n := range g.Nodes {
		index[n.ID] = i
		want = append(want, fmt.Sprintf("%d %s", i, Visible(n.ID)))
	}
	for _, m := range svgNodeAttrs.FindAllSubmatch(svg, -1) {
		got = append(got, string(m[2])+" "+xmlUnescape(string(m[1])))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Errorf("nodes' data-index and data-id (-want +got):\n%s", diff)
	}
	want, got = nil, nil
	for _, e := range merged(g.Edges) {
		want = append(want, fmt.Sprintf("%s %s %d %d", Visible(e.From), Visible(e.To), index[e.From], index[e.To]))
	}
	for _, m := range svgEdgeAttrs.FindAllSubmatch(svg, -1) {
		got = append(got, fmt.Sprintf("%s %s %s %s", xmlUnescape(string(m[1])), xmlUnescape(string(m[2])), m[3], m[4]))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Errorf("edges' data-from, data-to and their indexes (-want +got):\n%s", diff)
	}
	return nil
}

var (
	svgNodeAttrs = regexp.MustCompile(`<g class="node" data-id="([^"]*)" data-index="(\d+)"`)
	svgEdgeAttrs = regexp.MustCompile(`<g class="edge" id="edge\d+" data-from="([^"]*)" data-to="([^"]*)" data-kind="[a-z_]+" data-from-index="(\d+)" data-to-index="(\d+)"`)
)

// xmlUnescape reads the entities xmlEscape writes.
func xmlUnescape(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&amp;", "&").Replace(s)
}

// checkJSON checks that the JSON written decodes back to the graph's JSON form and that the form
// holds the graph's strings.
func checkJSON(g *Graph, data []byte) error {
	var back JSON
	if err := json.Unmarshal(data, &back); err != nil {
		return err
	}
	j := g.ToJSON()
	if diff := cmp.Diff(j, back); diff != "" {
		return fmt.Errorf("decoded (-written +read):\n%s", diff)
	}
	for i, n := range g.Nodes {
		jn := j.Nodes[i]
		got := []string{jn.ID, jn.Name, jn.Type, jn.Module, jn.Alias}
		want := []string{n.ID, n.Name, n.Type, n.Module, n.Alias}
		if n.Wait != nil {
			got = append(got, jn.Wait.Target, jn.Wait.Until)
			want = append(want, n.Wait.Target, n.Wait.Until)
		}
		for k := range want {
			// What encoding/json makes of the graph's string: itself, or U+FFFD for each byte
			// that is not UTF-8.
			b, _ := json.Marshal(want[k])
			var w string
			if err := json.Unmarshal(b, &w); err != nil {
				return err
			}
			if got[k] != w {
				return fmt.Errorf("node %d: %q, want %q", i, got[k], w)
			}
		}
	}
	return nil
}

var (
	mermaidLabel  = regexp.MustCompile(`"[^"]*"`)
	mermaidEntity = regexp.MustCompile(`^#(quot|amp|lt|gt|\d+);`)
)

// checkMermaid checks every quoted label of a Mermaid flowchart against the rules mermaidQuote
// follows: each line's quotes pair up, and inside a label nothing Mermaid or HTML reads is left
// as it is: no ", no # but an entity code, no & < > but the <br/> of a line break, no % (a
// directive), no : (a style line's pre-pass), no ` or |, no backslash followed by n, and only
// visible characters.
func checkMermaid(text string) error {
	if !utf8.ValidString(text) {
		return errors.New("not UTF-8")
	}
	for i, line := range strings.Split(text, "\n") {
		if strings.Count(line, `"`)%2 != 0 {
			return fmt.Errorf("line %d: an odd number of quotes: %s", i+1, line)
		}
		if Visible(line) != line {
			return fmt.Errorf("line %d holds what Visible escapes: %q", i+1, line)
		}
		for _, q := range mermaidLabel.FindAllString(line, -1) {
			l := strings.ReplaceAll(q[1:len(q)-1], "<br/>", "")
			if j := strings.IndexAny(l, "&<>%:`|"); j >= 0 {
				return fmt.Errorf("line %d: %q in label %s", i+1, l[j], q)
			}
			if strings.Contains(l, `\n`) {
				return fmt.Errorf("line %d: a backslash and n, a line break to Mermaid, in label %s", i+1, q)
			}
			for j := strings.IndexByte(l, '#'); j >= 0; j = strings.IndexByte(l, '#') {
				m := mermaidEntity.FindString(l[j:])
				if m == "" {
					return fmt.Errorf("line %d: a # that starts no entity code in label %s", i+1, q)
				}
				l = l[j+len(m):]
			}
		}
	}
	return nil
}

// graphviz runs Graphviz's dot on the DOT of every graph checked, in batches of graphs (dot reads
// one after the other and draws each): an error or a warning fails the graph. A batch that fails
// is run again graph by graph to name the one. Without dot the subtest is skipped, saying so
// (testutil.Graphviz), except under CI=true.
func (c *formatChecker) graphviz(t *testing.T) {
	t.Run("graphviz", func(t *testing.T) {
		dot := testutil.Graphviz(t)
		const batch = 40
		for start := 0; start < len(c.dots); start += batch {
			group := c.dots[start:min(start+batch, len(c.dots))]
			var all bytes.Buffer
			for _, d := range group {
				all.Write(d.src)
			}
			if runDot(dot, all.Bytes(), len(group)) == nil {
				continue
			}
			for _, d := range group {
				if err := runDot(dot, d.src, 1); err != nil {
					t.Errorf("%s: %v\n%.2000s", d.name, err, d.src)
				}
			}
		}
		t.Logf("dot read %d graphs", len(c.dots))
	})
}

// runDot runs dot -Tsvg on src, which holds graphs graphs: an error when it fails, warns, or draws
// other than graphs well-formed SVG pictures.
func runDot(dot string, src []byte, graphs int) error {
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("dot -Tsvg: %v: %s", err, stderr.Bytes())
	}
	if stderr.Len() > 0 {
		return fmt.Errorf("dot -Tsvg warns: %s", stderr.Bytes())
	}
	docs := bytes.Split(out, []byte("<?xml"))[1:]
	if len(docs) != graphs {
		return fmt.Errorf("dot -Tsvg drew %d pictures of %d graphs", len(docs), graphs)
	}
	for i, d := range docs {
		if err := testutil.WellFormedXML(append([]byte("<?xml"), d...)); err != nil {
			return fmt.Errorf("dot's picture %d: %v", i, err)
		}
	}
	return nil
}

// TestFormatsCorpus checks the format property on every corpus configuration (a sample of 40 in
// short mode), its modules expanded.
func TestFormatsCorpus(t *testing.T) {
	ws := workspace.New(workspace.OSFS{})
	idx := testutil.EmbeddedIndex(t)
	dirs := corpusDirs(t)
	if testing.Short() && len(dirs) > 40 {
		dirs = dirs[:40] // a sample; the long mode reads them all
	}
	var c formatChecker
	for _, dir := range dirs {
		c.check(t, dir, Build(testutil.ConfigOf(t, ws, dir), idx, Options{ExpandModules: true}))
	}
	c.graphviz(t)
	t.Logf("%d configurations", c.graphs)
	if c.graphs < 40 {
		t.Errorf("only %d configurations: is the corpus there?", c.graphs)
	}
}

// hostileString is a text a configuration may hold that some format reads.
type hostileString struct{ name, s string }

// hostileStrings are the texts the hostile configurations put everywhere a graph shows text. long
// is the length of the long one, half of it a run of letters: Graphviz rejects a run of more than
// about 16 KB in a quoted string.
func hostileStrings(long int) []hostileString {
	var c0 strings.Builder
	for c := byte(1); c < 0x20; c++ {
		c0.WriteByte(c)
	}
	unit := "<&>\x01\"é"
	return []hostileString{
		{"every C0 control", c0.String()},
		{"NUL", "a\x00b"},
		{"quotes", `it's "quoted"`},
		{"markup", `&<>&amp;&#1;]]><!-- -->`},
		{"backslashes", `\ \\ \" \n \N \G \l \x01 \`},
		{"Mermaid syntax", "%%{init: {'theme': 'dark'}}%% #quot; #35; `md` a|b end; style x fill:#f00; **b** _i_ [l](u) click n0 call f()"},
		{"non-ASCII", "é 日本 😀 \u202e\u200b\ufeff"},
		{"noncharacters", "\ufffe\uffff\ufdd0\U0001fffe"},
		{"line separators", "a\u2028b\u2029c\u0085d"},
		{"DEL and C1", "\x7f\u0080\u009f"},
		{"not UTF-8", "\xff\xfe\xed\xa0\x80\xc3"},
		{"long", strings.Repeat("x", long/2) + strings.Repeat(unit, long/2/len(unit)+1)[:long/2]},
	}
}

// lit writes s as a Carina single-quoted string.
func lit(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// fileName makes s a file name: what no file system takes (a NUL, a slash) replaced, 200 bytes
// at most.
func fileName(s string) string {
	s = strings.NewReplacer("\x00", "_", "/", "_").Replace(s)
	if s == "." || s == ".." {
		s = "_" + s
	}
	return s[:min(len(s), 200)]
}

// hostileSlot is a place in a configuration where a text shows in the graph: files builds a
// configuration holding s there (paths relative to the configuration's directory, which dirName
// names), shown says whether the graph holds it.
type hostileSlot struct {
	name    string
	dirName func(s string) string
	files   func(s string) map[string]string
	shown   func(g *Graph, s string) bool
}

func nodeWith(g *Graph, pred func(n *Node) bool) bool { return slices.ContainsFunc(g.Nodes, pred) }

// netModule is a module that an anonymous module call expands: its nodes are named after the call,
// and so after the call's file.
const netModule = "arguments {\n  cidr: String\n}\n\nlet vpc = awscc.ec2.Vpc {\n  cidr_block = cidr\n}\n"

var hostileSlots = []hostileSlot{
	{
		name: "upstream source",
		files: func(s string) map[string]string {
			return map[string]string{"main.crn": "let up = upstream_state {\n  source = " + lit(s) + "\n}\n\nlet b = aws.s3.Bucket {\n  bucket = up.name\n}\n"}
		},
		shown: func(g *Graph, s string) bool {
			return nodeWith(g, func(n *Node) bool { return n.Kind == Upstream && n.Type == s })
		},
	},
	{
		name: "module source",
		files: func(s string) map[string]string {
			return map[string]string{"main.crn": "let m = use {\n  source = " + lit(s) + "\n}\n\nlet inst = m {}\n\nlet b = aws.s3.Bucket {\n  bucket = inst.out\n}\n"}
		},
		shown: func(g *Graph, s string) bool {
			return nodeWith(g, func(n *Node) bool { return n.Kind == Module && n.Type == s })
		},
	},
	{
		name: "until",
		files: func(s string) map[string]string {
			return map[string]string{"main.crn": "let b = aws.s3.Bucket {\n  bucket = 'x'\n}\n\nlet w = wait b {\n  until = b.bucket == " + lit(s) + "\n}\n\nlet c = aws.s3.Bucket {\n  bucket = w.bucket\n}\n"}
		},
		shown: func(g *Graph, s string) bool {
			want := strings.Join(strings.Fields("b.bucket == "+lit(s)), " ")
			return nodeWith(g, func(n *Node) bool { return n.Kind == Wait && n.Wait.Until == want })
		},
	},
	{
		name: "file name", // in the ids of anonymous nodes, of a binding declared twice, of a module's nodes
		files: func(s string) map[string]string {
			return map[string]string{
				"main.crn":           "let net = use {\n  source = './net'\n}\n\nlet d = aws.s3.Bucket {\n  bucket = 'y'\n}\n",
				fileName(s) + ".crn": "aws.s3.Bucket {\n  bucket = d.bucket\n}\n\nnet {\n  cidr = '10.0.0.0/16'\n}\n\nlet dup = aws.s3.Bucket {\n  bucket = 'a'\n}\n\nlet dup = aws.s3.Bucket {\n  bucket = d.bucket\n}\n",
				"net/main.crn":       netModule,
				"net/attributes.crn": "attributes {\n  vpc_id: String = vpc.vpc_id\n}\n",
			}
		},
		shown: func(g *Graph, s string) bool {
			return nodeWith(g, func(n *Node) bool { return strings.Contains(n.ID, "@"+fileName(s)+".crn:") && n.Module != "" })
		},
	},
	{
		name:    "directory name",
		dirName: fileName,
		files: func(string) map[string]string {
			return map[string]string{"main.crn": "let b = aws.s3.Bucket {\n  bucket = 'x'\n}\n\nlet c = aws.s3.Bucket {\n  bucket = b.bucket\n}\n"}
		},
		shown: func(g *Graph, s string) bool { return g.Name() == fileName(s) },
	},
	{
		name: "statement left out",
		files: func(s string) map[string]string {
			return map[string]string{"main.crn": "let b = aws.s3.Bucket {\n  bucket = 'x'\n}\n\nlet = " + lit(s) + "\n"}
		},
		shown: func(g *Graph, s string) bool { return len(g.LeftOut) == 1 },
	},
}

// writeTree writes files (slash paths) under dir. A name the file system refuses skips the test,
// saying so, or fails it under CI=true (Linux takes every name these tests make).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		err := os.MkdirAll(filepath.Dir(p), 0o755)
		if err == nil {
			err = os.WriteFile(p, []byte(text), 0o644)
		}
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("the file system refuses %q: %v", name, err)
			}
			t.Skipf("the file system refuses %q, so this configuration is not built: %v", name, err)
		}
	}
}

// TestFormatsHostile checks the format property on configurations holding each hostile string in
// each place a graph shows text, and that the text does reach the graph there.
func TestFormatsHostile(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	root := t.TempDir()
	var c formatChecker
	for si, slot := range hostileSlots {
		for hi, h := range hostileStrings(40000) {
			name := slot.name + ": " + h.name
			t.Run(name, func(t *testing.T) {
				dir := filepath.Join(root, fmt.Sprintf("%d-%d", si, hi))
				if slot.dirName != nil {
					dir = filepath.Join(dir, slot.dirName(h.s))
				}
				writeTree(t, dir, slot.files(h.s))
				g := Build(testutil.ConfigOf(t, workspace.New(workspace.OSFS{}), dir), idx, Options{ExpandModules: true})
				if !slot.shown(g, h.s) {
					t.Fatalf("the text is not in the graph: nodes %v, left out %v", nodeList(g), g.LeftOut)
				}
				c.check(t, name, g)
			})
		}
	}
	c.graphviz(t)
}

// TestFormatsMutations checks the format property on the corpus configurations with one file
// mutated: testutil.Mutations's token mutations, and a string literal's text replaced by a hostile
// string (seeded by the file's corpus path). Short mode mutates a sample of the files.
func TestFormatsMutations(t *testing.T) {
	root := corpus.Shared(t, "corpus")
	idx := testutil.EmbeddedIndex(t)
	ws := workspace.New(workspace.OSFS{})
	files := corpus.Files(t)
	if testing.Short() {
		files = sample(files, 30)
	}
	hostile := hostileStrings(20000)
	var c formatChecker
	literals := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		texts := map[string]string{}
		for j, m := range testutil.Mutations(t, rel, string(data), suite.Scale(1, 3)) {
			texts[fmt.Sprintf("%s, mutation %d (%s)", rel, j, m.Desc)] = m.Text
		}
		h := fnv.New64a()
		h.Write([]byte(rel))
		rng := rand.New(rand.NewPCG(h.Sum64(), 0))
		for j := range suite.Scale(2, 4) {
			hs := hostile[rng.IntN(len(hostile))]
			if text, ok := replaceLiteral(string(data), hs.s, rng); ok {
				texts[fmt.Sprintf("%s, literal %d replaced by %s", rel, j, hs.name)] = text
				literals++
			}
		}
		names := make([]string, 0, len(texts))
		for n := range texts {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, name := range names {
			ws.SetOverlay(path, texts[name])
			c.check(t, name, Build(testutil.ConfigOf(t, ws, filepath.Dir(path)), idx, Options{ExpandModules: true}))
		}
		ws.ClearOverlay(path)
	}
	c.graphviz(t)
	t.Logf("%d mutated configurations, %d with a hostile literal", c.graphs, literals)
	if literals < 10 {
		t.Errorf("only %d literals replaced: is the corpus there?", literals)
	}
}

// sample returns n of files, spread over the list.
func sample(files []string, n int) []string {
	if len(files) <= n {
		return files
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}

// replaceLiteral replaces the text of a single-quoted string literal of src, chosen by rng, with s;
// false when src has none.
func replaceLiteral(src, s string, rng *rand.Rand) (string, bool) {
	var lits []grammar.Token
	for _, tok := range grammar.Lex(src) {
		if tok.Kind == grammar.String && tok.Flags == 0 && src[tok.Start] == '\'' {
			lits = append(lits, tok)
		}
	}
	if len(lits) == 0 {
		return "", false
	}
	tok := lits[rng.IntN(len(lits))]
	return src[:tok.Start] + lit(s) + src[tok.End:], true
}

// hostileMermaid is testdata/hostile-mermaid.json: the Mermaid of hostile configurations, which
// editors/vscode/test/graph-view.test.mjs has Mermaid's own parser read and draw in a browser,
// checking that each label shows its text made visible.
type hostileMermaid struct {
	Name    string   `json:"name"`
	Mermaid string   `json:"mermaid"`
	Labels  []string `json:"labels"` // each node's lines and each module cluster's title, as drawn: visible, lines run together
}

// TestHostileMermaid keeps testdata/hostile-mermaid.json to what WriteMermaid writes for the
// hostile strings in the places Mermaid shows them (go test ./graph -run TestHostileMermaid
// -update rewrites it). Their long string is 2,000 bytes: Mermaid draws no diagram over 50,000
// characters.
func TestHostileMermaid(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	root := t.TempDir()
	var cases []hostileMermaid
	for si, slot := range hostileSlots {
		if slot.dirName != nil || slot.name == "statement left out" {
			continue // Mermaid shows neither the directory nor what is left out
		}
		for hi, h := range hostileStrings(2000) {
			dir := filepath.Join(root, fmt.Sprintf("%d-%d", si, hi))
			writeTree(t, dir, slot.files(h.s))
			g := Build(testutil.ConfigOf(t, workspace.New(workspace.OSFS{}), dir), idx, Options{ExpandModules: true})
			var b strings.Builder
			if err := g.WriteMermaid(&b); err != nil {
				t.Fatal(err)
			}
			c := hostileMermaid{Name: slot.name + ": " + h.name, Mermaid: b.String()}
			modules, _ := g.clusters()
			for _, n := range g.Nodes {
				var lines []string
				for _, l := range n.Lines() {
					lines = append(lines, Visible(l))
				}
				c.Labels = append(c.Labels, strings.Join(lines, ""))
			}
			for _, m := range modules {
				c.Labels = append(c.Labels, Visible("module "+m))
			}
			cases = append(cases, c)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(cases); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "hostile-mermaid.json")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("%s is stale: go test ./graph -run TestHostileMermaid -update (-want +got):\n%.3000s", path, diff)
	}
}
