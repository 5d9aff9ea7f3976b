package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"substep/internal/puzzle"
	"substep/internal/shares"
	"substep/internal/sqlitefile"
	"substep/rulings"
)

// errSharesFull marks a full store of shared scenarios, which the error
// page tells apart from a full disk elsewhere.
var errSharesFull = errors.New("the store of shared scenarios is full")

// ReplayDeps is what the replay pages need.
type ReplayDeps struct {
	Scenarios []*rulings.Scenario // bundled scenarios (content/scenarios)
	Shares    *shares.Store       // pasted scenarios, by content hash
}

// ReplayPage shows a scenario replayed under one or more formats, side by side.
type ReplayPage struct {
	Base
	Source    string // the scenario text
	Name      string // bundled scenario name, or "" for a shared one
	Scenario  *rulings.Scenario
	Columns   []ReplayColumn
	Differs   []int          // script lines whose outcome differs between the formats
	Why       map[int]string // what differs at each of those lines
	Problems  []rulings.ParseError
	Formats   []FormatChoice
	ShareURL  string
	Example   string // URL of the rule example it replays
	ExampleAt string // that example's title ("Goat rule #9: … › Example 2")
	Bundled   []BundledGroup
	AllOK     bool
	Submitted bool
	Puzzle    string            // URL of the starting position as an EDOPro puzzle, "" when it cannot be one
	Script    string            // fingerprinted URL of replay.js, the step-by-step viewer
	Rules     map[string]string // rule reference ("goat-09#rule") → its title, for the viewer's links
}

// ReplayColumn is one format's replay.
type ReplayColumn struct {
	Format  string
	Name    string
	T       *rulings.Timeline
	Steps   []rulings.Step
	Profile *rulings.Profile
}

// FormatChoice is one checkbox of the format picker.
type FormatChoice struct {
	ID, Name string
	Checked  bool
}

// BundledGroup lists the bundled scenarios of one rule page.
type BundledGroup struct {
	Page      string // page id
	Title     string
	Scenarios []*rulings.Scenario
}

// replayPayload is what the page hands its script, as JSON.
type replayPayload struct {
	Columns []replayColumnJSON `json:"columns"`
	Differs []int              `json:"differs"`
	Why     map[int]string     `json:"why,omitempty"`
	Rules   map[string]string  `json:"rules,omitempty"`
}

type replayColumnJSON struct {
	Format  string              `json:"format"`
	Name    string              `json:"name"`
	Steps   []rulings.Step      `json:"steps"`
	Chains  []rulings.Chain     `json:"chains"`
	Events  []rulings.Event     `json:"events"`
	Verdict *rulings.Verdict    `json:"verdict,omitempty"`
	Error   *rulings.ParseError `json:"error,omitempty"`
	Timings []string            `json:"timings"`
}

func (p ReplayPage) payload() replayPayload {
	out := replayPayload{Differs: p.Differs, Why: p.Why, Rules: p.Rules}
	for _, c := range p.Columns {
		col := replayColumnJSON{Format: c.Format, Name: c.Name, Steps: c.Steps, Chains: c.T.Chains, Events: c.T.Events, Verdict: c.T.Verdict, Error: c.T.Error}
		for _, tm := range c.Profile.DamageStep {
			col.Timings = append(col.Timings, tm.Name)
		}
		out.Columns = append(out.Columns, col)
	}
	return out
}

// replayAll replays s under each format, all formats sharing one budget
// of work and output, and finds the script lines where the formats
// disagree, and what differs at each. Once ctx ends it returns ctx's error instead (a replay cut
// short must never be shown, or stored as a share link's page).
func replayAll(ctx context.Context, s *rulings.Scenario, formats []string) ([]ReplayColumn, []int, map[int]string, error) {
	var cols []ReplayColumn
	budget := rulings.NewBudget(0)
	for _, f := range formats {
		prof, ok := rulings.ProfileByID(f)
		if !ok {
			continue
		}
		t := rulings.Replay(ctx, s, prof, budget)
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		cols = append(cols, ReplayColumn{Format: prof.ID, Name: prof.Name, T: t, Steps: t.Steps(), Profile: prof})
	}
	differs, why := lineDiffs(cols)
	return cols, differs, why, nil
}

