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

	"github.com/google/go-cmp/cmp"
)

func postJSON(t *testing.T, u string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := client.Post(u, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("POST %s: not JSON: %s", u, raw)
	}
	return resp.StatusCode, out
}

// TestDeckCheckAPI checks the Domain deck checker over real HTTP: the same
// deck as .ydk, ydke:// and a text list gives the same verdict, and bad
// input is a 400 naming the line.
func TestDeckCheckAPI(t *testing.T) {
	a, _ := startApp(t)
	read := func(name string) string {
		b, err := os.ReadFile("../../rulings/domain/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	type verdict struct {
		Legal             bool
		Main, Extra, Errs int
	}
	got := map[string]verdict{}
	for _, in := range []struct{ name, deck string }{
		{"legal-dmg.ydk", read("legal-dmg.ydk")},
		{"", read("legal-dmg.ydke")},
		{"", read("legal-dmg.txt")},
	} {
		status, res := postJSON(t, a.URL()+"/api/domain/check", map[string]string{"deck": in.deck, "name": in.name, "master": "Dark Magician Girl"})
		if status != 200 {
			t.Fatalf("status %d: %v", status, res)
		}
		problems, _ := res["problems"].([]any)
		got[res["format"].(string)] = verdict{res["legal"].(bool), int(res["main_count"].(float64)), int(res["extra_count"].(float64)), len(problems)}
		if share, _ := res["share_url"].(string); !strings.HasPrefix(share, a.URL()+"/domain/check?") {
			t.Errorf("share_url = %q", share)
		}
	}
	want := map[string]verdict{"ydk": {true, 60, 2, 0}, "ydke": {true, 60, 2, 0}, "text": {true, 60, 2, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}

	for _, tt := range []struct {
		name, deck, master, want string
		line                     float64
	}{
		{"bad passcode", "#main\nabc\n", "Sangan", `line 2: "abc" is not a passcode`, 2},
		{"unknown master", "#main\n26202165\n", "No Such Card", "No Such Card", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, res := postJSON(t, a.URL()+"/api/domain/check", map[string]string{"deck": tt.deck, "master": tt.master})
			if status != 400 {
				t.Fatalf("status %d, want 400: %v", status, res)
			}
			if msg, _ := res["error"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("error = %q, want it to contain %q", msg, tt.want)
			}
			if tt.line > 0 && res["line"] != tt.line {
				t.Errorf("line = %v, want %v", res["line"], tt.line)
			}
		})
	}
}

// TestDeckCheckPage posts the form and follows the share link.
func TestDeckCheckPage(t *testing.T) {
	a, _ := startApp(t)
	deck, err := os.ReadFile("../../rulings/domain/testdata/legal-dmg.txt")
	if err != nil {
		t.Fatal(err)
	}
	// An illegal deck: the legal one under another Deck Master, whose
	// Domain (DARK, Fiend) leaves some monsters out.
	resp, err := client.PostForm(a.URL()+"/domain/check", url.Values{"deck": {string(deck)}, "master": {"Sangan"}})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	p := parsePage(t, resp.Body)
	if got := p.Text("section.verdict h2"); !strings.HasPrefix(got, "Not legal") {
		t.Errorf("verdict = %q", got)
	}
	share := p.Attr("section.verdict button.copy", "data-copy")
	if !strings.HasPrefix(share, a.URL()+"/domain/check?") {
		t.Fatalf("share link = %q", share)
	}
	_, body := get(t, share)
	p2 := parsePage(t, bytes.NewReader(body))
	if got, want := p2.Text("section.verdict h2"), p.Text("section.verdict h2"); got != want {
		t.Errorf("shared link verdict = %q, want %q", got, want)
	}
	if got := p2.Text("ul.problems li"); got == "" {
		t.Errorf("shared link shows no problems")
	}
	resp2, _ := get(t, a.URL()+"/domain/check")
	if resp2.StatusCode != http.StatusOK {
		t.Errorf("form: %d", resp2.StatusCode)
	}
}
