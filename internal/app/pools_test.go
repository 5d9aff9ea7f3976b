package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"substep/pools"
	"substep/rulings/domain"
	"substep/web"
)

// TestPoolCardPages fetches the page of every card of every pool over
// real HTTP (a few requests at a time) and checks that it shows each of
// the card's passcodes and its status in each format.
func TestPoolCardPages(t *testing.T) {
	a, _ := startApp(t)
	set, err := pools.Default()
	if err != nil {
		t.Fatal(err)
	}
	cards := set.Cards()
	jobs := make(chan *pools.Card)
	var mu sync.Mutex
	var failures []string
	fail := func(f string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(f, args...))
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				resp, err := client.Get(a.URL() + "/cards/" + c.Slug)
				if err != nil {
					fail("%s: %v", c.Name, err)
					continue
				}
				p := parsePage(t, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					fail("/cards/%s: status %d", c.Slug, resp.StatusCode)
					continue
				}
				codes := p.Text("ul.passcodes")
				for _, pc := range c.Passcodes {
					if !strings.Contains(codes, strconv.FormatUint(uint64(pc), 10)) {
						fail("/cards/%s: passcode %d missing", c.Slug, pc)
					}
				}
				statuses := p.Text("table.pool-status")
				for _, f := range set.Formats() {
					if !strings.Contains(statuses, f.Status(c).String()) {
						fail("/cards/%s: no %s status %q", c.Slug, f.ID, f.Status(c))
					}
				}
			}
		}()
	}
	for _, c := range cards {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	n := 0
	for _, f := range set.Formats() {
		for _, c := range f.Cards() {
			n += len(f.Listed(c))
		}
	}
	if n != 1704+3980+6177 {
		t.Errorf("%d listed passcodes, want 11,861", n)
	}
	t.Logf("%d card pages for %d listed passcodes", len(cards), n)
}

// TestDeckCheckFormats checks the decks over real HTTP, through
// the API and the shareable page.
func TestDeckCheckFormats(t *testing.T) {
	a, _ := startApp(t)
	set, err := pools.Default()
	if err != nil {
		t.Fatal(err)
	}
	// 3 copies each of cards Unlimited in every pool.
	var filler []uint32
	for _, c := range set.Cards() {
		ok := true
		for _, f := range set.Formats() {
			ok = ok && f.Status(c) == pools.Unlimited
		}
		for i := 0; ok && i < 3; i++ {
			filler = append(filler, c.Official())
		}
		if len(filler) >= 60 {
			break
		}
	}
	deck := func(n int, cards ...uint32) string {
		return string(domain.EncodeYDK(domain.Decklist{Main: append(cards, filler[:n-len(cards)]...)}))
	}
	tests := []struct {
		name, format, deck string
		legal              bool
		rule, says         string
	}{
		{"Goat CED official passcode", "goat", deck(40, 82301904), false, "forbidden", "Chaos Emperor Dragon - Envoy of the End is Forbidden in Goat"},
		{"Goat 4 Sangan official+variant", "goat", deck(40, 26202165, 26202165, 504700178, 504700178), false, "copies", "Sangan is Limited in Goat (1)"},
		{"Edison Dewloren x3", "edison", deck(40, 70583986, 70583986, 70583986), false, "copies", "Dewloren, Tiger King of the Ice Barrier is Semi-Limited in Edison (2)"},
		{"Edison Dewloren x2", "edison", deck(40, 70583986, 70583986), true, "", ""},
		{"HAT 39 cards", "hat", deck(39), false, "main-count", "The Main Deck has 39 cards"},
		{"Goat a 2008 card", "goat", deck(40, 65192027), false, "not-in-pool", "Dark Armed Dragon (1 copy) is not in this format's pool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, res := postJSON(t, a.URL()+"/api/deck/check", map[string]string{"format": tt.format, "deck": tt.deck})
			if status != 200 {
				t.Fatalf("status %d: %v", status, res)
			}
			if res["legal"] != tt.legal {
				t.Errorf("legal = %v, want %v: %v", res["legal"], tt.legal, res["problems"])
			}
			if tt.rule != "" {
				found := false
				for _, p := range res["problems"].([]any) {
					p := p.(map[string]any)
					found = found || p["rule"] == tt.rule && strings.HasPrefix(p["message"].(string), tt.says)
				}
				if !found {
					t.Errorf("no %s problem saying %q: %v", tt.rule, tt.says, res["problems"])
				}
			}
			// The share link checks the same deck again.
			share := res["share_url"].(string)
			resp, err := client.Get(share)
			if err != nil {
				t.Fatal(err)
			}
			p := parsePage(t, resp.Body)
			resp.Body.Close()
			h := p.Text("section.verdict h2")
			if tt.legal != strings.HasPrefix(h, "Legal") {
				t.Errorf("share link %s says %q", share, h)
			}
			if tt.says != "" && !strings.Contains(p.Text("ul.problems"), tt.says) {
				t.Errorf("share link page does not say %q", tt.says)
			}
		})
	}
	status, res := postJSON(t, a.URL()+"/api/deck/check", map[string]string{"format": "tcg", "deck": "1 Sangan"})
	if status != 400 || !strings.Contains(res["error"].(string), "no format") {
		t.Errorf("unknown format: %d %v", status, res)
	}
	// A realistic Goat list posted through the form is legal.
	list, err := os.ReadFile("../../pools/testdata/goat-control.txt")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.PostForm(a.URL()+"/deck/check", url.Values{"format": {"goat"}, "deck": {string(list)}})
	if err != nil {
		t.Fatal(err)
	}
	p := parsePage(t, resp.Body)
	resp.Body.Close()
	if got := p.Text("section.verdict h2"); !strings.HasPrefix(got, "Legal in Goat") {
		t.Errorf("goat-control.txt: %q: %s", got, p.Text("ul.problems"))
	}
}

