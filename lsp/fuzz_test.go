package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/source"
)

// pipeConn is a connection reading from a fixed input and recording what is written.
type pipeConn struct {
	io.Reader
	out bytes.Buffer
}

func (c *pipeConn) Write(p []byte) (int, error) { return c.out.Write(p) }
func (c *pipeConn) Close() error                { return nil }

// FuzzFraming feeds arbitrary bytes to the server's JSON-RPC framing. It must not panic or loop:
// every Read consumes input or ends; every message it returns re-encodes to a message that decodes
// the same; everything it writes back is a well-formed frame holding a JSON-RPC error response.
// Then the input is carried, cut in pieces, as the params of well-formed messages with varied but
// valid headers: every message comes through, in order, with its params intact.
//
// Seeds: testdata/fuzz/FuzzFraming and the cases below (the abuse tests' malformed input).
func FuzzFraming(f *testing.F) {
	ping := `{"jsonrpc":"2.0","id":1,"method":"carina/ping"}`
	for _, s := range []string{
		frame(ping),
		frame(ping) + frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`),
		"Content-Length: abc\r\n\r\n" + frame(ping),
		"Content-Length: -5\r\n\r\n",
		"Content-Length: 99999999999999999999999\r\n\r\n",
		"Content-Type: x\r\n\r\n" + frame(ping),
		"content-length: 46\r\n\r\n" + ping,
		"Content-Length: 10\r\n\r\n" + ping + frame(ping),
		"Content-Length: 80\r\n\r\n" + ping + frame(ping),
		fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1),
		frame(`[1,2]`) + frame(`{"id":{}}`) + frame(`{"jsonrpc":"2.0","id":7}`) + frame(`{not json`),
		frame(`{"jsonrpc":"2.0","id":"s","result":null}`),
		"\r\n\r\n\n" + frame(ping) + "junk" + frame(ping),
		"\x00\xff\xfe\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		conn := &pipeConn{Reader: bytes.NewReader(data)}
		s := newStream(conn, zap.NewNop())
		var consumed int64
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("more messages than bytes: %d from %d", i, len(data))
			}
			msg, n, err := s.Read(ctx)
			consumed += n
			if err != nil {
				break
			}
			b, err := json.Marshal(msg)
			if err != nil {
				t.Fatalf("a message read does not encode: %v", err)
			}
			again, err := jsonrpc2.DecodeMessage(b)
			if err != nil {
				t.Fatalf("a message read does not decode again: %v\n%s", err, b)
			}
			if b2, _ := json.Marshal(again); !bytes.Equal(b, b2) {
				t.Fatalf("a message changed when decoded again:\n%s\n%s", b, b2)
			}
		}
		if consumed > int64(len(data)) {
			t.Fatalf("consumed %d bytes of %d", consumed, len(data))
		}
		checkErrorFrames(t, conn.out.Bytes())

		// The input carried by well-formed messages.
		var in bytes.Buffer
		var want []string
		pieces := splitN(data, 4)
		for k, p := range pieces {
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": k + 1, "method": "carina/echo", "params": []string{string(p)}})
			var params []string
			_ = json.Unmarshal(b[bytes.Index(b, []byte(`"params":`))+9:len(b)-1], &params)
			want = append(want, params[0])
			style := 0
			if len(p) > 0 {
				style = int(p[0]) % 4
			}
			switch style {
			case 0:
				fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n", len(b))
			case 1:
				fmt.Fprintf(&in, "\r\ncontent-length:%d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n", len(b))
			case 2:
				fmt.Fprintf(&in, "Content-Length: %d\n\n", len(b))
			case 3:
				fmt.Fprintf(&in, "X-Whatever: 1\r\nCONTENT-LENGTH:   %d  \r\n\r\n", len(b))
			}
			in.Write(b)
		}
		conn = &pipeConn{Reader: &in}
		s = newStream(conn, zap.NewNop())
		for k := range pieces {
			msg, _, err := s.Read(ctx)
			if err != nil {
				t.Fatalf("message %d of %d: %v", k+1, len(pieces), err)
			}
			call, ok := msg.(*jsonrpc2.Call)
			if !ok || call.Method() != "carina/echo" || idKey(call.ID()) != fmt.Sprint(k+1) {
				t.Fatalf("message %d: %#v", k+1, msg)
			}
			var params []string
			if err := json.Unmarshal(call.Params(), &params); err != nil || len(params) != 1 || params[0] != want[k] {
				t.Fatalf("message %d params %s, want %q", k+1, call.Params(), want[k])
			}
		}
		if _, _, err := s.Read(ctx); err != io.EOF {
			t.Fatalf("after the messages: %v, want EOF", err)
		}
		if conn.out.Len() > 0 {
			t.Fatalf("errors written for well-formed messages: %s", conn.out.Bytes())
		}
	})
}

// checkErrorFrames checks that out is a sequence of well-formed frames, each a JSON-RPC error
// response with an id that is null, a number or a string.
func checkErrorFrames(t *testing.T, out []byte) {
	t.Helper()
	for len(out) > 0 {
		head, rest, ok := bytes.Cut(out, []byte("\r\n\r\n"))
		if !ok {
			t.Fatalf("a frame without the end of its header: %q", out)
		}
		var n int
		if _, err := fmt.Sscanf(string(head), "Content-Length: %d", &n); err != nil || n > len(rest) {
			t.Fatalf("bad header %q (%d bytes follow)", head, len(rest))
		}
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *struct {
				Code    int64  `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(rest[:n], &m); err != nil || m.JSONRPC != "2.0" || m.Error == nil || m.Error.Message == "" {
			t.Fatalf("not an error response: %s (%v)", rest[:n], err)
		}
		if c := jsonrpc2.Code(m.Error.Code); c != jsonrpc2.ParseError && c != jsonrpc2.InvalidRequest {
			t.Fatalf("error code %d", c)
		}
		if id := string(m.ID); id != "null" && !strings.HasPrefix(id, `"`) && strings.IndexAny(id[:1], "-0123456789") != 0 {
			t.Fatalf("error id %s", id)
		}
		out = rest[n:]
	}
}

// splitN cuts b into up to n pieces at places chosen by its own bytes (at least one piece).
func splitN(b []byte, n int) [][]byte {
	if len(b) == 0 {
		return [][]byte{nil}
	}
	var out [][]byte
	for len(out) < n-1 && len(b) > 1 {
		k := 1 + int(b[0])%len(b)
		out = append(out, b[:k])
		b = b[k:]
	}
	return append(out, b)
}

// syncTexts are what FuzzTextSync inserts.
var syncTexts = [...]string{"", "a", "é", "😀", "\n", "\r\n", "\r", "let x = 1\n", "\uFFFD", "}", "'${a}'", "\t# c\r\n", "字"}

// FuzzTextSync applies random sequences of incremental and full changes to a document of the
// store and replays them on an independent model of the client's buffer (runes, UTF-16 columns
// counted one by one, positions past a line's end clamped to it, past the last line to the end,
// a column inside a surrogate pair to the pair's start, a reversed range put in order, "\n",
// "\r\n" and a lone "\r" as line breaks). After every change the store's text equals the model's,
// its line index equals a fresh one, and the byte edits it reports, applied to the old text,
// give the new one. Changes for a version not newer than the document's are refused.
func FuzzTextSync(f *testing.F) {
	f.Add(abuseText, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add(featureConfig()["main.crn"], []byte{0x81, 5, 10, 5, 12, 3, 2, 1, 200, 255, 255, 7, 0x40, 0, 0, 0, 0, 0})
	f.Add("a\rb\r\nc\n", []byte{0, 1, 0, 1, 1, 4, 0, 1, 1, 0, 0, 5, 0x20, 2, 0, 2, 0, 1})
	f.Add("", []byte{0, 0, 0, 0, 0, 3, 0, 0, 1, 0, 1, 3, 0, 0, 2, 0, 2, 3})
	f.Fuzz(func(t *testing.T, initial string, script []byte) {
		initial = strings.ToValidUTF8(initial, "\uFFFD") // LSP text is JSON: always valid
		ds := documents{session.New(session.Options{FS: testutil.NewMemFS(nil)}).Documents()}
		const uri = protocol.DocumentURI("file:///fuzz/main.crn")
		ds.store.Open(keyOf(uri, "/fuzz/main.crn"), string(uri), "/fuzz/main.crn", 0, initial)
		model := []rune(initial)
		version := int32(0)
		for step := 0; len(script) >= 6 && step < 64; step++ {
			op := script[:6]
			script = script[6:]
			text := syncTexts[int(op[5])%len(syncTexts)]
			var changes []contentChange
			for {
				c := contentChange{Text: text}
				if op[0]&0x40 == 0 {
					lines := refLineCount(model)
					c.Range = &protocol.Range{Start: fuzzPos(op[1], op[2], lines), End: fuzzPos(op[3], op[4], lines)}
				}
				changes = append(changes, c)
				if op[0]&0x80 == 0 || len(script) < 6 || len(changes) >= 4 {
					break
				}
				op = script[:6]
				script = script[6:]
				text = syncTexts[int(op[5])%len(syncTexts)]
			}
			v := version + 1
			stale := op[0]&0x20 != 0
			if stale {
				v = version - int32(op[0]&1)
			}
			old := ds.get(uri).Text
			d, _, cs, err := ds.store.Change(keyOf(uri, "/fuzz/main.crn"), v, sessionChanges(changes))
			if stale {
				if err == nil {
					t.Fatalf("a change for version %d was applied to version %d", v, version)
				}
				if ds.get(uri).Text != old {
					t.Fatal("a refused change changed the text")
				}
				continue
			}
			if err != nil {
				t.Fatalf("change %d: %v", v, err)
			}
			version = v
			for _, c := range changes {
				model = refApply(model, c)
			}
			if d.Text != string(model) {
				t.Fatalf("after %+v:\nstore %q\nmodel %q", changes, d.Text, string(model))
			}
			checkLines(t, d)
			replay := old
			if len(cs.Edits) != len(changes) {
				t.Fatalf("%d edits for %d changes", len(cs.Edits), len(changes))
			}
			for i, e := range cs.Edits {
				if e.Start < 0 || e.Start > e.End || e.End > len(replay) || e.NewLen < 0 {
					t.Fatalf("edit %+v on %d bytes", e, len(replay))
				}
				inserted := changes[i].Text
				if changes[i].Range == nil {
					// A whole text: the edit is what differs from the text before it.
					if e.Start+e.NewLen > len(inserted) {
						t.Fatalf("edit %+v of the whole text %q", e, inserted)
					}
					inserted = inserted[e.Start : e.Start+e.NewLen]
				} else if e.NewLen != len(inserted) {
					t.Fatalf("edit %+v inserts %d bytes, the change %d", e, e.NewLen, len(inserted))
				}
				replay = replay[:e.Start] + inserted + replay[e.End:]
			}
			if replay != d.Text {
				t.Fatalf("the edits give %q, the store has %q", replay, d.Text)
			}
			// The edit covering them all leaves the text outside it as it was.
			c := cs.Cover
			if c.Start < 0 || c.Start > c.OldEnd || c.OldEnd > len(old) || c.NewEnd > len(d.Text) ||
				old[:c.Start]+d.Text[c.Start:c.NewEnd]+old[c.OldEnd:] != d.Text {
				t.Fatalf("the covering edit %+v does not turn %q into %q", c, old, d.Text)
			}
		}
	})
}

// fuzzPos makes a position from two bytes: mostly inside or just past the text, sometimes at the
// maximum uint32.
func fuzzPos(a, b byte, lines int) protocol.Position {
	line, col := uint32(int(a)%(lines+2)), uint32(b%24)
	if a == 255 {
		line = math.MaxUint32
	}
	if b == 255 {
		col = math.MaxUint32
	}
	return protocol.Position{Line: line, Character: col}
}

// refLineStarts returns the rune index of each line's start.
func refLineStarts(text []rune) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n':
			i++
			starts = append(starts, i+1)
		case text[i] == '\n' || text[i] == '\r':
			starts = append(starts, i+1)
		}
	}
	return starts
}

