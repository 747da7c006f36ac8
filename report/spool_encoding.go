package report

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
)

// encodeFinding appends what the report and the order need of a finding: its file, span,
// severity, code, message and range.
func encodeFinding(b []byte, f Located) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(f.Path)
	b = binary.AppendVarint(b, int64(f.Span.Start))
	b = binary.AppendVarint(b, int64(f.Span.End))
	b = binary.AppendVarint(b, int64(f.Severity))
	str(string(f.Code))
	str(f.Message)
	for _, n := range []int{f.Range.Start.Line, f.Range.Start.Character, f.Range.End.Line, f.Range.End.Character} {
		b = binary.AppendVarint(b, int64(n))
	}
	return b
}

// decodeFinding reads what encodeFinding wrote; io.EOF at the end of a run. A code is one of
// codes and a path often the one before (path): those strings are shared, not made again.
func decodeFinding(r *bufio.Reader, codes []finding.Code, path string) (Located, error) {
	var f Located
	var err error
	var buf []byte
	field := func() []byte {
		if err != nil {
			return nil
		}
		var n uint64
		if n, err = binary.ReadUvarint(r); err != nil {
			return nil
		}
		buf = slices.Grow(buf[:0], int(n))[:n]
		_, err = io.ReadFull(r, buf)
		return buf
	}
	str := func() string { return string(field()) }
	num := func() int {
		if err != nil {
			return 0
		}
		var n int64
		n, err = binary.ReadVarint(r)
		return int(n)
	}
	if b := field(); string(b) == path {
		f.Path = path
	} else {
		f.Path = string(b)
	}
	if err != nil {
		return f, err // io.EOF before a finding: the run's end
	}
	f.Span.Start, f.Span.End = int32(num()), int32(num())
	f.Severity = finding.Severity(num())
	if b := field(); err == nil {
		if i, found := slices.BinarySearch(codes, finding.Code(b)); found {
			f.Code = codes[i]
		} else {
			f.Code = finding.Code(b)
		}
	}
	f.Message = str()
	f.Range.Start.Line, f.Range.Start.Character, f.Range.End.Line, f.Range.End.Character = num(), num(), num(), num()
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // within a Located
	}
	return f, err
}
