package state

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// DefaultMaxBytes is the largest state file Load reads: a state file grows by a few kilobytes a
// resource, so this is tens of thousands of resources, and a file past it is refused with a
// message instead of held in memory.
const DefaultMaxBytes = 64 << 20

// ErrRemote is Load's answer for a remote backend: its state is never fetched (no network, no
// credentials).
var ErrRemote = errors.New("the state is kept by a remote backend, which carina-lsp never reads")

// Opener opens a state file; OSOpener the real file system. The server passes one that sees
// what the editor sees.
type Opener interface {
	Open(path string) (io.ReadCloser, error)
}

// OSOpener opens files on disk.
type OSOpener struct{}

// Open opens a file.
func (OSOpener) Open(path string) (io.ReadCloser, error) { return os.Open(path) }

// Load reads the state a Location names, at most max bytes (DefaultMaxBytes when max <= 0). It
// returns nil and no error when the local file does not exist yet (nothing applied: every
// resource is to be created), ErrRemote for a remote backend, an *Error for a file Read refuses
// or one too large.
func Load(ctx context.Context, op Opener, loc Location, max int64) (*File, error) {
	if loc.Remote() {
		return nil, fmt.Errorf("backend %s: %w", loc.Backend, ErrRemote)
	}
	if max <= 0 {
		max = DefaultMaxBytes
	}
	if op == nil {
		op = OSOpener{}
	}
	r, err := op.Open(loc.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > max {
			return nil, tooLarge(loc.Path, fi.Size(), max)
		}
	}
	// The limit holds whatever Stat said: a file may grow, or not be a file at all.
	src, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > max {
		return nil, tooLarge(loc.Path, -1, max)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return Read(loc.Path, src)
}

func tooLarge(path string, size, max int64) *Error {
	if size < 0 {
		return &Error{Path: path, Msg: fmt.Sprintf("the state file is larger than the %s carina-lsp reads", mib(max))}
	}
	return &Error{Path: path, Msg: fmt.Sprintf("the state file is %s, more than the %s carina-lsp reads", mib(size), mib(max))}
}

// mib prints a size in mebibytes, one decimal unless whole.
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
