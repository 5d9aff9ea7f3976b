package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"substep/pools"
)

// poolsCmd is `site pools -from ../shared/formats -o pools/data`: it
// re-derives the card-pool data files from the shared EDOPro lists.
func poolsCmd(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	from := fs.String("from", "../shared/formats", "the folder with goat.lflist.conf, edison.lflist.conf, hat.lflist.conf and variants.csv")
	out := fs.String("o", "pools/data", "the folder to write the data files to")
	export := fs.String("export", "", "instead: print this format's list (goat, edison, hat) as an EDOPro .lflist.conf")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *export != "" {
		set, err := pools.Default()
		if err != nil {
			return err
		}
		f, ok := set.Format(*export)
		if !ok {
			return fmt.Errorf("no format list %q: want goat, edison or hat", *export)
		}
		return pools.WriteLFList(stdout, f.List(), pools.ExportComments(f))
	}
	files, err := pools.Derive(os.DirFS(*from))
	if err != nil {
		return fmt.Errorf("%s: %w", *from, err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(*out, n), files[n], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", filepath.Join(*out, n), len(files[n]))
	}
	return nil
}