// TestFormatLists checks the list pages, the diff and the export.
func TestFormatLists(t *testing.T) {
	a, _ := startApp(t)
	resp, body := get(t, a.URL()+"/lists/goat...edison")
	if resp.StatusCode != 200 {
		t.Fatalf("diff: %d", resp.StatusCode)
	}
	p := parsePage(t, strings.NewReader(string(body)))
	found := false
	for _, row := range p.All("table.diff tr") {
		txt := strings.Join(strings.Fields(textOf(row)), "")
		if strings.HasPrefix(txt, "PotofGreedLimited") || strings.HasPrefix(txt, "PotofGreedForbidden") || txt == "PotofGreedUnlimitedForbidden" {
			found = true
			if txt != "PotofGreedLimitedForbidden" {
				t.Errorf("Pot of Greed row: %q", txt)
			}
		}
	}
	if !found {
		t.Error("the diff has no Pot of Greed row")
	}
	resp, body = get(t, a.URL()+"/lists/goat")
	p = parsePage(t, strings.NewReader(string(body)))
	if resp.StatusCode != 200 || !strings.Contains(p.Text("main"), "Chaos Emperor Dragon - Envoy of the End") {
		t.Errorf("/lists/goat: %d, no CED", resp.StatusCode)
	}
	resp, body = get(t, a.URL()+"/lists/edison.lflist.conf")
	if resp.StatusCode != 200 || !strings.Contains(string(body), "\n70583986 2 --Dewloren, Tiger King of the Ice Barrier\n") {
		t.Errorf("edison export: %d", resp.StatusCode)
	}
	if resp, _ := get(t, a.URL()+"/lists/domain"); resp.StatusCode != 404 {
		t.Errorf("/lists/domain: %d, want 404", resp.StatusCode)
	}
}

