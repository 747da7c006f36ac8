package plan

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"

	"github.com/carina-rs/carina-lsp/internal/jsonstr"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/types"
)

// Carina's Argon2id parameters: its argon2 crate's defaults (RustCrypto argon2 0.5, version
// 0x13), 19 MiB of memory, two passes, one lane, 32 bytes.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonLen     = 32
)

// configured is what a configured secret carries to be compared with a stored hash: its value
// as Carina serializes it before hashing, and, once its resource is diffed, the salt and the
// cache to compare through. Never displayed; immutable once made (stamp copies).
type configured struct {
	plain string // JSON of the wrapped value, as serde_json writes it; "" when not known here
	salt  string // carina:<provider>.<type>:<identity>:<attribute>; "" before the diff
	cache *secretCache
}

// secretPlain returns the JSON Carina hashes for a secret's wrapped value (serde_json's compact
// form, object keys sorted as its default map sorts them), false when the value is not known
// here or is one whose form is not reproduced (a float: serde_json prints it by ryu).
func secretPlain(v types.Value) (string, bool) {
	b, ok := appendPlain(nil, v)
	return string(b), ok
}

func appendPlain(dst []byte, v types.Value) ([]byte, bool) {
	switch v.Shape {
	case types.Str:
		return jsonstr.AppendMinimal(dst, v.Text), true
	case types.IntVal, types.DurationVal:
		return strconv.AppendInt(dst, v.Int, 10), true
	case types.BoolVal:
		return strconv.AppendBool(dst, v.Bool), true
	case types.ListVal:
		dst = append(dst, '[')
		for i, e := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = appendPlain(dst, e); !ok {
				return nil, false
			}
		}
		return append(dst, ']'), true
	case types.MapVal:
		order := make([]int, len(v.Keys))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(v.Keys[a], v.Keys[b]) })
		dst = append(dst, '{')
		for n, i := range order {
			if n > 0 {
				dst = append(dst, ',')
			}
			dst = jsonstr.AppendMinimal(dst, v.Keys[i])
			dst = append(dst, ':')
			var ok bool
			if dst, ok = appendPlain(dst, v.Elems[i]); !ok {
				return nil, false
			}
		}
		return append(dst, '}'), true
	}
	return nil, false
}

// secretSalt is the salt Carina hashes a resource's secret with (SecretHashContext): the
// resource's type with its provider, its identity, and the top-level attribute the secret is in
// (a secret nested in a map or a list is salted by the attribute holding it).
func secretSalt(row *state.Resource, attr string) string {
	return "carina:" + row.Provider + "." + row.Type + ":" + row.Identity + ":" + attr
}

// argonHex is Argon2id of plain with salt, in lowercase hex, as Carina stores it after the
// secret prefix.
func argonHex(plain, salt string) string {
	return hex.EncodeToString(argon2.IDKey([]byte(plain), []byte(salt), argonTime, argonMemory, argonThreads, argonLen))
}

// stamp returns v with each configured secret inside it bound to salt and cache (copies: v may
// be a memo's, shared between plans).
func stamp(v Value, salt string, cache *secretCache) Value {
	switch {
	case v.Kind == Secret && v.secret != nil:
		s := *v.secret
		s.salt, s.cache = salt, cache
		v.secret = &s
	case len(v.Elems) > 0 && hasConfiguredSecret(v):
		elems := make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = stamp(e, salt, cache)
		}
		v.Elems = elems
	}
	return v
}

func hasConfiguredSecret(v Value) bool {
	if v.Kind == Secret && v.secret != nil {
		return true
	}
	return slices.ContainsFunc(v.Elems, hasConfiguredSecret)
}

// sameSecret compares a configured secret with a stored value as Carina does: with a stored
// hash, by hashing the configured value with the resource's salt; with a stored plain string (a
// provider's read), by the string. A secret whose value is not known here, or not yet bound to
// its resource, is taken as unchanged (as before Carina's scheme was reproduced).
func sameSecret(desired, stored Value) bool {
	s := desired.secret
	if s == nil || s.plain == "" || s.salt == "" {
		return stored.Kind == Secret
	}
	switch stored.Kind {
	case Secret:
		hash, ok := strings.CutPrefix(stored.Text, state.SecretPrefix)
		if !ok {
			return false
		}
		return s.cache.matches(s.plain, s.salt, hash)
	case Str:
		return s.plain == string(jsonstr.AppendMinimal(nil, stored.Text))
	}
	return false
}

// secretCache keeps the verdicts of comparisons of configured secrets with stored hashes, so
// that the server, planning on every keystroke, hashes a secret once per value it is given
// (Argon2id is deliberately slow: see docs/benchmarks.md). A verdict is keyed by the salt, the
// stored hash and an HMAC of the configured value under a key drawn for this cache: it holds no
// secret's text, nor a digest of it that could be tested without the key. The verdicts are kept
// while a plan may still ask (the display compares again, and a memo keeps resources' diffs
// across plans), up to maxVerdicts, then dropped all at once. Safe for concurrent use.
type secretCache struct {
	mu       sync.Mutex
	key      []byte
	verdicts map[secretKey]bool
	// hashed counts the Argon2id computations (for tests and measurement).
	hashed int
}

// maxVerdicts bounds a cache: each keystroke in a secret adds one verdict (about 150 bytes).
const maxVerdicts = 4096

type secretKey struct {
	salt, stored string
	mac          [sha256.Size]byte
}

func newSecretCache() *secretCache {
	return &secretCache{key: []byte(rand.Text()), verdicts: map[secretKey]bool{}}
}

// matches reports whether Argon2id of plain with salt is hash (c may be nil: no cache).
func (c *secretCache) matches(plain, salt, hash string) bool {
	if c == nil {
		return hmac.Equal([]byte(argonHex(plain, salt)), []byte(hash))
	}
	m := hmac.New(sha256.New, c.key)
	m.Write([]byte(plain))
	k := secretKey{salt: salt, stored: hash}
	m.Sum(k.mac[:0])
	c.mu.Lock()
	same, ok := c.verdicts[k]
	c.mu.Unlock()
	if ok {
		return same
	}
	same = hmac.Equal([]byte(argonHex(plain, salt)), []byte(hash))
	c.mu.Lock()
	if len(c.verdicts) >= maxVerdicts {
		clear(c.verdicts)
	}
	c.verdicts[k] = same
	c.hashed++
	c.mu.Unlock()
	return same
}

// hideUnderSecrets masks what a stored value holds where the configuration writes a secret (a
// map's member by its key, a list's element by its place): a plain string there is a secret's
// text a provider read back, never to be displayed.
func hideUnderSecrets(desired, stored Value) Value {
	switch {
	case desired.Kind == Secret:
		if stored.Kind == Secret {
			return stored
		}
		return mask(stored)
	case desired.Kind == Map && stored.Kind == Map && hasConfiguredSecret(desired):
		out := stored
		out.Elems = slices.Clone(stored.Elems)
		for i, k := range stored.Keys {
			if d, ok := desired.Get(k); ok {
				out.Elems[i] = hideUnderSecrets(d, stored.Elems[i])
			}
		}
		return out
	case desired.Kind == List && stored.Kind == List && hasConfiguredSecret(desired):
		out := stored
		out.Elems = slices.Clone(stored.Elems)
		for i := range out.Elems {
			if i < len(desired.Elems) {
				out.Elems[i] = hideUnderSecrets(desired.Elems[i], out.Elems[i])
			}
		}
		return out
	}
	return stored
}
