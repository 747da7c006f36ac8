package langgen

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Where a program's directories lie, relative to its own directory: the root configuration,
// its modules under it (sources './modules/x'), and the upstream configuration beside it
// (source '../network').
const (
	RootDir     = "root"
	UpstreamDir = "network"
	modulesDir  = RootDir + "/modules"
)

// File is one file of a program, its path slash-separated and relative to the program's
// directory.
type File struct {
	Path string
	Text string
}

// Program is one generated configuration: the files of its directories and the directory a
// checker is run on (the root configuration, or now and then a module or the upstream checked
// by itself).
type Program struct {
	N        int
	Dir      string   // the directory to check, relative to the program's directory
	Files    []File   // sorted by path
	Features []string // the features drawn, in order
	Mistake  string   // the kind of mistake injected, "" for none
}

// Text is the program's files, each under a header naming it: how a report shows a program.
func (p Program) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# program %d, checked in %s", p.N, p.Dir)
	if p.Mistake != "" {
		fmt.Fprintf(&b, ", mistake: %s", p.Mistake)
	}
	b.WriteString("\n")
	for _, f := range p.Files {
		fmt.Fprintf(&b, "--- %s\n%s", f.Path, f.Text)
	}
	return b.String()
}

// Generate returns program n of seed: drawn from PCG(seed, n) alone, so a larger sample holds a
// smaller one and any program is reproduced from its number.
func Generate(seed uint64, n int) Program {
	g := newGen(rand.New(rand.NewPCG(seed, uint64(n))))
	for range 2 + g.rng.IntN(5) {
		f := features[g.rng.IntN(len(features))]
		g.features = append(g.features, f.name)
		f.add(g)
	}
	mistake := ""
	if g.rng.IntN(2) == 0 {
		m := mistakes[g.rng.IntN(len(mistakes))]
		mistake = m.name
		m.add(g)
	}
	return g.program(n, mistake)
}

// Kinds returns the names of the features and of the mistakes a program may draw.
func Kinds() (featureNames, mistakeNames []string) {
	for _, f := range features {
		featureNames = append(featureNames, f.name)
	}
	for _, m := range mistakes {
		mistakeNames = append(mistakeNames, m.name)
	}
	return featureNames, mistakeNames
}

// program writes out what g drew: the root's exports block last in its main file.
func (g *gen) program(n int, mistake string) Program {
	if len(g.exports) > 0 {
		g.file(RootDir + "/main.crn").WriteString("exports {\n" + strings.Join(g.exports, "") + "}\n")
	}
	if len(g.upExports) > 0 {
		g.file(UpstreamDir + "/main.crn").WriteString("exports {\n" + strings.Join(g.upExports, "") + "}\n")
	}
	if g.files[RootDir+"/main.crn"] == nil {
		g.file(RootDir + "/main.crn").WriteString("let _ = 'empty'\n")
	}
	p := Program{N: n, Dir: cmp.Or(g.target, RootDir), Features: g.features, Mistake: mistake}
	for path, b := range g.files {
		p.Files = append(p.Files, File{Path: path, Text: b.String()})
	}
	slices.SortFunc(p.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return p
}
