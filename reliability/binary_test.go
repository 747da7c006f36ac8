package reliability

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// The server binary over stdio, as an editor runs it: ended by the client without shutdown,
// by its input closing, and fed garbage.

// TestBinaryExit ends sessions in each way a client can: exit without shutdown (code 1), the
// input closed without exit (1), shutdown then exit (0).
func TestBinaryExit(t *testing.T) {
	for _, c := range []struct {
		name string
		end  func(s *session)
		code int
	}{
		{"exit without shutdown", func(s *session) { s.notify("exit", nil) }, 1},
		{"input closed", func(s *session) { _ = s.conn.Close() }, 1},
		{"shutdown then exit", func(s *session) {
			if err := s.call(time.Minute, "shutdown", nil, nil); err != nil {
				t.Errorf("shutdown: %v", err)
			}
			s.notify("exit", nil)
		}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTemp(t, []byte("let a = 1\nlet b = a\n"))
			s := startBinary(t, exec.Command(bin, "serve"))
			s.initialize(dir)
			s.open(dir+"/main.crn", "let a = 1\nlet b = a\n")
			c.end(s)
			select {
			case code := <-s.done:
				if code != c.code {
					t.Errorf("exit code %d, want %d", code, c.code)
				}
			case <-time.After(time.Minute): // against a hang only
				t.Fatal("the server did not exit")
			}
		})
	}
}

// TestBinaryGarbage sends the server a megabyte of random bytes, with and without line breaks,
// before a well-formed initialize: it answers with parse errors and then the initialize.
func TestBinaryGarbage(t *testing.T) {
	cmd := exec.Command(bin, "serve", "-log-level", "error")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = stdin.Close()
		_ = cmd.Wait()
		if strings.Contains(stderr.String(), "panic") {
			t.Errorf("panic:\n%s", stderr.String())
		}
	}()
	rng := rand.New(rand.NewPCG(5, 6))
	junk := make([]byte, 1<<20)
	for i := range junk {
		junk[i] = byte(rng.IntN(256))
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	go func() {
		_, _ = stdin.Write(junk)
		_, _ = io.WriteString(stdin, "\r\n\r\n"+strings.Repeat("x", 200000)+"\r\n\r\n")
		_, _ = fmt.Fprintf(stdin, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}()
	// The answers: parse errors (id null) for the garbage, then the response to id 1.
	deadline := time.After(time.Minute) // against a hang only
	found := make(chan int, 1)          // how many parse errors came before the response
	go func() {
		in := bufio.NewReader(stdout)
		parseErrors := 0
		for {
			n := -1
			for {
				line, err := in.ReadString('\n')
				if err != nil {
					found <- -1
					return
				}
				if line = strings.TrimSpace(line); line == "" {
					break
				}
				fmt.Sscanf(line, "Content-Length: %d", &n)
			}
			body := make([]byte, max(n, 0))
			if _, err := io.ReadFull(in, body); err != nil {
				found <- -1
				return
			}
			var m struct {
				ID     json.RawMessage       `json:"id"`
				Result json.RawMessage       `json:"result"`
				Error  *struct{ Code int64 } `json:"error"`
			}
			_ = json.Unmarshal(body, &m)
			switch {
			case string(m.ID) == "1" && m.Result != nil:
				found <- parseErrors
				return
			case m.Error != nil && m.Error.Code == int64(jsonrpc2.ParseError):
				parseErrors++
			}
		}
	}()
	select {
	case parseErrors := <-found:
		if parseErrors <= 0 {
			t.Errorf("%d parse errors reported for the garbage (-1: the stream ended)", parseErrors)
		}
		t.Logf("%d parse errors, then the answer to initialize", parseErrors)
	case <-deadline:
		t.Fatal("no answer to initialize after the garbage")
	}
}
