package domain

import (
	"fmt"
	"io"
	"strings"
)

// WriteReport writes r as plain text for a terminal ("site deck-check"):
// the verdict, the Domain, every problem, and with why the reason each
// allowed card is allowed.
func WriteReport(w io.Writer, r Result, why bool) error {
	var b strings.Builder
	verdict := "LEGAL"
	if !r.Legal {
		verdict = fmt.Sprintf("NOT LEGAL (%d problem%s)", len(r.Problems), plural(len(r.Problems)))
	}
	master := "no Deck Master"
	if r.DeckMaster != nil {
		master = "Deck Master " + r.DeckMaster.Name
	}
	read := ""
	if r.Format != "" {
		read = ", read as " + map[string]string{FormatYDK: "a .ydk file", FormatYDKE: "a ydke:// link", FormatText: "a text list"}[r.Format]
	}
	fmt.Fprintf(&b, "%s: %s, %d Main Deck, %d Extra Deck, %d Side Deck cards%s\n", verdict, master, r.MainCount, r.ExtraCount, r.SideCount, read)
	if d := r.Domain; d != nil {
		fmt.Fprintf(&b, "\nDomain of %s:\n", d.DeckMaster)
		for _, row := range []struct {
			label   string
			entries []DomainEntry
		}{{"Attributes", d.Attributes}, {"Types", d.Types}, {"Archetypes", d.Archetypes}, {"Named cards", d.Cards}} {
			if len(row.entries) == 0 {
				continue
			}
			var parts []string
			for _, e := range row.entries {
				parts = append(parts, fmt.Sprintf("%s (%s)", e.Name, e.Via))
			}
			fmt.Fprintf(&b, "  %s: %s\n", row.label, strings.Join(parts, "; "))
		}
		fmt.Fprintf(&b, "  Always: %s\n", strings.Join(d.Always, ", "))
		if len(d.Unresolved) > 0 {
			fmt.Fprintf(&b, "  Named in its text but unknown to this card database: %s\n", strings.Join(d.Unresolved, ", "))
		}
	}
	if len(r.Problems) > 0 {
		b.WriteString("\nProblems:\n")
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "  [%s] %s\n", p.Rule, p.Message)
		}
	}
	if why && len(r.Allowed) > 0 {
		b.WriteString("\nAllowed:\n")
		for _, a := range r.Allowed {
			fmt.Fprintf(&b, "  %s\n", a)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
