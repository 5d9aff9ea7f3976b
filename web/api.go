package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"substep/internal/search"
)

// The JSON API. Every key of every response is snake_case ("page_id",
// "share_key"), including errors ({"error": ..., "status": ...}). /api
// documents each endpoint with an example request, the keys its answer
// has, and the live answer to that request; TestAPIShapes checks that
// every endpoint answers with exactly the documented keys.

// APIEndpoint documents one endpoint.
type APIEndpoint struct {
	Method, Path string // "GET", "/api/search"
	Does         string // one line
	// The example request: its URL (path and query), and for a POST its
	// body and content type.
	URL, Body, ContentType string
	// Keys are the answer's keys as paths: "hits[].page_id"; a trailing
	// "?" marks a key that is left out when empty; a path ending in ".*"
	// is an object documented elsewhere (a replay's timeline) or a map
	// whose keys are data (script line numbers), not checked key by key.
	Keys    []string
	Example string // the live answer to the example request, filled in by the /api page
}

// apiEndpoints are the endpoints /api documents, in order.
func APIEndpoints() []APIEndpoint {
	return []APIEndpoint{
		{Method: "GET", Path: "/api/search", Does: "Search every rule, example and card; q is the words, with optional format, topic and page (50 hits a page).",
			URL: "/api/search?q=sangan",
			Keys: []string{"query", "total", "page", "pages", "notice",
				"hits[].page_id", "hits[].format", "hits[].number", "hits[].title", "hits[].anchor", "hits[].heading", "hits[].example",
				"hits[].topics", "hits[].url", "hits[].snippet", "hits[].score",
				"cards[].name", "cards[].slug", "cards[].kind", "cards[].aliases", "cards[].score"}},
		{Method: "GET", Path: "/api/rules/{id}", Does: "One rule page: its front matter (with the era its format follows, its sources with the date each was read, and where it reads a source differently), its HTML and every section.",
			URL: "/api/rules/goat-09",
			Keys: []string{"id", "format", "number?", "title", "summary", "topics", "cards", "compare?", "compare[].topic?", "compare[].line?", "compare[].anchor?",
				"era", "sources[].title", "sources[].url", "sources[].retrieved", "sources[].takes",
				"corrections?", "corrections[].anchor?", "corrections[].says?", "corrections[].reads?", "corrections[].because?",
				"html", "intro", "url",
				"sections[].anchor", "sections[].heading", "sections[].level", "sections[].text", "sections[].example", "sections[].cards?", "sections[].replay?"}},
		{Method: "GET", Path: "/api/rulings/{id}", Does: "One card ruling: its statement, the cards it names, the rule section it follows from and the scenarios that replay it (when there are), its sources with the date each was read, and its format's era.",
			URL: "/api/rulings/goat-mind-crush-verification",
			Keys: []string{"id", "format", "cards", "statement", "rule?", "scenarios?", "era",
				"sources[].title", "sources[].url", "sources[].retrieved", "sources[].takes", "url"}},
		{Method: "POST", Path: "/api/replay", Does: "Replay a scenario under each format: the body is the scenario as text, or JSON {\"scenario\": \"...\", \"formats\": [\"goat\", \"hat\"]}. A scenario that does not read gets 400 with each problem's line.",
			URL: "/api/replay", ContentType: "application/json",
			Body: `{"scenario": "title: Sangan is destroyed\nformats: goat\nturn: A\nA hand: Raigeki\nB monsters: Sangan\nB deck: Mystic Tomato\nA activates Raigeki\nboth pass\n", "formats": ["goat", "hat"]}`,
			Keys: []string{"title", "example?", "formats[].format", "formats[].ok", "formats[].timeline.*", "formats[].steps.*", "differs", "why.*", "share_key"}},
		{Method: "POST", Path: "/api/domain/check", Does: "Check a Domain deck (.ydk text, a ydke:// link or a card list) against its Deck Master.",
			URL: "/api/domain/check", ContentType: "application/json",
			Body: `{"deck": "Sangan\nMystic Tomato\nGiant Rat", "master": "Sangan"}`,
			Keys: []string{"legal", "format?", "deck_master?", "deck_master.name?", "deck_master.passcode?", "main_count", "extra_count", "side_count",
				"problems", "problems[].card?", "problems[].passcode?", "problems[].rule?", "problems[].message?",
				"allowed", "allowed[].*", "domain?", "domain.*", "ydke", "share_url?"}},
		{Method: "POST", Path: "/api/deck/check", Does: "Check a Goat, Edison, HAT or Domain deck (.ydk text, a ydke:// link or a card list) against the format's card pool and Forbidden & Limited list.",
			URL: "/api/deck/check", ContentType: "application/json",
			Body: `{"format": "goat", "deck": "3 Sangan\nMystic Tomato\nGiant Rat"}`,
			Keys: []string{"format", "format_name", "legal", "input", "main_count", "extra_count", "side_count",
				"problems", "problems[].rule", "problems[].card?", "problems[].slug?", "problems[].passcode?", "problems[].message",
				"cards?", "cards[].name", "cards[].slug?", "cards[].passcodes?", "cards[].status?", "cards[].main?", "cards[].extra?", "cards[].side?",
				"ydke", "share_url"}},
	}
}

