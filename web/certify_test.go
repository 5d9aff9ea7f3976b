package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"substep/internal/attempts"
)

// TestAttemptPageHidesTheBank: the certification page names no question
// id, no scenario title, no cited section, no bank choice id and no
// explanation; its form fields are positions.
func TestAttemptPageHidesTheBank(t *testing.T) {
	env := newQuizEnv(t)
	id, page, _ := env.startAttempt(t, "Ada")
	a, err := env.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := env.banks.Bank("goat")
	for _, it := range a.Items {
		q, _ := b.Question(it.QuestionID)
		leaks := []string{q.ID + "\"", q.ID + "<", "title: question", "goat-09#rule", "/rules/goat-09"}
		for _, ch := range q.Choices {
			leaks = append(leaks, ch.ID)
		}
		for _, l := range leaks {
			if strings.Contains(page, l) {
				t.Errorf("attempt page shows %q of %s", l, q.ID)
			}
		}
	}
}

func TestCertifyCodes(t *testing.T) {
	env := newQuizEnv(t)
	ctx := context.Background()
	hat, err := env.store.IssueCode(ctx, attempts.ExamCode{Format: "hat", Name: "Hal", Issuer: "L", MaxAttempts: 1}, env.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	used, err := env.store.IssueCode(ctx, attempts.ExamCode{Format: "goat", Name: "Uma", Issuer: "L", MaxAttempts: 1}, env.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	c := browser(t)
	_, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	tok := csrfOf(t, home)
	post := func(code string) (*http.Response, string) {
		return do(t, c, "POST", env.srv.URL+"/quiz/goat/certify", url.Values{"_csrf": {tok}, "code": {code}})
	}
	if resp, body := post(used.Code); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("first use: %d %s", resp.StatusCode, body)
	}
	for _, tt := range []struct {
		code   string
		status int
		says   string
	}{
		{"", 400, "not an exam code"},
		{"hello", 400, "not an exam code"},
		{"00000-00000", 400, "no exam code"},
		{hat.Code, 400, "not for the Goat"},
		{used.Code, 409, "already been used"},
	} {
		resp, body := post(tt.code)
		if resp.StatusCode != tt.status || !strings.Contains(body, tt.says) {
			t.Errorf("code %q: %d, want %d saying %q", tt.code, resp.StatusCode, tt.status, tt.says)
		}
	}
	if list, _ := env.store.List(ctx); len(list) != 1 {
		t.Errorf("%d attempts stored, want only the first use", len(list))
	}
}

// TestSelfAssessment: no code, practice questions, marked self-assessment,
// no certificate even at 100%, and a cooldown per client address.
func TestSelfAssessment(t *testing.T) {
	env := newQuizEnv(t)
	ctx := context.Background()
	if err := env.store.SetPolicy(ctx, attempts.Policy{Format: "goat", AttemptsPerCode: 1, SelfCooldown: 15 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	c := browser(t)
	_, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	tok := csrfOf(t, home)
	start := func() *http.Response {
		resp, _ := do(t, c, "POST", env.srv.URL+"/quiz/goat/start", url.Values{"_csrf": {tok}, "name": {"Sam"}})
		return resp
	}
	resp := start()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("self-assessment start: %d", resp.StatusCode)
	}
	id := strings.TrimPrefix(resp.Header.Get("Location"), "/attempt/")
	a, err := env.store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := env.banks.Bank("goat")
	for _, it := range a.Items {
		if q, _ := b.Question(it.QuestionID); q.Pool != "practice" {
			t.Errorf("self-assessment drew %s from the %s pool", q.ID, q.Pool)
		}
	}
	_, page := do(t, c, "GET", env.srv.URL+"/attempt/"+id, nil)
	form := env.answersFor(t, id, len(a.Items))
	form.Set("_csrf", csrfOf(t, page))
	if resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("submit: %d %s", resp.StatusCode, body)
	}
	_, result := do(t, c, "GET", env.srv.URL+"/attempt/"+id+"/result", nil)
	if !strings.Contains(result, "Self-assessment: this result is not a certification") || strings.Contains(result, "Certificate code") {
		t.Errorf("self-assessment result is not marked, or offers a certificate")
	}
	if a, _ := env.store.Get(ctx, id); a.Code != "" || !a.Passed {
		t.Errorf("self-assessment at 100%%: passed %v, code %q; want passed and no code", a.Passed, a.Code)
	}
	if resp := start(); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("second self-assessment within the cooldown: %d, want 429", resp.StatusCode)
	}
	env.clock.Add(15 * time.Minute)
	if resp := start(); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("self-assessment after the cooldown: %d", resp.StatusCode)
	}
}

