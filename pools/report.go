package pools

import (
	"fmt"
	"io"
	"strings"

	"substep/rulings/domain"
)

// WriteReport writes r as plain text for a terminal ("site deck-check"):
// the verdict, every problem, the notes, and for a pool format each
// distinct card with its status; for Domain, rulings/domain's report.
func WriteReport(w io.Writer, r Result, why bool) error {
	var b strings.Builder
	verdict := "LEGAL"
	if !r.Legal {
		verdict = fmt.Sprintf("NOT LEGAL (%d problem%s)", len(r.Problems), plural(len(r.Problems)))
	}
	read := map[string]string{domain.FormatYDK: ", read as a .ydk file", domain.FormatYDKE: ", read as a ydke:// link", domain.FormatText: ", read as a text list"}[r.Input]
	fmt.Fprintf(&b, "%s in %s: %d Main Deck, %d Extra Deck, %d Side Deck cards%s\n", verdict, r.FormatName, r.MainCount, r.ExtraCount, r.SideCount, read)
	if len(r.Problems) > 0 {
		b.WriteString("\nProblems:\n")
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "  [%s] %s\n", p.Rule, p.Message)
		}
	}
	for i, n := range r.Notes {
		if i == 0 {
			b.WriteString("\nNotes:\n")
		}
		fmt.Fprintf(&b, "  %s\n", n)
	}
	if why && len(r.Cards) > 0 {
		b.WriteString("\nCards:\n")
		for _, c := range r.Cards {
			fmt.Fprintf(&b, "  %dx %s: %s\n", c.Copies(), c.Name, c.Status)
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if r.Domain != nil {
		if _, err := io.WriteString(w, "\nDomain checker:\n"); err != nil {
			return err
		}
		return domain.WriteReport(w, *r.Domain, why)
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
