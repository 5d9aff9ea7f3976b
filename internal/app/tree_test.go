package app

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoMergeMarkers: no file of the project keeps a merge conflict's
// markers (one landing once left them in rulings/ENGINE.md, where no
// other test reads the text).
func TestNoMergeMarkers(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
		for n := 1; sc.Scan(); n++ {
			if line := sc.Text(); strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") {
				t.Errorf("%s:%d: a merge conflict's marker: %q", path, n, line)
			}
		}
		if err := sc.Err(); err != bufio.ErrTooLong { // a line over 16 MB: not a text file
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
