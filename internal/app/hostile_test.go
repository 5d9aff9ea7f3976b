package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// Hostile input against the whole app: markup in the search box, forged
// client addresses, request floods and oversized bodies.

// xssQueries are search inputs that become live markup if echoed raw into
// the page title, the search box's value or the results header.
var xssQueries = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><svg onload=alert(1)>`,
	`</title><script>alert(1)</script>`,
	`" autofocus onfocus="alert(1)`,
	`<a href="javascript:alert(1)">sangan</a>`,
	`<iframe srcdoc="<script>alert(1)</script>">`,
	`damage <b>step</b> <style>*{}</style>`,
}

// hostileTags are elements no search page has of its own: if one is in the
// parsed page, it came from the input.
var hostileTags = map[string]bool{"img": true, "svg": true, "iframe": true, "style": true, "b": true, "object": true, "embed": true}

// activeMarkup lists what in the parsed document could run code: inline
// or foreign scripts, hostile elements, on* handlers, autofocus, and
// javascript: URLs.
func activeMarkup(doc *html.Node) []string {
	var found []string
	walk(doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		if n.Data == "script" {
			src, _ := attr(n, "src")
			if !strings.HasPrefix(src, "/static/") || n.FirstChild != nil {
				found = append(found, fmt.Sprintf("<script src=%q> with %d children", src, countChildren(n)))
			}
		}
		if hostileTags[n.Data] {
			found = append(found, "<"+n.Data+">")
		}
		for _, a := range n.Attr {
			v := strings.ToLower(strings.TrimSpace(a.Val))
			switch {
			case strings.HasPrefix(a.Key, "on"), a.Key == "autofocus", a.Key == "srcdoc":
				found = append(found, fmt.Sprintf("<%s %s=%q>", n.Data, a.Key, a.Val))
			case (a.Key == "href" || a.Key == "src" || a.Key == "action") && strings.HasPrefix(v, "javascript:"):
				found = append(found, fmt.Sprintf("<%s %s=%q>", n.Data, a.Key, a.Val))
			}
		}
	})
	return found
}

func countChildren(n *html.Node) int {
	c := 0
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c++
	}
	return c
}

// TestSearchXSS sends markup through the search box and checks, on the
// parsed HTML, that none of it became elements or attributes, and that it
// came back as text where the page echoes the query: the title, the search
// inputs' value and the results header.
func TestSearchXSS(t *testing.T) {
	a, _ := startApp(t)
	for _, q := range xssQueries {
		t.Run(q, func(t *testing.T) {
			resp, body := get(t, a.URL()+"/search?q="+url.QueryEscape(q))
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			doc, err := html.Parse(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if found := activeMarkup(doc); len(found) > 0 {
				t.Errorf("the page has markup from the query: %q", found)
			}
			p := &page{root: doc}
			if title := p.Text("title"); !strings.Contains(title, q) {
				t.Errorf("title %q does not echo the query as text", title)
			}
			inputs := p.All("input[name=q]")
			if len(inputs) == 0 {
				t.Fatal("no search input")
			}
			for _, in := range inputs {
				if v, _ := attr(in, "value"); v != q {
					t.Errorf("input %s value = %q, want the query %q", idOf(in), v, q)
				}
			}
			if header := p.Text(".count"); !strings.Contains(header, q) {
				t.Errorf("results header %q does not echo the query as text", header)
			}

			// The live results fragment the search box fetches as you type.
			resp, body = get(t, a.URL()+"/search?partial=1&q="+url.QueryEscape(q))
			if resp.StatusCode != 200 {
				t.Fatalf("partial: status %d", resp.StatusCode)
			}
			frag, err := html.Parse(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if found := activeMarkup(frag); len(found) > 0 {
				t.Errorf("the results fragment has markup from the query: %q", found)
			}
			if header := (&page{root: frag}).Text(".count"); !strings.Contains(header, q) {
				t.Errorf("fragment's results header %q does not echo the query as text", header)
			}

			// The JSON API echoes the query with <, > and & escaped.
			resp, body = get(t, a.URL()+"/api/search?q="+url.QueryEscape(q))
			if resp.StatusCode != 200 {
				t.Fatalf("api: status %d", resp.StatusCode)
			}
			if bytes.ContainsAny(body, "<>") {
				t.Errorf("API body has raw < or >: %s", body)
			}
			var res struct{ Query string }
			if err := json.Unmarshal(body, &res); err != nil || res.Query != q {
				t.Errorf("API query = %q (%v), want %q", res.Query, err, q)
			}
		})
	}
}

func idOf(n *html.Node) string {
	id, _ := attr(n, "id")
	return "#" + id
}

// forged sends GET path with client-address headers claiming to be
// someone else each time.
func forged(t *testing.T, u string, i int) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	fake := fmt.Sprintf("198.51.100.%d", i%250+1)
	req.Header.Set("X-Forwarded-For", fake)
	req.Header.Set("X-Real-IP", fake)
	req.Header.Set("Forwarded", "for="+fake)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	return resp
}

// floodUntilLimited sends forged requests to u until one is refused with
// 429, and returns that response with its body read. It fails if more
// requests pass than the default limit (a burst of 60, then 20 a second)
// allows, which is what happens when the forged headers change the key.
func floodUntilLimited(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	const burst, perSec, maxRequests = 60, 20, 1000
	start := time.Now()
	passed := 0
	for i := 0; i < maxRequests; i++ {
		resp := forged(t, u, i)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		switch resp.StatusCode {
		case http.StatusOK:
			passed++
		case http.StatusTooManyRequests:
			if allowed := burst + int(time.Since(start).Seconds()*perSec) + 1; passed > allowed {
				t.Errorf("%d requests passed before the first 429; the limit allows %d", passed, allowed)
			}
			if passed < burst {
				t.Errorf("refused after %d requests, before the burst of %d: a person typing would meet the limit", passed, burst)
			}
			return resp, body
		default:
			t.Fatalf("request %d: status %d: %s", i, resp.StatusCode, body)
		}
	}
	t.Fatalf("%d requests with forged X-Forwarded-For, X-Real-IP and Forwarded headers all passed: the forged address escapes the rate limit", maxRequests)
	return nil, nil
}

// TestRateLimitForgedForwardedFor floods the search page, each request
// claiming another client address in its headers: the limit is keyed by
// the TCP peer, so the flood is still cut off, with the site's 429 page.
func TestRateLimitForgedForwardedFor(t *testing.T) {
	a, _ := startApp(t)
	resp, body := floodUntilLimited(t, a.URL()+"/search?q=damage")

	// The 429 page comes through the site's error handler: a full HTML page
	// with the site's headers, and a hint when to retry.
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("429 Content-Type = %q, want text/html", ct)
	}
	if resp.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	if resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("429 lacks the security headers: %v", resp.Header)
	}
	p := parsePage(t, bytes.NewReader(body))
	if h1 := p.Text("h1"); h1 != http.StatusText(http.StatusTooManyRequests) {
		t.Errorf("429 page h1 = %q, want %q", h1, http.StatusText(http.StatusTooManyRequests))
	}
	if lead := p.Text(".lead"); !strings.Contains(lead, "Wait a moment") {
		t.Errorf("429 page message = %q, want it to say to wait a moment", lead)
	}
	if len(p.All("input[name=q]")) == 0 {
		t.Error("429 page lacks the site's layout (no search box)")
	}

	// The API shares the budget and answers in JSON.
	resp = forged(t, a.URL()+"/api/search?q=damage", 0)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var e struct {
		Error  string
		Status int
	}
	if resp.StatusCode != http.StatusTooManyRequests || json.Unmarshal(body, &e) != nil || e.Status != http.StatusTooManyRequests || e.Error == "" {
		t.Errorf("API while limited: %d %s, want 429 with a JSON error", resp.StatusCode, body)
	}

	// Pages are not limited: a reader who searched too fast can still read.
	if resp, _ := get(t, a.URL()+"/rules/goat-01"); resp.StatusCode != 200 {
		t.Errorf("rule page while limited: status %d, want 200", resp.StatusCode)
	}
}

// TestRateLimitAPI floods the JSON API alone, with forged headers too.
func TestRateLimitAPI(t *testing.T) {
	a, _ := startApp(t)
	resp, body := floodUntilLimited(t, a.URL()+"/api/search?q=")
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("API 429 Content-Type = %q, want JSON: %s", ct, body)
	}
}

// TestOversizedBody sends bodies over the 256 KB limit, with a declared
// length or chunked: each must be refused with 413 through the site's error
// page, whatever the route, and a small body must not be.
func TestOversizedBody(t *testing.T) {
	a, _ := startApp(t)
	big := strings.Repeat("a", 300<<10)
	tests := []struct {
		name, method, path, ctype, body string
		want                            int
		chunked                         bool // no Content-Length: the limit is only met while reading
	}{
		{"form post to a quiz", http.MethodPost, "/quiz/goat/start", "application/x-www-form-urlencoded", "name=" + big, http.StatusRequestEntityTooLarge, false},
		{"form post to an attempt", http.MethodPost, "/attempt/x/submit", "application/x-www-form-urlencoded", "q1=" + big, http.StatusRequestEntityTooLarge, false},
		{"body on a GET page", http.MethodGet, "/rules/goat-01", "text/plain", big, http.StatusRequestEntityTooLarge, false},
		{"body on the API", http.MethodGet, "/api/search?q=damage", "application/json", `{"q":"` + big + `"}`, http.StatusRequestEntityTooLarge, false},
		{"post to no route", http.MethodPost, "/nowhere", "text/plain", big, http.StatusRequestEntityTooLarge, false},
		{"small body on a GET page", http.MethodGet, "/rules/goat-01", "text/plain", "hello", http.StatusOK, false},
		{"chunked form post to a quiz", http.MethodPost, "/quiz/goat/start", "application/x-www-form-urlencoded", "name=" + big, http.StatusRequestEntityTooLarge, true},
		{"chunked form post to an attempt", http.MethodPost, "/attempt/x/submit", "application/x-www-form-urlencoded", "q1=" + big, http.StatusRequestEntityTooLarge, true},
		{"chunked body on the API", http.MethodGet, "/api/search?q=damage", "application/json", big, http.StatusRequestEntityTooLarge, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var reqBody io.Reader = strings.NewReader(tt.body)
			if tt.chunked {
				reqBody = struct{ io.Reader }{reqBody} // hides the length
			}
			req, err := http.NewRequest(tt.method, a.URL()+tt.path, reqBody)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", tt.ctype)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Fatalf("status %d, want %d: %.200s", resp.StatusCode, tt.want, body)
			}
			if tt.want != http.StatusRequestEntityTooLarge {
				return
			}
			if strings.HasPrefix(tt.path, "/api/") {
				if !bytes.Contains(body, []byte(`"status":413`)) {
					t.Errorf("API 413 body %s, want the JSON error", body)
				}
				return
			}
			if h1 := parsePage(t, bytes.NewReader(body)).Text("h1"); h1 != http.StatusText(http.StatusRequestEntityTooLarge) {
				t.Errorf("413 page h1 = %q, want %q", h1, http.StatusText(http.StatusRequestEntityTooLarge))
			}
		})
	}
}
