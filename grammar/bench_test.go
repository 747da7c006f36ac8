package grammar_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// benchLines is the size of the benchmark file: the corpus concatenated to about 10,000 lines.
const benchLines = 10000

// BenchmarkParseCold parses the 10,000-line file with an empty statement cache.
func BenchmarkParseCold(b *testing.B) {
	src, lines := corpus.Concat(b, benchLines)
	root := grammar.NewParser()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		if f := root.Fork().Parse(src); len(f.Errors) != 0 {
			b.Fatalf("the corpus has syntax errors: %v", f.Errors[0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

// BenchmarkReparseOneLineEdit re-parses the 10,000-line file after changing one attribute value
// in its middle, with the statement cache of the previous version: "file" through Parse (the
// texts compared to find the change, the flat parse built), "doc" through Reparse with the edit's
// range as an editor sends it (what the language server does on a keystroke), also on 100,000
// lines, where it must cost the same.
func BenchmarkReparseOneLineEdit(b *testing.B) {
	for _, lines := range []int{benchLines, 10 * benchLines} {
		src, _ := corpus.Concat(b, lines)
		mid := strings.Index(src[len(src)/2:], "= true") + len(src)/2
		if mid < len(src)/2 {
			b.Fatal("no `= true` in the second half of the corpus")
		}
		edited := src[:mid] + "= false" + src[mid+len("= true"):]
		versions := [2]string{edited, src}
		edits := [2]grammar.Edit{
			{Start: mid, OldEnd: mid + len("= true"), NewEnd: mid + len("= false")},
			{Start: mid, OldEnd: mid + len("= false"), NewEnd: mid + len("= true")},
		}
		if lines == benchLines {
			b.Run("file", func(b *testing.B) {
				p := grammar.NewParser()
				p.Parse(src)
				i := 0
				for b.Loop() {
					p.Parse(versions[i%2])
					i++
				}
			})
		}
		b.Run(fmt.Sprintf("doc/lines=%d", lines), func(b *testing.B) {
			p := grammar.NewParser()
			d := p.ParseDoc(src)
			i := 0
			for b.Loop() {
				d = p.Reparse(d, versions[i%2], edits[i%2])
				i++
			}
		})
	}
}

// BenchmarkParseStatement is the cost of parsing one statement of the edit above, alone.
func BenchmarkParseStatement(b *testing.B) {
	p := grammar.NewParser()
	stmt := "let vpc = awscc.ec2.Vpc {\n  cidr_block           = '10.0.0.0/16'\n  enable_dns_support   = true\n  enable_dns_hostnames = false\n\n  tags = {\n    Name = 'example'\n  }\n}"
	for b.Loop() {
		p.ParseStatement(stmt)
	}
}

// TestMemoryPerLine reports the heap retained by a parsed 10,000-line file, per line, and bounds it
// against the file itself, measured in the same run: the parse may keep its tokens and tree, at
// most memoryRatio times the bytes of the text (5.6 times today), far above what the parse
// should keep, to catch a leak of the token slices. Retained bytes after a collection do not
// depend on how busy the machine is.
func TestMemoryPerLine(t *testing.T) {
	const memoryRatio = 24
	src, lines := corpus.Concat(t, benchLines)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := grammar.NewParser().Parse(src)
	runtime.GC()
	runtime.ReadMemStats(&after)
	retained := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	ratio := retained / float64(len(src))
	t.Logf("retained %.0f bytes for %d lines (%d bytes): %.0f bytes/line, %.1f times the text", retained, lines, len(src), retained/float64(lines), ratio)
	if ratio > memoryRatio {
		t.Errorf("parse retains %.1f times the %d bytes of the text (bound %v)", ratio, len(src), memoryRatio)
	}
	runtime.KeepAlive(f)
}
