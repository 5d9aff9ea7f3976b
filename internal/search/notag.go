//go:build !sqlite_fts5

package search

// The SQLite driver only compiles FTS5 in with the build tag sqlite_fts5;
// without it every query would fail at run time with "no such module:
// fts5". This undefined name stops the build instead and says what to do.
var _ = substep_search_needs_build_tag__run_go_with_tags_sqlite_fts5__eg_go_test_tags_sqlite_fts5
