package main

import (
	"fmt"
	"io"
	"io/fs"

	"substep/internal/app"
)

// check validates the content and prints what it counted.
func check(w io.Writer, fsys fs.FS) error {
	c, err := app.LoadContent(fsys)
	if err != nil {
		return err
	}
	st := app.Count(c)
	fmt.Fprintf(w, "content ok: %d pages", st.Pages)
	for _, f := range st.Formats {
		fmt.Fprintf(w, ", %s %d", f.Name, f.Pages)
	}
	fmt.Fprintf(w, "\n%d sections, %d anchored examples, %d topics, %d cards named by pages, %d cards in the catalogue, %d scenarios\n",
		st.Sections, st.Examples, st.Topics, st.CardsNamed, st.Catalogue, len(c.Scenarios))
	return nil
}