// TestPoolSearch checks card search over every pool card, through
// /api/search: a card's full name ranks it first, an abbreviation means
// what it means in the filtered format, and "banlist" finds the lists.
func TestPoolSearch(t *testing.T) {
	a := runApp(t, Config{RateLimit: web.RateLimit{Off: true}})
	type hit struct {
		Name, Slug string
	}
	search := func(q, format string) ([]hit, []string) {
		t.Helper()
		resp, body := get(t, a.URL()+"/api/search?"+url.Values{"q": {q}, "format": {format}}.Encode())
		if resp.StatusCode != 200 {
			t.Fatalf("search %q: %d", q, resp.StatusCode)
		}
		var out struct {
			Cards []hit
			Hits  []struct{ URL string }
		}
		if err := json.Unmarshal(body, &out); err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, h := range out.Hits {
			urls = append(urls, h.URL)
		}
		return out.Cards, urls
	}
	for _, tt := range []struct{ q, format, first string }{
		{"Chaos Emperor Dragon - Envoy of the End", "", "Chaos Emperor Dragon - Envoy of the End"},
		{"Pot of Greed", "", "Pot of Greed"},
		{"CED", "goat", "Chaos Emperor Dragon - Envoy of the End"},
		{"ced", "hat", "Chaos Emperor Dragon - Envoy of the End"},
		{"DAD", "edison", "Dark Armed Dragon"},
		{"MST", "", "Mystical Space Typhoon"},
		{"TER", "goat", "Thousand-Eyes Restrict"},
		{"Dewloren", "edison", "Dewloren, Tiger King of the Ice Barrier"},
		{"sangna", "goat", "Sangan"},
	} {
		cards, _ := search(tt.q, tt.format)
		if len(cards) == 0 || cards[0].Name != tt.first {
			t.Errorf("search %q (format %q): cards %v, want %s first", tt.q, tt.format, cards, tt.first)
		}
	}
	_, urls := search("banlist", "")
	if !slices.Contains(urls, "/lists/goat") || !slices.Contains(urls, "/lists/edison") || !slices.Contains(urls, "/lists/hat") {
		t.Errorf("search banlist: %v, want the three lists", urls)
	}
}

// TestListDiffCompact: a diff page stays small yet shows every change of
// status in full; the cards that only entered or left as Unlimited are
// counted by initial, and picking an initial lists each of them.
func TestListDiffCompact(t *testing.T) {
	a := runApp(t, Config{RateLimit: web.RateLimit{Off: true}})
	ps := a.Content().Pools
	const maxDiffPage = 64 << 10
	for _, pair := range [][2]string{{"goat", "edison"}, {"edison", "hat"}, {"goat", "hat"}, {"hat", "goat"}} {
		from, _ := ps.Format(pair[0])
		to, _ := ps.Format(pair[1])
		u := a.URL() + "/lists/" + pair[0] + "..." + pair[1]
		resp, body := get(t, u)
		if resp.StatusCode != 200 || len(body) > maxDiffPage {
			t.Errorf("%s: status %d, %d bytes (at most %d)", u, resp.StatusCode, len(body), maxDiffPage)
		}
		doc := parsePage(t, strings.NewReader(string(body)))
		rows := map[string]string{}
		for _, row := range doc.All("table.diff tbody tr") {
			rows[strings.Join(strings.Fields(textOf(row)), "")] = ""
		}
		main := doc.Text("main")
		byInitial := map[string][]string{} // "entered:s" → names
		for _, c := range ps.Cards() {
			sa, sb := from.Status(c), to.Status(c)
			switch {
			case sa == sb:
			case sa == pools.NotInPool && sb == pools.Unlimited:
				k := pools.Initial(c.Name)
				byInitial["entered:"+k] = append(byInitial["entered:"+k], c.Name)
			case sb == pools.NotInPool && sa == pools.Unlimited:
				k := pools.Initial(c.Name)
				byInitial["left:"+k] = append(byInitial["left:"+k], c.Name)
			default:
				want := strings.Join(strings.Fields(c.Name+sa.String()+sb.String()), "")
				if _, ok := rows[want]; !ok {
					t.Errorf("%s: no row %q for a change of status", u, want)
				}
			}
		}
		// Each initial's count is shown, and its page lists every card.
		checked := 0
		for key, names := range byInitial {
			side, k, _ := strings.Cut(key, ":")
			label := strings.ToUpper(k)
			if k == "0" {
				label = "0-9 and others"
			}
			if !strings.Contains(main, fmt.Sprintf("%s (%d)", label, len(names))) {
				t.Errorf("%s: no count %s (%d) for %s", u, label, len(names), side)
			}
			if k != "s" && k != "0" {
				continue
			}
			checked++
			resp, body := get(t, u+"?"+side+"="+k)
			if resp.StatusCode != 200 {
				t.Fatalf("%s?%s=%s: %d", u, side, k, resp.StatusCode)
			}
			listed := parsePage(t, strings.NewReader(string(body))).Text("ul.card-list")
			for _, n := range names {
				if !strings.Contains(listed, n) {
					t.Errorf("%s?%s=%s does not list %s", u, side, k, n)
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no initial page checked", u)
		}
	}
	resp, body := get(t, a.URL()+"/lists/goat...edison?entered=zz")
	if resp.StatusCode != 400 || !strings.Contains(string(body), "entered=") {
		t.Errorf("a bad initial: %d %s", resp.StatusCode, body)
	}
}
