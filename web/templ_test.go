package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTemplGenerated fails when a committed *_templ.go file is not what
// `go tool templ generate` makes of its .templ source.
func TestTemplGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the templ generator")
	}
	srcs, err := filepath.Glob("*.templ")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no .templ files: %v", err)
	}
	// Generate into <tmp>/web/ so the generator names each source
	// "web/x.templ", exactly as `go tool templ generate` from the module root
	// (which .ci/run runs) does.
	root := t.TempDir()
	dir := filepath.Join(root, "web")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range srcs {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, src), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "tool", "templ", "generate", "-path", root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("templ generate: %v\n%s", err, out)
	}
	for _, src := range srcs {
		gen := strings.TrimSuffix(src, ".templ") + "_templ.go"
		want, err := os.ReadFile(filepath.Join(dir, gen))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(gen)
		if err != nil {
			t.Fatalf("%s is not committed: run go tool templ generate", gen)
		}
		if string(got) != string(want) {
			t.Errorf("%s is stale: run go tool templ generate and commit the result", gen)
		}
	}
}
