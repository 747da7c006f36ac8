package workspace

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// holdDir makes the memFS hold the first listing of dir until release is closed; held is closed
// when it does.
func holdDir(m *memFS, dir string) (held, release chan struct{}) {
	held, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	m.beforeDir = func(d string) {
		if d != dir {
			return
		}
		first := false
		once.Do(func() { first = true })
		if first {
			close(held)
			<-release
		}
	}
	return held, release
}

// A build holds no lock: while one is held in the middle, an edit of its directory, a build of
// another directory and Stats return at once; the held build, which read its snapshot before the
// edit, is not taken for the configuration of the edited text.
func TestBuildHoldsNoLock(t *testing.T) {
	mfs := newMemFS(map[string]string{"/ws/a.crn": "let x = 1\n", "/other/o.crn": "let o = 1\n"})
	ws := New(mfs)
	held, release := holdDir(mfs, "/ws")
	got := make(chan *Config, 1)
	go func() {
		c, err := ws.Config(context.Background(), "/ws")
		if err != nil {
			t.Error(err)
		}
		got <- c
	}()
	<-held
	done := make(chan struct{})
	go func() {
		defer close(done)
		ws.SetOverlay("/ws/a.crn", "let x = 2\n")
		if c := mustConfig(t, ws, "/other"); len(c.Files) != 1 {
			t.Errorf("/other: %d files", len(c.Files))
		}
		ws.Stats()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // the held build is held for good: waiting for it never ends
		t.Fatal("an edit or another build waited for the held build")
	}
	close(release)
	old := <-got
	if text := old.File("/ws/a.crn").Text(); text != "let x = 1\n" {
		t.Errorf("the held build read %q, the text of its snapshot is \"let x = 1\\n\"", text)
	}
	if c := mustConfig(t, ws, "/ws"); c == old || c.File("/ws/a.crn").Text() != "let x = 2\n" {
		t.Errorf("after the edit, Config gives the held build's configuration")
	}
}

// A caller wanting the configuration a build under way is making waits for it; when that build's
// own caller gives up (its context canceled, as a newer edit cancels a background check), the
// waiting caller builds the configuration itself.
func TestCanceledBuildIsBuiltAgain(t *testing.T) {
	mfs := newMemFS(map[string]string{"/ws/a.crn": "let x = 1\n"})
	ws := New(mfs)
	held, release := holdDir(mfs, "/ws")
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := ws.Config(ctx, "/ws")
		first <- err
	}()
	<-held
	second := make(chan *Config, 1)
	go func() {
		c, err := ws.Config(context.Background(), "/ws")
		if err != nil {
			t.Error(err)
		}
		second <- c
	}()
	time.Sleep(20 * time.Millisecond) // the second caller is waiting for the first's build
	cancel()
	close(release)
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Errorf("the canceled build returned %v", err)
	}
	select {
	case c := <-second:
		if c == nil || len(c.Files) != 1 {
			t.Errorf("the waiting caller got %v", c)
		}
	case <-time.After(time.Minute): // against a hang only
		t.Fatal("the waiting caller never got its configuration")
	}
}
