package lsp

import (
	"slices"
	"strconv"
	"sync"

	"go.lsp.dev/protocol"
)

// tokenResults keeps the last semantic tokens answered for each open document, under the result
// id sent with them, so that a delta request can be answered with the edits from that answer to
// the new one. A document's entry is dropped when it closes. Entries are kept by canonical URI: a
// request may spell the document otherwise than the last one did.
type tokenResults struct {
	mu   sync.Mutex
	next uint64
	last map[protocol.DocumentURI]tokenResult
}

type tokenResult struct {
	id   string
	data []uint32
}

func newTokenResults() *tokenResults {
	return &tokenResults{last: map[protocol.DocumentURI]tokenResult{}}
}

// record keeps data as the document's last answer and returns its new result id.
func (t *tokenResults) record(uri protocol.DocumentURI, data []uint32) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	id := strconv.FormatUint(t.next, 10)
	t.last[canonicalURI(uri)] = tokenResult{id: id, data: data}
	return id
}

// previous returns the document's last answer if its id is id.
func (t *tokenResults) previous(uri protocol.DocumentURI, id string) ([]uint32, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.last[canonicalURI(uri)]
	if !ok || r.id != id {
		return nil, false
	}
	return r.data, true
}

// drop forgets a closed document's answer.
func (t *tokenResults) drop(uri protocol.DocumentURI) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.last, canonicalURI(uri))
}

// tokenEdits returns the edits that turn old into cur, in order, their starts in old: what lies
// between their common prefix and common suffix, replaced. An edit of a line's tokens changes only
// them and the line delta of the token after (the encoding is relative), so one edit is about that
// size; but an edit can also change tokens far from it (a binding renamed: its references below
// lose or gain their modifiers), and then, when the tokens between keep their count, each run of
// changed tokens is an edit of its own rather than one edit of everything in between. The prefix
// and suffix are whole tokens (multiples of five numbers), so the edits replace whole tokens, as
// clients that patch token by token expect.
func tokenEdits(old, cur []uint32) []protocol.SemanticTokensEdit {
	p := 0
	for p < len(old) && p < len(cur) && old[p] == cur[p] {
		p++
	}
	p -= p % 5
	s := 0
	for s < len(old)-p && s < len(cur)-p && old[len(old)-1-s] == cur[len(cur)-1-s] {
		s++
	}
	s -= s % 5
	if p == len(old) && p == len(cur) {
		return []protocol.SemanticTokensEdit{}
	}
	if len(old) != len(cur) {
		return []protocol.SemanticTokensEdit{tokenEdit(old, cur, p, len(old)-s, len(cur)-s)}
	}
	var out []protocol.SemanticTokensEdit
	for i := p; i < len(old)-s; {
		if slices.Equal(old[i:i+5], cur[i:i+5]) {
			i += 5
			continue
		}
		j := i + 5
		for j < len(old)-s && !slices.Equal(old[j:j+5], cur[j:j+5]) {
			j += 5
		}
		out = append(out, tokenEdit(old, cur, i, j, j))
		i = j
	}
	return out
}

// tokenEdit replaces old[start:oldEnd] with cur[start:curEnd].
func tokenEdit(old, cur []uint32, start, oldEnd, curEnd int) protocol.SemanticTokensEdit {
	data := cur[start:curEnd]
	if len(data) == 0 {
		data = nil
	}
	return protocol.SemanticTokensEdit{Start: uint32(start), DeleteCount: uint32(oldEnd - start), Data: data}
}