// apiHit is a search hit as the API answers it.
type apiHit struct {
	PageID  string   `json:"page_id"`
	Format  string   `json:"format"`
	Number  string   `json:"number"`
	Title   string   `json:"title"`
	Anchor  string   `json:"anchor"`
	Heading string   `json:"heading"`
	Example bool     `json:"example"`
	Topics  []string `json:"topics"`
	URL     string   `json:"url"`
	Snippet string   `json:"snippet"`
	Score   float64  `json:"score"`
}

// apiCard is a card hit as the API answers it.
type apiCard struct {
	Name    string   `json:"name"`
	Slug    string   `json:"slug"`
	Kind    string   `json:"kind"`
	Aliases []string `json:"aliases"`
	Score   float64  `json:"score"`
}

func apiHits(hits []search.Hit) []apiHit {
	out := make([]apiHit, 0, len(hits))
	for _, h := range hits {
		out = append(out, apiHit{PageID: h.PageID, Format: h.Format, Number: h.Number, Title: h.Title, Anchor: h.Anchor, Heading: h.Heading,
			Example: h.Example, Topics: nonNil(h.Topics), URL: h.URL, Snippet: h.Snippet, Score: h.Score})
	}
	return out
}

func apiCards(cards []search.CardHit) []apiCard {
	out := make([]apiCard, 0, len(cards))
	for _, c := range cards {
		out = append(out, apiCard{Name: c.Name, Slug: c.Slug, Kind: c.Kind, Aliases: nonNil(c.Aliases), Score: c.Score})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// APIPage documents the JSON API.
type APIPage struct {
	Base
	Origin    string // the site's address, for the example command lines
	Endpoints []APIEndpoint
}

// apiExamples are the live answers to the documented example requests,
// asked of the server itself once, when /api is first shown; each is cut
// to maxExampleLines lines.
type apiExamples struct {
	once sync.Once
	eps  []APIEndpoint
}

const maxExampleLines = 40

func (s *Server) apiDoc(c echo.Context) error {
	s.apiEx.once.Do(func() {
		eps := APIEndpoints()
		for i, ep := range eps {
			rec := httptest.NewRecorder()
			s.e.ServeHTTP(rec, ep.Request())
			var pretty bytes.Buffer
			if json.Indent(&pretty, rec.Body.Bytes(), "", "  ") != nil {
				pretty.Reset()
				pretty.Write(rec.Body.Bytes())
			}
			lines := strings.Split(pretty.String(), "\n")
			if len(lines) > maxExampleLines {
				lines = append(lines[:maxExampleLines], "  … (cut here: the whole answer is longer)")
			}
			eps[i].Example = strings.Join(lines, "\n")
		}
		s.apiEx.eps = eps
	})
	b := s.base(c, "The JSON API", "Substep's JSON API: search, rule pages, scenario replays and Domain deck checks, each with an example request and answer.")
	return s.render(c, http.StatusOK, apiView(APIPage{Base: b, Origin: s.cfg.BaseURL, Endpoints: s.apiEx.eps}))
}

// Request is the endpoint's example request.
func (ep APIEndpoint) Request() *http.Request {
	var r *http.Request
	if ep.Body != "" {
		r = httptest.NewRequest(ep.Method, ep.URL, strings.NewReader(ep.Body))
		r.Header.Set("Content-Type", ep.ContentType)
	} else {
		r = httptest.NewRequest(ep.Method, ep.URL, nil)
	}
	return r
}

// Curl is the example request as a command line.
func (ep APIEndpoint) Curl(base string) string {
	if ep.Body == "" {
		return "curl '" + base + ep.URL + "'"
	}
	return "curl -X " + ep.Method + " -H 'Content-Type: " + ep.ContentType + "' --data '" + strings.ReplaceAll(ep.Body, "\n", `\n`) + "' '" + base + ep.URL + "'"
}
