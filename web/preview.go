package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"substep/internal/preview"
)

// Every page names a preview picture for chat unfurls (og:image): the page's
// path under /og with .png added ("/rules/goat-09" → "/og/rules/goat-09.png",
// "/" → "/og/home.png"). The picture's words come from the content, never
// from the request: a path the site does not know, a search, or a pasted
// replay gets its section's picture. So there are as many pictures as the
// content has pages, each drawn once when first asked for and kept.

// maxPreviews bounds the pictures kept: more than the site's pages and
// sections, at about 15 KB each.
const maxPreviews = 1024

// ogImage is the absolute URL of the preview picture of the page at path.
func (s *Server) ogImage(path string) string {
	if path == "/" {
		path = "/home"
	}
	return s.cfg.BaseURL + "/og" + path + ".png"
}

// sections are the pictures of the pages that are not content: a section's
// name and what it is for.
var sections = map[string]preview.Card{
	"/home":          {Kicker: "Substep", Title: "Rulings for the retro formats, side by side with today's rules"},
	"/search":        {Kicker: "Search", Title: "Every Goat, HAT, Edison and Domain rule, example and card"},
	"/cards":         {Kicker: "Cards", Title: "Every card the rules and scenarios name"},
	"/compare":       {Kicker: "Compare the formats", Title: "Every rule topic across Goat, HAT, Edison, Domain and today"},
	"/replay":        {Kicker: "Replay", Title: "A duel scenario replayed under each format, side by side"},
	"/replay/help":   {Kicker: "Replay", Title: "Writing a scenario: what to type, with examples"},
	"/quiz":          {Kicker: "Judge quizzes", Title: "Certification and practice, every answer checked by the rules engine"},
	"/domain/check":  {Kicker: "Domain Format", Title: "Check a Domain deck against its Deck Master", Accent: "domain"},
	"/api":           {Kicker: "Substep", Title: "The JSON API"},
	"/replay/shared": {Kicker: "Replay", Title: "A scenario replayed under each format, side by side"},
}

// previewCard is what the picture of the page at path says.
func (s *Server) previewCard(path string) preview.Card {
	if c, ok := sections[path]; ok {
		return c
	}
	dir, name, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	switch dir {
	case "rules":
		if p, ok := s.d.Site.Page(name); ok {
			return preview.Card{Kicker: formatName(p.Format), Title: ruleLabel(p), Accent: p.Format}
		}
	case "formats":
		if f, ok := lookupFormat(name); ok {
			return preview.Card{Kicker: f.Name, Title: f.Era, Accent: f.ID}
		}
	case "cards":
		if card, ok := s.d.Cards.BySlug(name); ok {
			return preview.Card{Kicker: "Card", Title: card.Name}
		}
	case "compare":
		if t, ok := s.d.Site.Topic(name); ok {
			return preview.Card{Kicker: "Compare the formats", Title: t.Title}
		}
	case "replay":
		if s.d.Replay != nil {
			for _, sc := range s.d.Replay.Scenarios {
				if sc.Name == name {
					accent := ""
					if len(sc.Formats) > 0 {
						accent = sc.Formats[0]
					}
					return preview.Card{Kicker: "Replay", Title: sc.Title, Accent: accent}
				}
			}
		}
		return sections["/replay/shared"]
	}
	if c, ok := sections["/"+dir]; ok {
		return c
	}
	return sections["/home"]
}

// previewImage serves /og/{page path}.png.
func (s *Server) previewImage(c echo.Context) error {
	path, ok := strings.CutSuffix(strings.TrimPrefix(c.Request().URL.Path, "/og"), ".png")
	if !ok || path == "" {
		return fmt.Errorf("%w: no such picture", ErrNotFound)
	}
	b, err := s.previews.PNG(s.previewCard(path))
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", b)
}
