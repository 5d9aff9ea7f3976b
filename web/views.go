package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"substep/internal/words"
	"substep/rulings"
)

func ogType(b Base) string {
	if b.OGType != "" {
		return b.OGType
	}
	return "website"
}

func hitTitle(title, heading string) string {
	if heading == "" {
		return title
	}
	return title + " › " + heading
}

// count is n followed by its noun, singular for 1 and plural otherwise
// (words.Count, which the command line uses too).
func count(n int, one, many string) string { return words.Count(n, one, many) }

func resultCount(n int, q string) string {
	return count(n, "result", "results") + " for “" + q + "”"
}

func cardFacts(c *rulings.Card) string {
	var parts []string
	switch c.Kind {
	case "monster":
		if c.Attribute != "" {
			parts = append(parts, c.Attribute)
		}
		if c.Type != "" {
			parts = append(parts, c.Type)
		}
		switch {
		case c.Level > 0:
			parts = append(parts, fmt.Sprintf("Level %d", c.Level))
		case c.Rank > 0:
			parts = append(parts, fmt.Sprintf("Rank %d", c.Rank))
		case c.LinkRating > 0:
			parts = append(parts, fmt.Sprintf("Link %d (%s)", c.LinkRating, strings.Join(c.LinkArrows, ", ")))
		}
		if c.Scale != nil {
			parts = append(parts, fmt.Sprintf("Pendulum Scale %d", *c.Scale))
		}
		if c.Has("link") {
			parts = append(parts, "ATK "+stat(c.ATK))
			break
		}
		parts = append(parts, "ATK "+stat(c.ATK)+" / DEF "+stat(c.DEF))
	default:
		kind := strings.ToUpper(string(c.Kind[:1])) + string(c.Kind[1:])
		if len(c.Subtypes) > 0 {
			kind = c.Subtypes[0] + " " + kind
		}
		parts = append(parts, kind)
	}
	if len(c.Subtypes) > 0 && c.Kind == "monster" {
		parts = append(parts, strings.Join(c.Subtypes, "/"))
	}
	if len(c.Archetypes) > 0 {
		parts = append(parts, "archetypes: "+strings.Join(c.Archetypes, ", "))
	}
	return strings.Join(parts, " · ")
}

func stat(n int) string {
	if n == -2 {
		return "?"
	}
	return fmt.Sprint(n)
}

func joinStrings(list []string) string { return strings.Join(list, ", ") }

func jsonDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
