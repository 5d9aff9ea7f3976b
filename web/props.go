package web

import (
	"substep/internal/render"
	"substep/internal/search"
	"substep/rulings"
)

// Base is what every page shares: the head's title and link-preview
// metadata, and the search box's current query.
type Base struct {
	Title     string // page title, without the site name
	Summary   string // one line: meta description, Open Graph and Twitter card
	Canonical string // absolute canonical URL
	Image     string // absolute URL of the page's preview picture (og:image; see preview.go)
	Query     string // the search box's value
	Nav       string // the active top-level section: "home", a format id, "compare", "cards", "search"
	Assets    Assets // fingerprinted static asset URLs
	OGType    string // "website" unless set ("article" for rules)
	// UserContent marks a page whose text a visitor wrote (a shared
	// scenario): search engines are told not to index it, and its title
	// and preview say whose it is.
	UserContent bool
}

// FullTitle is the <title>: the page title and the site name.
func (b Base) FullTitle() string {
	if b.Title == "" || b.Title == "Substep" {
		return "Substep — retro Yu-Gi-Oh! rulings"
	}
	return b.Title + " · Substep"
}

// FormatInfo describes one format for lists and headings.
type FormatInfo struct {
	ID, Name, Era, Blurb string
	Count                int
}

// HomePage is the site's front page.
type HomePage struct {
	Base
	Formats []FormatInfo
	Topics  int
	Cards   int
}

// FormatPage lists one format's rule pages in order.
type FormatPage struct {
	Base
	Format FormatInfo
	Pages  []*render.Page
}

// RulePage shows one rule page with every section anchored.
type RulePage struct {
	Base
	Page       *render.Page
	Format     FormatInfo
	Topics     []render.Topic
	Prev, Next *render.Page
	Cards      []*rulings.Card
}

// SearchPage shows search results.
type SearchPage struct {
	Base
	Results search.Results
	Cards   []search.CardHit
	Format  string
	Topic   string
	Formats []FormatInfo
	Topics  []render.Topic
	Groups  []ResultGroup
	Page    int  // this page's number, from 1
	Pages   int  // pages of results in all
	Offset  int  // hits before this page
	Panel   bool // the short panel under the header, not a page of /search
}

// ResultGroup is the hits of one format.
type ResultGroup struct {
	Format FormatInfo
	Hits   []search.Hit
}

// CardPage lists every rule and example that mentions a card.
type CardPage struct {
	Base
	Card     *rulings.Card
	Mentions []Mention
	Pool     *PoolInfo // the card's statuses in the formats' pools; nil when in none
	// Rulings are the card rulings about this card, grouped by format.
	Rulings []RulingGroup
	Engine  EngineInfo
}

// EngineInfo says whether the rules engine can replay a card.
type EngineInfo struct {
	InCatalogue bool     // the engine's catalogue has the card
	Playable    bool     // every effect of the card is in the engine's vocabulary
	Why         string   // why it cannot, when it cannot
	Scenarios   []string // bundled scenarios that put it in play
}

// RulingGroup is one format's card rulings.
type RulingGroup struct {
	Format  FormatInfo
	Rulings []*render.Ruling
}

// RulingPage is one card ruling's permalink page.
type RulingPage struct {
	Base
	Ruling *render.Ruling
	Format FormatInfo
	Rule   *render.Page // the rule page it follows from, if any
}

// RulingsPage lists every card ruling, by format.
type RulingsPage struct {
	Base
	Groups []RulingGroup
}

// Mention is one page, and the sections of it, that name a card.
type Mention struct {
	Page     *render.Page
	Sections []render.Section
}

// CardsPage lists every card the site knows.
type CardsPage struct {
	Base
	Cards []*rulings.Card
}

// ComparePage is the topic × format matrix, or one topic's row.
type ComparePage struct {
	Base
	Formats []FormatInfo // the retro formats, in order; "today" is its own column
	Rows    []CompareRow
	Single  bool // one topic only (/compare/{topic})
}

// CompareRow is one topic across formats.
type CompareRow struct {
	Topic render.Topic
	Cells []CompareCell // one per entry of ComparePage.Formats
	Pages []*render.Page
}

// CompareCell is one format's rule for a topic.
type CompareCell struct {
	Line string // "" means the format's source lists no difference from today
	URL  string
}

// ErrorPage explains a failed request.
type ErrorPage struct {
	Base
	Status  int
	Message string
	Link    *LinkedError // a way onward, when the error has one
}
