package pools

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// sharedFormats finds ../shared/formats beside the repository (or
// $SUBSTEP_FORMATS), where CI puts the shared lists.
func sharedFormats(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SUBSTEP_FORMATS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "formats")
	}
	if _, err := os.Stat(filepath.Join(dir, "goat.lflist.conf")); err != nil {
		t.Skipf("the shared format lists are not at %s (set SUBSTEP_FORMATS to their folder): the data files cannot be re-derived here", dir)
	}
	return dir
}

// TestDataIsDerived re-derives every data file from the shared lists and
// fails when the committed one differs: run `go generate ./pools`.
func TestDataIsDerived(t *testing.T) {
	dir := sharedFormats(t)
	got, err := Derive(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range got {
		have, err := os.ReadFile(filepath.Join("data", name))
		if err != nil {
			t.Errorf("%s: %v (run: go generate ./pools)", name, err)
			continue
		}
		if !bytes.Equal(have, want) {
			t.Errorf("data/%s is stale or edited: it differs from what %s derives (run: go generate ./pools)", name, dir)
		}
	}
}