func refLineCount(text []rune) int { return len(refLineStarts(text)) }

// refOffset converts a position to a rune index of the model.
func refOffset(text []rune, p protocol.Position) int {
	starts := refLineStarts(text)
	if int64(p.Line) >= int64(len(starts)) {
		return len(text)
	}
	line := int(p.Line)
	end := len(text)
	if line+1 < len(starts) {
		end = starts[line+1]
		if text[end-1] == '\n' {
			end--
		}
		if end > starts[line] && text[end-1] == '\r' {
			end--
		}
	}
	i, units := starts[line], int64(0)
	for i < end {
		u := int64(1)
		if text[i] >= 0x10000 {
			u = 2
		}
		if units+u > int64(p.Character) {
			break
		}
		units += u
		i++
	}
	return i
}

// refApply applies one change to the model.
func refApply(text []rune, c contentChange) []rune {
	if c.Range == nil {
		return []rune(c.Text)
	}
	s, e := refOffset(text, c.Range.Start), refOffset(text, c.Range.End)
	if e < s {
		s, e = e, s
	}
	out := append([]rune{}, text[:s]...)
	out = append(out, []rune(c.Text)...)
	return append(out, text[e:]...)
}

// checkLines checks that a document's line index is that of its text.
func checkLines(t *testing.T, d *document) {
	t.Helper()
	fresh := source.NewLines(d.Text)
	if d.Lines.Count() != fresh.Count() {
		t.Fatalf("line index of %d lines, the text has %d", d.Lines.Count(), fresh.Count())
	}
	for i := range fresh.Count() {
		if d.Lines.LineStart(i) != fresh.LineStart(i) {
			t.Fatalf("line %d starts at %d in the index, %d in the text", i, d.Lines.LineStart(i), fresh.LineStart(i))
		}
	}
}
