package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
)

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestReplayPages(t *testing.T) {
	a, logs := startApp(t)

	// A rule example links to its replay, and the replay shows each format.
	_, body := get(t, a.URL()+"/rules/goat-09")
	p := parsePage(t, bytes.NewReader(body))
	href := ""
	for _, n := range p.All("p.replay-link a") {
		if v, _ := attr(n, "href"); v == "/replay/goat-09-example-2" {
			href = v
		}
	}
	if href == "" {
		t.Fatalf("goat-09 has no replay link for example 2")
	}
	resp, body := get(t, a.URL()+href+"?formats=goat&formats=hat")
	if resp.StatusCode != 200 {
		t.Fatalf("%s: %d", href, resp.StatusCode)
	}
	p = parsePage(t, bytes.NewReader(body))
	var cols []string
	for _, n := range p.All("section.column h2") {
		cols = append(cols, textOf(n))
	}
	if strings.Join(cols, "|") != "Goat|HAT" {
		t.Errorf("columns = %q", cols)
	}
	if len(p.All("li.differs")) == 0 {
		t.Errorf("no event marked as differing between Goat and HAT")
	}
	if p.Attr("script#replay-data", "type") != "application/json" {
		t.Errorf("no replay data for the viewer")
	}
	if p.Attr("meta[property=og:description]", "content") == "" {
		t.Errorf("no link preview summary")
	}

	// Pasting a scenario stores it by hash and redirects to its permalink.
	src, err := os.ReadFile("../../content/scenarios/goat-03-example-1.scn")
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"scenario": {string(src)}, "format": {"goat", "modern"}}
	post := func() string {
		resp, err := noRedirect.PostForm(a.URL()+"/replay", form)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("POST /replay: %d", resp.StatusCode)
		}
		return resp.Header.Get("Location")
	}
	loc := post()
	if !strings.HasPrefix(loc, "/replay/s/") || loc != post() {
		t.Fatalf("permalink %q is not stable", loc)
	}
	resp, body = get(t, a.URL()+loc)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", loc, resp.StatusCode)
	}
	p = parsePage(t, bytes.NewReader(body))
	if n := len(p.All("section.column")); n != 2 {
		t.Errorf("shared replay has %d columns, want 2", n)
	}

	// A broken scenario: 400, the line and reason on the page, the text kept.
	bad := "title: x\nformats: goat\nturn: A\nA monsters: Sangan\nA attacks directly with Sanagn\n"
	resp, err = noRedirect.PostForm(a.URL()+"/replay", url.Values{"scenario": {bad}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("bad scenario: %d, want 400", resp.StatusCode)
	}
	p = parsePage(t, bytes.NewReader(body))
	if got := p.Text("div.error li"); !strings.HasPrefix(got, "line 5:") || !strings.Contains(got, "Sangan") {
		t.Errorf("error = %q, want line 5 with a suggestion", got)
	}
	if got := p.Text("textarea#scenario"); !strings.Contains(got, "Sanagn") {
		t.Errorf("the pasted text was lost: %q", got)
	}
	for _, path := range []string{"/replay", "/replay/help", "/replay/nope", "/replay/s/nope"} {
		resp, _ := get(t, a.URL()+path)
		want := 200
		if strings.Contains(path, "nope") {
			want = 404
		}
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}

func TestReplayAPI(t *testing.T) {
	a, _ := startApp(t)
	src, err := os.ReadFile("../../content/scenarios/goat-09-example-2.scn")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Post(a.URL()+"/api/replay?formats=goat,hat", "text/plain", bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Title   string
		Formats []struct {
			Format   string
			OK       bool
			Timeline struct {
				Chains []struct {
					Links []struct{ Card string }
				}
			}
		}
		Differs []int
	}
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(res.Formats) != 2 || res.Formats[0].Format != "goat" || res.Formats[1].Format != "hat" {
		t.Fatalf("formats = %+v", res.Formats)
	}
	first := func(i int) string { return res.Formats[i].Timeline.Chains[1].Links[0].Card }
	if first(0) != "Sangan" || first(1) != "Thestalos the Firestorm Monarch" {
		t.Errorf("chain link 1: goat %q, hat %q", first(0), first(1))
	}
	if len(res.Differs) == 0 || !res.Formats[0].OK || !res.Formats[1].OK {
		t.Errorf("differs %v, ok %v %v", res.Differs, res.Formats[0].OK, res.Formats[1].OK)
	}

	for _, tt := range []struct {
		name, ctype, body string
		status            int
		line              float64
	}{
		{"unknown card", "text/plain", "title: x\nformats: goat\nturn: A\nA monsters: Sangan\nA attacks directly with Sanagn\n", 400, 5},
		{"json", "application/json", `{"scenario": "title: x\nformats: goat\nturn: Q\n"}`, 400, 3},
		{"not json", "application/json", `{"scenario": 1`, 400, 0},
		{"too long", "text/plain", strings.Repeat("# x\n", 20000), 413, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Post(a.URL()+"/api/replay", tt.ctype, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var out map[string]any
			json.NewDecoder(resp.Body).Decode(&out)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %v", resp.StatusCode, tt.status, out)
			}
			if tt.line > 0 && out["line"] != tt.line {
				t.Errorf("line = %v, want %v (%v)", out["line"], tt.line, out["error"])
			}
			if msg, _ := out["error"].(string); msg == "" {
				t.Errorf("no error message")
			}
		})
	}
}
