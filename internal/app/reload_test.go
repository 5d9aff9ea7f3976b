package app

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestContentReload serves a copy of content/ with -content, edits a page,
// and sees the change on the next request; a broken edit answers with the
// problem, and fixing it serves again.
func TestContentReload(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "content")
	if out, err := exec.Command("cp", "-r", "../../content", dir).CombinedOutput(); err != nil {
		t.Fatalf("copy content: %v\n%s", err, out)
	}
	a, err := New(context.Background(), Config{Addr: "127.0.0.1:0", ContentDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	defer func() {
		cancel()
		<-done
		a.Close()
	}()

	page := filepath.Join(dir, "goat", "goat-01.md")
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(b []byte) {
		t.Helper()
		if err := os.WriteFile(page, b, 0o644); err != nil {
			t.Fatal(err)
		}
		// Make sure the modification time moves even on coarse clocks.
		later := time.Now().Add(2 * time.Second)
		os.Chtimes(page, later, later)
	}
	edited := bytes.Replace(src, []byte("title: "), []byte("title: Edited "), 1)
	edit(edited)
	resp, body := get(t, a.URL()+"/rules/goat-01")
	if resp.StatusCode != 200 || !strings.Contains(parsePage(t, bytes.NewReader(body)).Text("h1"), "Edited") {
		t.Fatalf("edit not served: %d %q", resp.StatusCode, parsePage(t, bytes.NewReader(body)).Text("h1"))
	}
	edit(bytes.Replace(src, []byte("topics: ["), []byte("topics: [no-such-topic, "), 1))
	resp, body = get(t, a.URL()+"/rules/goat-01")
	if resp.StatusCode != 500 || !strings.Contains(string(body), `goat/goat-01.md:`) || !strings.Contains(string(body), "no-such-topic") {
		t.Fatalf("broken edit: %d\n%s", resp.StatusCode, body)
	}
	edit(src)
	resp, _ = get(t, a.URL()+"/rules/goat-01")
	if resp.StatusCode != 200 {
		t.Fatalf("after the fix: %d", resp.StatusCode)
	}
}
