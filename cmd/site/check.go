package main

import (
	"fmt"
	"io"
	"io/fs"

	"substep/internal/app"
	"substep/internal/words"
)

// check validates the content and prints what it counted.
func check(w io.Writer, fsys fs.FS) error {
	c, err := app.LoadContent(fsys)
	if err != nil {
		return err
	}
	st := app.Count(c)
	fmt.Fprintf(w, "content ok: %s", words.Count(st.Pages, "page", "pages"))
	for _, f := range st.Formats {
		fmt.Fprintf(w, ", %s %d", f.Name, f.Pages)
	}
	fmt.Fprintf(w, "\n%s, %s, %s, %s named by pages, %s in the catalogue, %s\n",
		words.Count(st.Sections, "section", "sections"), words.Count(st.Examples, "anchored example", "anchored examples"),
		words.Count(st.Topics, "topic", "topics"), words.Count(st.CardsNamed, "card", "cards"),
		words.Count(st.Catalogue, "card", "cards"), words.Count(len(c.Scenarios), "scenario", "scenarios"))
	return nil
}
