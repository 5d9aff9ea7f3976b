package app

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"substep/quizzes"
	"substep/web"
)

// TestSealedDecks: the deck checker (page and API) does not judge a
// certification question's deck, however it is written, so a candidate
// cannot paste a test's deck into it; practice decks and other decks are
// judged as before.
func TestSealedDecks(t *testing.T) {
	_, set := checkedBanks(t)
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db"), RateLimit: web.RateLimit{Off: true}})
	post := func(format, deck, master string) (int, string) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"format": format, "deck": deck, "master": master})
		resp, err := http.Post(a.URL()+"/api/deck/check", "application/json", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out struct {
			Error string `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out.Error
	}
	// The Domain checker (/api/domain/check) reads the same decks.
	postDomain := func(deck, master string) int {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"deck": deck, "master": master})
		resp, err := http.Post(a.URL()+"/api/domain/check", "application/json", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	var sealed, open int
	for _, b := range set.Banks() {
		shown := b.Practice()
		for _, q := range b.Questions {
			if _, onPage := shown.Question(q.ID); q.Deck == "" || (q.Pool != quizzes.PoolCertification && !onPage) {
				continue
			}
			code, msg := post(b.Format, q.Deck, q.DeckMaster)
			// The same deck written in capitals, checked as another format.
			other := map[string]string{"domain": "domain", "goat": "edison", "edison": "goat", "hat": "goat"}[b.Format]
			code2, _ := post(other, strings.ToUpper(q.Deck), q.DeckMaster)
			// The deck as a script changes it: one more card at the end.
			code3, _ := post(b.Format, strings.TrimRight(q.Deck, "\n")+"\n1 Giant Rat\n", q.DeckMaster)
			code4 := http.StatusForbidden
			if b.Format == "domain" {
				code4 = postDomain(q.Deck, q.DeckMaster)
				if q.Pool != quizzes.PoolCertification && code4 == http.StatusForbidden {
					t.Errorf("%s: the Domain checker seals a practice deck", q.ID)
				}
			}
			switch {
			case q.Pool == quizzes.PoolCertification:
				sealed++
				if code != http.StatusForbidden || !strings.Contains(msg, "certification") || code2 != http.StatusForbidden || code3 != http.StatusForbidden || code4 != http.StatusForbidden {
					t.Errorf("%s: the checker answered %d, reordered under %s %d, with one more card %d, the Domain checker %d for a certification deck; want 403 (%q)", q.ID, code, other, code2, code3, code4, msg)
				}
			default:
				open++
				if code == http.StatusForbidden {
					t.Errorf("%s: a practice deck is sealed", q.ID)
				}
			}
		}
	}
	if sealed == 0 || open == 0 {
		t.Fatalf("%d certification and %d practice deck questions: the test needs both", sealed, open)
	}
	// The page refuses it too, with the reason.
	for _, b := range set.Banks() {
		for _, q := range b.InPool(quizzes.PoolCertification).Questions {
			if q.Deck == "" {
				continue
			}
			cd := newCandidate(t, a.URL())
			_, form := cd.must("GET", "/deck/check", nil, 200)
			_, p := cd.must("POST", "/deck/check", url.Values{"_csrf": {form.Attr("form.deck-form input[name=_csrf]", "value")}, "format": {b.Format}, "deck": {q.Deck}, "master": {q.DeckMaster}}, http.StatusForbidden)
			if !strings.Contains(p.Text("main"), "judge certification") {
				t.Errorf("%s: the page's refusal does not say why: %q", q.ID, p.Text("main"))
			}
			t.Logf("%d certification decks sealed, %d practice decks judged; the page refuses %s", sealed, open, q.ID)
			return
		}
	}
}

// TestSealedSituations: the replay tools (the API, the paste form) do not
// play a certification question's situation, however its script is
// rewritten (comments, title and expectations dropped), while they play
// what practice shows.
func TestSealedSituations(t *testing.T) {
	c, set := checkedBanks(t)
	// A situation that is a bundled scenario's is public anyway, and never
	// sealed; quizzes' TestBoards counts those down to none.
	bundled := map[string]bool{}
	for _, sc := range c.Scenarios {
		bundled[sc.Key()] = true
	}
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db"), RateLimit: web.RateLimit{Off: true}})
	rewrite := func(src string) string {
		var out []string
		for _, l := range strings.Split(src, "\n") {
			l = strings.TrimSpace(l)
			switch {
			case l == "", strings.HasPrefix(l, "#"), strings.HasPrefix(l, "expect"):
			case strings.HasPrefix(l, "title:"):
				out = append(out, "title: my own dispute")
			default:
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n") + "\n"
	}
	// variant is the situation as a candidate's script re-types it from an
	// attempt page with changes that cannot matter to most questions: one
	// more card in the Graveyard, one more pass.
	position := regexp.MustCompile(`^[A-F][0-9]? [a-z/& ]+:`)
	variant := func(src string) string {
		ls := strings.Split(rewrite(src), "\n")
		for i, l := range ls {
			if position.MatchString(l) {
				ls = slices.Insert(ls, i, "B graveyard: Giant Rat")
				break
			}
		}
		return strings.Join(ls, "\n") + "both pass\n"
	}
	api := func(src string) int {
		t.Helper()
		resp, err := http.Post(a.URL()+"/api/replay", "text/plain", strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	var sealed, open, variants int
	var first string
	for _, b := range set.Banks() {
		shown := b.Practice()
		for _, q := range b.Questions {
			if q.Scenario == "" || q.ScenarioFile != "" {
				continue
			}
			_, onPage := shown.Question(q.ID)
			switch {
			case q.Pool == quizzes.PoolCertification && bundled[q.Replay.Key]:
			case q.Pool == quizzes.PoolCertification:
				sealed++
				if code, code2 := api(q.Scenario), api(rewrite(q.Scenario)); code != http.StatusForbidden || code2 != http.StatusForbidden {
					t.Errorf("%s: the replay API answered %d, and %d rewritten, for a certification situation; want 403", q.ID, code, code2)
				}
				switch code := api(variant(q.Scenario)); code {
				case http.StatusBadRequest: // the script's line does not fit this board
				case http.StatusForbidden:
					variants++
				default:
					variants++
					t.Errorf("%s: the replay API answered %d for a script's variant of a certification situation; want 403", q.ID, code)
				}
				if first == "" {
					first = q.Scenario
				}
			case onPage:
				open++
				if code := api(q.Scenario); code == http.StatusForbidden {
					t.Errorf("%s: a practice situation is sealed", q.ID)
				}
			}
		}
	}
	if sealed == 0 || open == 0 || variants < sealed/2 {
		t.Fatalf("%d certification situations (%d variants read) and %d practice situations: the test needs all", sealed, variants, open)
	}
	cd := newCandidate(t, a.URL())
	_, form := cd.must("GET", "/replay", nil, 200)
	_, p := cd.must("POST", "/replay", url.Values{"_csrf": {form.Attr("form input[name=_csrf]", "value")}, "scenario": {rewrite(first)}}, http.StatusForbidden)
	if !strings.Contains(p.Text("main"), "judge certification") {
		t.Errorf("the paste form's refusal does not say why: %q", p.Text("main"))
	}
	t.Logf("%d certification situations sealed (and %d variants of them), %d practice situations played", sealed, variants, open)
}
