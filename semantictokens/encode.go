package semantictokens

import "github.com/carina-rs/carina-lsp/source"

// Encode returns toks (ordered, non-overlapping, in the text lines indexes) in the LSP relative
// encoding: five integers a token (delta line, delta start character, length, type, modifier
// bits), positions and lengths in UTF-16 code units. A token spanning lines is split into one
// token a line (clients need not support multiline tokens), and empty pieces are dropped.
func Encode(lines *source.Lines, toks []Token) []uint32 {
	out := make([]uint32, 0, len(toks)*5)
	prevLine, prevCol := 0, 0
	put := func(line, col, length int, t Token) {
		if length <= 0 {
			return
		}
		dc := col
		if line == prevLine {
			dc = col - prevCol
		}
		out = append(out, uint32(line-prevLine), uint32(dc), uint32(length), uint32(t.Type), t.Mods)
		prevLine, prevCol = line, col
	}
	for _, t := range toks {
		sl, sc := lines.UTF16(int(t.Span.Start))
		el, ec := lines.UTF16(int(t.Span.End))
		if el == sl {
			put(sl, sc, ec-sc, t)
			continue
		}
		// First line: from the start to the end of the line (an offset just before the next
		// line's first byte is inside the line break, so it maps to the end of the line).
		for line := sl; line <= el; line++ {
			switch line {
			case sl:
				_, end := lines.UTF16(lines.LineStart(line+1) - 1)
				put(line, sc, end-sc, t)
			case el:
				put(line, 0, ec, t)
			default:
				_, end := lines.UTF16(lines.LineStart(line+1) - 1)
				put(line, 0, end, t)
			}
		}
	}
	return out
}