// chooseFormats reads ?formats=goat,hat (or "all"); the default is the
// formats the scenario names.
func chooseFormats(q string, s *rulings.Scenario) []string {
	var want []string
	switch q = strings.TrimSpace(q); q {
	case "":
		if s != nil {
			want = s.Formats
		}
	case "all":
		want = rulings.FormatIDs()
	default:
		for _, f := range strings.Split(q, ",") {
			if p, ok := rulings.ProfileByID(strings.TrimSpace(f)); ok {
				want = append(want, p.ID)
			}
		}
	}
	if len(want) == 0 {
		want = []string{"goat", "hat", "edison", "modern"}
	}
	// Keep the site's order and drop repeats.
	var out []string
	for _, id := range rulings.FormatIDs() {
		for _, w := range want {
			if w == id {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

func formatChoices(selected []string) []FormatChoice {
	var out []FormatChoice
	for _, p := range rulings.Profiles() {
		c := FormatChoice{ID: p.ID, Name: p.Name}
		for _, s := range selected {
			c.Checked = c.Checked || s == p.ID
		}
		out = append(out, c)
	}
	return out
}

func parseProblems(err error) []rulings.ParseError {
	var pe *rulings.ParseError
	var pes rulings.ParseErrors
	switch {
	case errors.As(err, &pes):
		out := make([]rulings.ParseError, 0, len(pes))
		for _, e := range pes {
			out = append(out, *e)
		}
		return out
	case errors.As(err, &pe):
		return []rulings.ParseError{*pe}
	}
	return []rulings.ParseError{{Msg: err.Error()}}
}

func (s *Server) replayBase(c echo.Context, title, summary string) Base {
	b := s.base(c, title, summary)
	b.Nav = "replay"
	return b
}

// assetURL is the fingerprinted URL of a file in static/, like the
// layout's own assets, or "" when there is no such file.
func (s *Server) assetURL(name string) string {
	f, ok := s.static[name]
	if !ok {
		return ""
	}
	sum := sha256.Sum256(f.body)
	return "/static/" + name + "?v=" + hex.EncodeToString(sum[:6])
}

// ruleLabels names each rule a replay's events and verdicts cite, so the
// viewer links them by title.
func (s *Server) ruleLabels(cols []ReplayColumn, refs ...string) map[string]string {
	out := map[string]string{}
	add := func(ref string) {
		if ref == "" || out[ref] != "" {
			return
		}
		id, anchor, _ := strings.Cut(ref, "#")
		pg, ok := s.d.Site.Page(id)
		if !ok {
			return
		}
		label := ruleLabel(pg)
		if sec, ok := pg.Section(anchor); ok && anchor != "" {
			label += " › " + sec.Heading
		}
		out[ref] = label
	}
	for _, ref := range refs {
		add(ref)
	}
	for _, c := range cols {
		for _, e := range c.T.Events {
			add(e.Rule)
		}
		if c.T.Verdict != nil {
			add(c.T.Verdict.Rule)
		}
	}
	return out
}

// The scenario the replay page starts with, in parts the guide
// (/replay/help) shows one at a time: Goat rule #9, example 2, which Goat
// and HAT replay differently. TestGuideExample replays it.
var (
	exampleScene  = "title: Sangan Tributed for Thestalos\nformats: goat, hat\nturn: A\nphase: main 1\n"
	exampleCards  = "A hand: Soul Exchange, Thestalos the Firestorm Monarch\nB monsters: Sangan\nB deck: Mystic Tomato, 4 cards\nB hand: Giant Rat\n"
	exampleScript = "A activates Soul Exchange targeting B's Sangan\nboth pass\nA Tribute Summons Thestalos the Firestorm Monarch, tributing B's Sangan\nboth pass\n"
	exampleExpect = "expect goat: chain 2 link 1 = Sangan\nexpect hat: chain 2 link 1 = Thestalos the Firestorm Monarch\nexpect lp B = 7600\n"
	exampleSource = exampleScene + "\n" + exampleCards + "\n" + exampleScript + "\n" + exampleExpect
)

// guideExamples are the guide's "what to type" lines: a thing to do, and
// how a script says it (each is checked by TestGuideExamples).
var guideExamples = [][2]string{
	{"pass, letting the chain resolve", "both pass"},
	{"draw", "A draws"},
	{"Normal Summon", "A Normal Summons Sangan"},
	{"Tribute Summon", "A Tribute Summons Thestalos the Firestorm Monarch, tributing Sangan"},
	{"Set a card", "A sets Mirror Force"},
	{"activate a card", "B activates Call of the Haunted targeting Dark Magician"},
	{"chain to it", "A chains Mystical Space Typhoon targeting Call of the Haunted"},
	{"pay a cost and declare", "A activates Tribe-Infecting Virus, discarding Sangan, declaring Warrior"},
	{"attack a monster", "A attacks Sangan with D.D. Warrior Lady"},
	{"attack directly", "A attacks directly with Airknight Parshath"},
	{"move on a phase", "A enters the Battle Phase"},
	{"end the turn", "A ends the turn"},
	{"order triggers", "A orders the triggers: Thestalos the Firestorm Monarch, Sangan"},
	{"answer a particular effect", "in response to Man-Eater Bug, A activates My Body as a Shield"},
	{"act in the Damage Step", "before damage calculation, B activates Mirror Force"},
	{"change a battle position", "A changes Sangan to defense position"},
	{"discard for hand size", "A discards Thunder Dragon for hand size"},
}

// replayIndex is the paste form, starting with an example to edit, and the
// list of bundled scenarios.
func (s *Server) replayIndex(c echo.Context) error {
	p := ReplayPage{Base: s.replayBase(c, "Replay a scenario", "Paste a duel scenario and see it replayed by Substep's rules engine under Goat, HAT, Edison, Domain and today's rules, side by side."), Source: exampleSource, Formats: formatChoices(chooseFormats("", nil)), Script: s.assetURL("replay.js")}
	p.Bundled = s.bundledGroups()
	return s.render(c, http.StatusOK, replayView(p))
}

func (s *Server) bundledGroups() []BundledGroup {
	var groups []BundledGroup
	idx := map[string]int{}
	for _, sc := range s.d.Replay.Scenarios {
		page, _, _ := strings.Cut(sc.Example, "#")
		if page == "" {
			page = "other"
		}
		i, ok := idx[page]
		if !ok {
			title := "Other scenarios"
			if pg, ok := s.d.Site.Page(page); ok {
				title = ruleLabel(pg)
			}
			groups = append(groups, BundledGroup{Page: page, Title: title})
			i = len(groups) - 1
			idx[page] = i
		}
		groups[i].Scenarios = append(groups[i].Scenarios, sc)
	}
	return groups
}

// replayBundled replays one of the scenarios that ship with the site.
func (s *Server) replayBundled(c echo.Context) error {
	name := c.Param("name")
	for _, sc := range s.d.Replay.Scenarios {
		if sc.Name == name {
			return s.showReplay(c, sc, strings.Join(sc.Source, "\n"), name, "")
		}
	}
	return fmt.Errorf("%w: no scenario %q", ErrNotFound, name)
}

// userContentNote prefixes what a shared scenario's page says of itself
// in its preview: its title and text are a visitor's, not the site's.
const userContentNote = "Shared by a visitor, not checked by Substep: "

// replayShared replays a pasted scenario stored under its hash. The page
// is a visitor's writing: it is kept out of search engines and its title
// and preview say so. A key's page never changes, so it is rendered once.
func (s *Server) replayShared(c echo.Context) error {
	c.Response().Header().Set("X-Robots-Tag", "noindex, nofollow")
	key := c.Param("key")
	if len(key) > 64 {
		return fmt.Errorf("%w: no shared scenario %q", ErrNotFound, truncate(key, 40))
	}
	if e, ok := s.pages.get(s.replayCacheKey(c, nil)); ok {
		// Served from memory: still note the opening, or a link viewed
		// often enough never to leave the cache would expire.
		s.d.Replay.Shares.Seen(c.Request().Context(), key)
		return s.sendPrerendered(c, e.status, e.page)
	}
	src, err := s.d.Replay.Shares.Get(c.Request().Context(), key)
	if errors.Is(err, shares.ErrNotFound) {
		return fmt.Errorf("%w: no shared scenario %q", ErrNotFound, key)
	}
	if err != nil {
		return err
	}
	sc, err := rulings.ParseScenario("shared", []byte(src), s.d.Cards)
	if err != nil {
		// A stored scenario parsed when it was shared; the engine may have
		// changed since. Show the problems rather than failing.
		b := s.replayBase(c, "Shared scenario (visitor's)", userContentNote+"a scenario shared from Substep's replay page.")
		b.UserContent = true
		p := ReplayPage{Base: b, Source: src, Problems: parseProblems(err), Formats: formatChoices(chooseFormats("", nil)), Script: s.assetURL("replay.js")}
		return s.render(c, http.StatusOK, replayView(p))
	}
	if sealed, err := s.isSealedSituation(c, sc); err != nil || sealed {
		if err != nil {
			return err
		}
		b := s.replayBase(c, "Shared scenario (visitor's)", userContentNote+"a scenario shared from Substep's replay page.")
		p := ReplayPage{Base: b, Problems: []rulings.ParseError{{Msg: sealedSituationText}}, Formats: formatChoices(chooseFormats("", nil)), Script: s.assetURL("replay.js")}
		return s.render(c, http.StatusForbidden, replayView(p))
	}
	return s.showReplay(c, sc, src, "", key)
}

// replayCacheKey is what a replay page depends on: its path (the bundled
// name or the share key), the formats it shows, and whether they were
// asked for (which the share link repeats).
func (s *Server) replayCacheKey(c echo.Context, sc *rulings.Scenario) string {
	query := strings.Join(c.QueryParams()["formats"], ",")
	formats := chooseFormats(query, sc)
	if sc == nil && query == "" {
		// The default formats are the scenario's own; the key must not
		// need the scenario to be read first.
		formats = []string{"default"}
	}
	return c.Request().URL.Path + "?" + strings.Join(formats, ",") + "&asked=" + strconv.FormatBool(query != "")
}

// showReplay answers the replay page of sc, rendered once for its key and
// served from the cache after.
func (s *Server) showReplay(c echo.Context, sc *rulings.Scenario, src, name, key string) error {
	return s.cachedPage(c, s.replayCacheKey(c, nil), name == "", func(ctx context.Context) (int, templ.Component, error) {
		p, err := s.replayPage(ctx, c, sc, src, name, key)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, replayView(p), nil
	})
}

func (s *Server) replayPage(ctx context.Context, c echo.Context, sc *rulings.Scenario, src, name, key string) (ReplayPage, error) {
	query := strings.Join(c.QueryParams()["formats"], ",")
	formats := chooseFormats(query, sc)
	cols, differs, why, err := replayAll(ctx, sc, formats)
	if err != nil {
		return ReplayPage{}, err
	}
	summary := replaySummary(sc, cols)
	title := "Replay: " + sc.Title
	if name == "" {
		title, summary = "Shared scenario (visitor's): "+sc.Title, truncate(userContentNote+summary, 300)
	}
	p := ReplayPage{Base: s.replayBase(c, title, summary), Source: src, Name: name, Scenario: sc, Columns: cols, Differs: differs, Why: why, Formats: formatChoices(formats), AllOK: true,
		Script: s.assetURL("replay.js"), Rules: s.ruleLabels(cols)}
	p.UserContent = name == ""
	for _, col := range cols {
		p.AllOK = p.AllOK && col.T.OK()
	}
	if sc.Example != "" {
		page, anchor, _ := strings.Cut(sc.Example, "#")
		if _, ok := s.d.Site.Page(page); ok {
			p.Example = "/rules/" + page
			if anchor != "" {
				p.Example += "#" + anchor
			}
			p.ExampleAt = s.ruleLabels(nil, sc.Example)[sc.Example]
		}
	}
	if len(sc.Players) == 2 {
		p.Puzzle = "/replay/" + name + "/puzzle.lua"
		if name == "" {
			p.Puzzle = "/replay/s/" + key + "/puzzle.lua"
		}
	}
	p.ShareURL = p.Canonical
	if query != "" {
		p.ShareURL += "?formats=" + strings.Join(formats, ",")
	}
	return p, nil
}

// replaySummary is the one line a pasted link previews with: what each
// format concluded.
func replaySummary(sc *rulings.Scenario, cols []ReplayColumn) string {
	var parts []string
	for _, c := range cols {
		switch {
		case c.T.Error != nil:
			parts = append(parts, c.Name+": scenario error")
		case c.T.Verdict != nil:
			parts = append(parts, fmt.Sprintf("%s: illegal at line %d (%s)", c.Name, c.T.Verdict.Line, c.T.Verdict.Rule))
		default:
			lp := []string{}
			for _, ps := range c.T.Final.Players {
				lp = append(lp, fmt.Sprintf("%s %d LP", ps.Player, ps.LP))
			}
			parts = append(parts, c.Name+": "+strings.Join(lp, ", "))
		}
	}
	return truncate(sc.Title+" — "+strings.Join(parts, "; "), 300)
}

// replayPost parses a pasted scenario, stores it by hash and redirects to
// its permanent link.
func (s *Server) replayPost(c echo.Context) error {
	src := normalizeScenario(c.FormValue("scenario"))
	formats := c.Request().Form["format"]
	p := ReplayPage{Base: s.replayBase(c, "Replay a scenario", "Paste a duel scenario and see it replayed by Substep's rules engine."), Source: src, Formats: formatChoices(formats), Submitted: true, Script: s.assetURL("replay.js")}
	if strings.TrimSpace(src) == "" {
		p.Problems = []rulings.ParseError{{Msg: "Paste a scenario first."}}
		return s.render(c, http.StatusBadRequest, replayView(p))
	}
	if len(src) > shares.MaxLen || !utf8.ValidString(src) {
		p.Problems = []rulings.ParseError{{Msg: fmt.Sprintf("A scenario must be UTF-8 text of at most %d KB.", shares.MaxLen>>10)}}
		return s.render(c, http.StatusBadRequest, replayView(p))
	}
	sc, err := rulings.ParseScenario("pasted", []byte(src), s.d.Cards)
	if err != nil {
		p.Problems = parseProblems(err)
		return s.render(c, http.StatusBadRequest, replayView(p))
	}
	if sealed, err := s.isSealedSituation(c, sc); err != nil || sealed {
		if err != nil {
			return err
		}
		p.Problems = []rulings.ParseError{{Msg: sealedSituationText}}
		return s.render(c, http.StatusForbidden, replayView(p))
	}
	key, err := s.d.Replay.Shares.Put(c.Request().Context(), ClientKey(c.RealIP()), src)
	if errors.Is(err, sqlitefile.ErrFull) {
		return fmt.Errorf("%w: %w", errSharesFull, err)
	}
	if err != nil {
		return err
	}
	target := "/replay/s/" + key
	if len(formats) > 0 {
		target += "?formats=" + strings.Join(chooseFormats(strings.Join(formats, ","), nil), ",")
	}
	return c.Redirect(http.StatusSeeOther, target)
}

// normalizeScenario makes equal scenarios hash equally: Unix line endings,
// no trailing spaces, one final newline.
func normalizeScenario(src string) string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.TrimSpace(strings.Join(lines, "\n")) + "\n"
}

// apiReplay is POST /api/replay: the scenario as the body (text/plain), or
// JSON {"scenario": "...", "formats": ["goat", "hat"]}. It answers every
// format's timeline, or 400 with each problem's line and reason.
func (s *Server) apiReplay(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, shares.MaxLen+1)) // already in memory (readBody)
	if err != nil {
		return err
	}
	src, formats := string(body), c.QueryParam("formats")
	if strings.HasPrefix(c.Request().Header.Get("Content-Type"), "application/json") {
		var req struct {
			Scenario string   `json:"scenario"`
			Formats  []string `json:"formats"`
		}
		if err := jsonDecode(body, &req); err != nil {
			return c.JSON(http.StatusBadRequest, map[string]any{"error": `the body must be JSON {"scenario": "...", "formats": [...]} or the scenario as plain text`, "status": 400})
		}
		src, formats = req.Scenario, strings.Join(req.Formats, ",")
	}
	if len(src) > shares.MaxLen {
		return c.JSON(http.StatusRequestEntityTooLarge, map[string]any{"error": fmt.Sprintf("a scenario may be at most %d KB", shares.MaxLen>>10), "status": 413})
	}
	sc, err := rulings.ParseScenario("api", []byte(src), s.d.Cards)
	if err != nil {
		probs := parseProblems(err)
		return c.JSON(http.StatusBadRequest, map[string]any{"error": probs[0].Error(), "line": probs[0].Line, "problems": probs, "status": 400})
	}
	if sealed, err := s.isSealedSituation(c, sc); err != nil || sealed {
		if err != nil {
			return err
		}
		return sealedJSON(c, sealedSituationText)
	}
	release, err := s.slots.acquire(c, true)
	if err != nil {
		return err
	}
	defer release()
	cols, differs, why, err := replayAll(c.Request().Context(), sc, chooseFormats(formats, sc))
	if err != nil {
		return err
	}
	type out struct {
		Format   string            `json:"format"`
		Timeline *rulings.Timeline `json:"timeline"`
		Steps    []rulings.Step    `json:"steps"`
		OK       bool              `json:"ok"`
	}
	res := struct {
		Title    string         `json:"title"`
		Example  string         `json:"example,omitempty"`
		Formats  []out          `json:"formats"`
		Differs  []int          `json:"differs"`
		Why      map[int]string `json:"why"`
		ShareKey string         `json:"share_key"`
	}{Title: sc.Title, Example: sc.Example, Differs: differs, Why: why, ShareKey: shares.Key(normalizeScenario(src))}
	for _, col := range cols {
		res.Formats = append(res.Formats, out{Format: col.Format, Timeline: col.T, Steps: col.Steps, OK: col.T.OK()})
	}
	return c.JSON(http.StatusOK, res)
}

// GuidePage shows a trusted Markdown document from the repository.
type GuidePage struct {
	Base
	HTML string
}

// replayHelp shows the scenario format's documentation (rulings/SCENARIOS.md).
func (s *Server) replayHelp(c echo.Context) error {
	b := s.replayBase(c, "Writing a scenario", "How to write a duel scenario for Substep's rules engine: the starting position, the actions, and expectations per format.")
	return s.render(c, http.StatusOK, guideView(GuidePage{Base: b, HTML: s.guideHTML}))
}

// replayPuzzle serves a bundled or shared scenario's starting position as
// an EDOPro puzzle (internal/puzzle), as a file to download.
func (s *Server) replayPuzzle(c echo.Context) error {
	var sc *rulings.Scenario
	file := "substep-" + c.Param("name")
	if key := c.Param("key"); key != "" {
		src, err := s.d.Replay.Shares.Get(c.Request().Context(), key)
		if errors.Is(err, shares.ErrNotFound) {
			return fmt.Errorf("%w: no shared scenario %q", ErrNotFound, key)
		}
		if err != nil {
			return err
		}
		if sc, err = rulings.ParseScenario("shared", []byte(src), s.d.Cards); err != nil {
			return fmt.Errorf("%w: the shared scenario no longer reads: %s", ErrInvalid, parseProblems(err)[0].Error())
		}
		file = "substep-shared-" + key
	} else {
		for _, b := range s.d.Replay.Scenarios {
			if b.Name == c.Param("name") {
				sc = b
			}
		}
		if sc == nil {
			return fmt.Errorf("%w: no scenario %q", ErrNotFound, c.Param("name"))
		}
	}
	lua, err := puzzle.Lua(sc)
	if errors.Is(err, puzzle.ErrPlayers) {
		return fmt.Errorf("%w: %s", ErrInvalid, err.Error())
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+file+`.lua"`)
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "text/x-lua; charset=utf-8", lua)
}
