package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/web"
)

// snakeCase is the one key casing of the JSON API.
var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// keyPaths lists the key paths of a JSON value ("hits[].page_id"), not
// descending into the opaque paths (documented as "path.*"); bad lists the
// keys that are not snake_case.
func keyPaths(v any, prefix string, opaque []string, out map[string]bool, bad *[]string) {
	if slices.Contains(opaque, prefix) {
		checkCase(v, prefix, bad)
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			if !snakeCase.MatchString(k) {
				*bad = append(*bad, p)
			}
			out[p] = true
			keyPaths(val, p, opaque, out, bad)
		}
	case []any:
		for _, val := range x {
			keyPaths(val, prefix+"[]", opaque, out, bad)
		}
	}
}

// checkCase checks the keys inside an opaque object too, except in maps
// whose keys are data (why: script line → sentence).
func checkCase(v any, prefix string, bad *[]string) {
	if strings.HasSuffix(prefix, "why") {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if !snakeCase.MatchString(k) {
				*bad = append(*bad, prefix+"."+k)
			}
			checkCase(val, prefix+"."+k, bad)
		}
	case []any:
		for _, val := range x {
			checkCase(val, prefix+"[]", bad)
		}
	}
}

// TestAPIShapes: each endpoint /api documents answers its example request
// with exactly the documented keys (optional ones may be absent), every key
// snake_case.
func TestAPIShapes(t *testing.T) {
	a, _ := startApp(t)
	for _, ep := range web.APIEndpoints() {
		t.Run(ep.Method+" "+ep.Path, func(t *testing.T) {
			req := ep.Request()
			req.RequestURI = ""
			u := a.URL() + ep.URL
			r, err := http.NewRequest(req.Method, u, req.Body)
			if err != nil {
				t.Fatal(err)
			}
			r.Header = req.Header
			resp, err := client.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("the example answers %d: %s", resp.StatusCode, body)
			}
			var v any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			var required, optional, opaque []string
			for _, k := range ep.Keys {
				switch {
				case strings.HasSuffix(k, ".*"):
					opaque = append(opaque, strings.TrimSuffix(k, ".*"))
					optional = append(optional, strings.TrimSuffix(k, ".*"))
				case strings.HasSuffix(k, "?"):
					optional = append(optional, strings.TrimSuffix(k, "?"))
				default:
					required = append(required, k)
				}
			}
			// "hits[].url" documents "hits" too.
			for _, k := range append(slices.Clone(required), optional...) {
				for i := range k {
					if k[i] == '.' || k[i] == '[' {
						optional = append(optional, k[:i])
					}
				}
			}
			live := map[string]bool{}
			var bad []string
			keyPaths(v, "", opaque, live, &bad)
			if len(bad) > 0 {
				sort.Strings(bad)
				t.Errorf("keys not in snake_case: %q", bad)
			}
			var missing, extra []string
			for _, k := range required {
				if !live[k] {
					missing = append(missing, k)
				}
			}
			for k := range live {
				if !slices.Contains(required, k) && !slices.Contains(optional, k) {
					extra = append(extra, k)
				}
			}
			sort.Strings(extra)
			if diff := cmp.Diff([]string(nil), missing); diff != "" {
				t.Errorf("documented keys the answer lacks (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string(nil), extra); diff != "" {
				t.Errorf("keys the answer has that /api does not document (-want +got):\n%s", diff)
			}
		})
	}
	// The page itself shows every endpoint with its live example.
	resp, body := get(t, a.URL()+"/api")
	if resp.StatusCode != 200 {
		t.Fatalf("/api: %d", resp.StatusCode)
	}
	p := parsePage(t, bytes.NewReader(body))
	if n := len(p.All("section.endpoint")); n != len(web.APIEndpoints()) {
		t.Errorf("/api documents %d endpoints, want %d", n, len(web.APIEndpoints()))
	}
	for _, ex := range p.All("pre.example") {
		if !strings.HasPrefix(strings.TrimSpace(textOf(ex)), "{") {
			t.Errorf("an example answer is not JSON: %.80q", textOf(ex))
		}
	}
}
