package web

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCSVLineAnySeparator writes hostile names the way the export does and
// splits each line as a spreadsheet might, on every separator it could
// guess, with and without honouring quotes: no cell may start with a
// formula character. Read back as CSV, each value is the name with only
// ' marks added.
func TestCSVLineAnySeparator(t *testing.T) {
	names := []string{
		`=HYPERLINK("http://x","y")`,
		"x;=cmd|' /C calc'!A0",
		"Ann,@SUM(1+1)",
		"tab\t=1+1",
		"pipe|+1",
		`q";-2+3`,
		"cr\r=1",
		"a; =1", // a space after the separator: trimmed by some readers
		"+-=@",
		"Plain Name",
	}
	formula := "=+-@\t\r"
	for _, name := range names {
		line := csvLine("2026-01-01T00:00:00Z", name, "20")
		for _, sep := range []string{",", ";", "\t", "|"} {
			for _, cell := range strings.Split(strings.TrimRight(line, "\r\n"), sep) {
				for _, c := range []string{cell, strings.Trim(cell, `"`), strings.TrimSpace(strings.Trim(cell, `" `))} {
					if c != "" && strings.ContainsRune(formula, rune(c[0])) {
						t.Errorf("name %q split on %q gives the cell %q", name, sep, c)
					}
				}
			}
		}
		rows, err := csv.NewReader(strings.NewReader(line)).ReadAll()
		if err != nil {
			t.Fatalf("name %q: %v", name, err)
		}
		if diff := cmp.Diff(strings.ReplaceAll(name, "'", ""), strings.ReplaceAll(rows[0][1], "'", "")); diff != "" {
			t.Errorf("name %q read back (-want +got, ' marks ignored):\n%s", name, diff)
		}
	}
}
