// Package search owns Substep's search index: it compiles rule pages, their
// sections (examples included) and the card catalogue into SQLite with FTS5,
// and answers queries from users.
//
// Pages and sections live in one FTS5 table (porter stemming over unicode61
// with diacritics removed), ranked by bm25 with the page title and the
// section heading weighted above the body. Card names and aliases live in a
// trigram table; Cards narrows the candidates there and re-ranks them in Go
// by similarity, so misspelt names still find their card.
//
// Any string is a valid query: MatchQuery turns user input into an FTS5
// expression that cannot be a syntax error, and snippets come back
// HTML-escaped with only <mark> tags added.
//
// The package needs the build tag sqlite_fts5 (go test -tags sqlite_fts5);
// without it, compilation fails on purpose (see notag.go).
package search