// TestOrganiser: the pages need the token (header or signed-in cookie);
// a code issued on the page starts a certification in the name it gives.
func TestOrganiser(t *testing.T) {
	env := newQuizEnv(t)
	anon := browser(t)
	resp, page := do(t, anon, "GET", env.srv.URL+"/organiser", nil)
	if resp.StatusCode != 200 || !strings.Contains(page, "Organiser token") || strings.Contains(page, "Issue an exam code") {
		t.Fatalf("organiser page without a token: %d", resp.StatusCode)
	}
	tok := csrfOf(t, page)
	for _, path := range []string{"/organiser/items/goat"} {
		if resp, _ := do(t, anon, "GET", env.srv.URL+path, nil); resp.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s without the token: %d, want 403", path, resp.StatusCode)
		}
	}
	if resp, _ := do(t, anon, "POST", env.srv.URL+"/organiser/codes", url.Values{"_csrf": {tok}, "format": {"goat"}, "name": {"Eve"}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("issuing a code without the token: %d, want 403", resp.StatusCode)
	}
	if resp, _ := do(t, anon, "POST", env.srv.URL+"/organiser/sign-in", url.Values{"_csrf": {tok}, "token": {"wrong"}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("sign-in with a wrong token: %d, want 403", resp.StatusCode)
	}
	// A script sends the token as a bearer header.
	req, _ := http.NewRequest("GET", env.srv.URL+"/organiser/items/goat", nil)
	req.Header.Set("Authorization", "Bearer s3cret")
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != 200 {
		t.Errorf("items with the bearer token: %v %v", r, err)
	}
	org := browser(t)
	_, page = do(t, org, "GET", env.srv.URL+"/organiser", nil)
	tok = csrfOf(t, page)
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/sign-in", url.Values{"_csrf": {tok}, "token": {"s3cret"}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", resp.StatusCode)
	}
	resp, page = do(t, org, "POST", env.srv.URL+"/organiser/codes", url.Values{"_csrf": {tok}, "format": {"goat"}, "name": {"Grace  Hopper"}})
	if resp.StatusCode != 200 {
		t.Fatalf("issue: %d %s", resp.StatusCode, page)
	}
	codes, _ := env.store.Codes(context.Background())
	if len(codes) != 1 || codes[0].Name != "Grace Hopper" || !strings.Contains(page, codes[0].Code) {
		t.Fatalf("issued codes %+v; the page must show the new one", codes)
	}
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/policy", url.Values{"_csrf": {tok}, "format": {"goat"}, "attempts": {"0"}, "cooldown": {"5"}}); resp.StatusCode != 400 {
		t.Errorf("policy with 0 attempts per code: %d, want 400", resp.StatusCode)
	}
	for _, bad := range []url.Values{
		{"reviews_from": {"next tuesday"}},
		{"reviews_from": {"2025-06-02T10:00"}, "reviews_until": {"2025-06-01T10:00"}},
		{"reviews_until": {"2025-06-01T10:00"}},
	} {
		form := url.Values{"_csrf": {tok}, "format": {"goat"}, "attempts": {"2"}, "cooldown": {"5"}}
		for k, v := range bad {
			form[k] = v
		}
		if resp, body := do(t, org, "POST", env.srv.URL+"/organiser/policy", form); resp.StatusCode != 400 || !strings.Contains(body, "review window") {
			t.Errorf("policy with review window %v: %d, want 400 naming the review window", bad, resp.StatusCode)
		}
	}
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/policy", url.Values{"_csrf": {tok}, "format": {"goat"}, "attempts": {"2"}, "cooldown": {"5"},
		"reviews_from": {"2025-06-01T18:00"}, "reviews_until": {"2025-06-08T18:00"}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("policy: %d", resp.StatusCode)
	}
	pol, _ := env.store.Policy(context.Background(), attempts.DefaultPolicy("goat", 0))
	if want := (attempts.Policy{Format: "goat", AttemptsPerCode: 2, SelfCooldown: 5 * time.Minute,
		ReviewsFrom: time.Date(2025, 6, 1, 18, 0, 0, 0, time.UTC), ReviewsUntil: time.Date(2025, 6, 8, 18, 0, 0, 0, time.UTC)}); pol != want {
		t.Errorf("stored policy %+v, want %+v", pol, want)
	}
	_, dash := do(t, org, "GET", env.srv.URL+"/organiser", nil)
	if !strings.Contains(dash, `value="2025-06-01T18:00"`) || !strings.Contains(dash, "Reviews are closed now.") {
		t.Errorf("dashboard does not show the review window and its state")
	}
	// The candidate's certification carries the organiser's name for them.
	c := browser(t)
	_, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	resp, _ = do(t, c, "POST", env.srv.URL+"/quiz/goat/certify", url.Values{"_csrf": {csrfOf(t, home)}, "code": {codes[0].Code}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("certify: %d", resp.StatusCode)
	}
	_, att := do(t, c, "GET", env.srv.URL+resp.Header.Get("Location"), nil)
	if !strings.Contains(att, "Grace Hopper") {
		t.Errorf("the attempt page does not show the code's name")
	}
	// The organiser revokes a code nobody has used yet: it starts nothing.
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/codes", url.Values{"_csrf": {tok}, "format": {"goat"}, "name": {"Alan Turing"}}); resp.StatusCode != 200 {
		t.Fatalf("issue: %d", resp.StatusCode)
	}
	codes, _ = env.store.Codes(context.Background())
	var turing attempts.ExamCode
	for _, e := range codes {
		if e.Name == "Alan Turing" {
			turing = e
		}
	}
	if resp, _ := do(t, browser(t), "POST", env.srv.URL+"/organiser/codes/revoke", url.Values{"_csrf": {csrfOf(t, home)}, "code": {turing.Code}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("revoke without the organiser token: %d, want 403", resp.StatusCode)
	}
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/codes/revoke", url.Values{"_csrf": {tok}, "code": {"zzzzz"}}); resp.StatusCode != http.StatusNotFound {
		t.Errorf("revoke an unknown code: %d, want 404", resp.StatusCode)
	}
	if resp, _ := do(t, org, "POST", env.srv.URL+"/organiser/codes/revoke", url.Values{"_csrf": {tok}, "code": {strings.ToLower(turing.Code)}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("revoke: %d", resp.StatusCode)
	}
	_, dash = do(t, org, "GET", env.srv.URL+"/organiser", nil)
	if n := strings.Count(dash, "Revoked "); n != 1 {
		t.Errorf("dashboard shows %d revoked codes, want 1", n)
	}
	c2 := browser(t)
	_, home2 := do(t, c2, "GET", env.srv.URL+"/quiz", nil)
	if resp, body := do(t, c2, "POST", env.srv.URL+"/quiz/goat/certify", url.Values{"_csrf": {csrfOf(t, home2)}, "code": {turing.Code}}); resp.StatusCode != http.StatusConflict || !strings.Contains(body, "revoked") {
		t.Errorf("certify with a revoked code: %d, want 409 saying it was revoked", resp.StatusCode)
	}
}
