package app

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"substep/content"
	"substep/internal/search"
	"substep/web"
)

// Benchmarks for the foundation. Run:
//
//	go test -tags sqlite_fts5 -run '^$' -bench . -benchmem ./internal/app/

func BenchmarkLoadContent(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := LoadContent(content.FS); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildIndex(b *testing.B) {
	c, err := LoadContent(content.FS)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix, err := c.Build(ctx, "")
		if err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}

// BenchmarkSearchContent runs what /api/search runs (the ranked search of
// rules and sections, then the card names) on the real content's index,
// every card of every format's pool included, for the queries of
// bench/pools.sh.
func BenchmarkSearchContent(b *testing.B) {
	c, err := LoadContent(content.FS)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ix, err := c.Build(ctx, "")
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	for _, q := range []struct{ name, q string }{
		{"Sangan", "Sangan"},
		{"CED-full-name", "Chaos Emperor Dragon - Envoy of the End"},
		{"CED", "CED"},
		{"damage-step", "damage step"},
	} {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ix.Search(ctx, q.q, search.Filter{Limit: 50}); err != nil {
					b.Fatal(err)
				}
				if _, err := ix.CardsIn(ctx, q.q, "", 8); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHTTP measures whole requests over loopback against the real app.
func BenchmarkHTTP(b *testing.B) {
	a := benchApp(b)
	tr := &http.Transport{MaxIdleConnsPerHost: 8}
	cl := &http.Client{Transport: tr}
	for _, bc := range []struct{ name, path string }{
		{"RulePage", "/rules/goat-10"},
		{"Compare", "/compare"},
		{"SearchPage", "/search?q=damage+step"},
		{"SearchAPI", "/api/search?q=sangan"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				resp, err := cl.Get(a.URL() + bc.path)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatalf("%s: %d", bc.path, resp.StatusCode)
				}
			}
		})
	}
}

// BenchmarkColdStart measures, for the built site binary (the build itself
// is not timed), process start to the first 200 on "/" (ms-to-first-200),
// and to the first 200 on a search, which waits for the search index built
// in the background (ms-to-search).
func BenchmarkColdStart(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "site")
	build := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, "substep/cmd/site")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		b.Fatal(err)
	}
	var first, search time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		addr := freeAddr(b)
		start := time.Now()
		dir := b.TempDir()
		cmd := exec.Command(bin, "-addr", addr, "-attempts", filepath.Join(dir, "attempts.db"), "-shares", filepath.Join(dir, "shares.db"))
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		first += waitFor200(b, cmd, start, "http://"+addr+"/")
		search += waitFor200(b, cmd, start, "http://"+addr+"/api/search?q=sangan")
		b.StopTimer()
		cmd.Process.Kill()
		cmd.Wait()
		b.StartTimer()
	}
	b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "ms-to-first-200")
	b.ReportMetric(float64(search.Microseconds())/1000/float64(b.N), "ms-to-search")
}

// waitFor200 polls url every millisecond until it answers 200, and returns
// the time since start.
func waitFor200(b *testing.B, cmd *exec.Cmd, start time.Time, url string) time.Duration {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return time.Since(start)
			}
		}
		if time.Since(start) > 30*time.Second {
			cmd.Process.Kill()
			b.Fatalf("no 200 on %s within 30s", url)
		}
		time.Sleep(time.Millisecond)
	}
}

func freeAddr(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// benchApp runs the app without the rate limiter, which would otherwise
// answer most benchmark requests with 429.
func benchApp(b *testing.B) *App {
	b.Helper()
	return runApp(b, Config{RateLimit: web.RateLimit{Off: true}})
}
