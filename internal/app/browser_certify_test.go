package app

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserCertification takes a coded certification end to end in
// Chromium: the organiser signs in and issues a code naming the
// candidate; the candidate starts with it, sees situations (a board and
// numbered steps, no script), answers and submits; the result names no
// right choice; the certificate prints (print media and a PDF) and
// /verify shows the name and the issuer.
func TestBrowserCertification(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	logs := &syncBuffer{}
	const issuer, name = "Rome Regional Judges", "Katherine Johnson"
	a := quizApp(t, Config{Issuer: issuer, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	base := a.URL()

	// The organiser.
	org := newTab(t, 30*time.Second)
	act(t, org, chromedp.Navigate(base+"/organiser"), chromedp.Focus(chromedp.ID("token")), typeText(organiserToken))
	if _, err := chromedp.RunResponse(org, chromedp.Click(chromedp.CSS("form.organiser-sign-in button"))); err != nil {
		t.Fatal(err)
	}
	act(t, org, chromedp.Focus(chromedp.ID("issue-name")), typeText(name))
	if _, err := chromedp.RunResponse(org, chromedp.Click(chromedp.CSS("form.issue button"))); err != nil {
		t.Fatal(err)
	}
	code := jsEval[string](t, org, `document.querySelector('code[data-issued-code]').textContent`)
	if code == "" {
		t.Fatal("the organiser page shows no issued code")
	}

	// The candidate.
	ctx := newTab(t, 60*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/quiz"), chromedp.Focus(chromedp.ID("code-goat")), typeText(code))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("#quiz-goat form.certify button"))); err != nil {
		t.Fatal(err)
	}
	page := jsEval[map[string]int](t, ctx, `({questions: document.querySelectorAll('fieldset.question').length,
		boards: document.querySelectorAll('fieldset.question .situation-board').length,
		steps: document.querySelectorAll('fieldset.question ol.steps li').length,
		scripts: document.querySelectorAll('fieldset.question pre code .ln, details.scenario').length})`)
	if page["questions"] != 20 || page["boards"] == 0 || page["steps"] == 0 || page["scripts"] != 0 {
		t.Errorf("attempt page: %v; want 20 questions shown as boards and steps, no script", page)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('.lead strong').textContent`); got != name {
		t.Errorf("the attempt names %q, want the code's %q", got, name)
	}
	stored, err := attemptsOf(a).Get(t.Context(), strings.TrimPrefix(jsEval[string](t, ctx, `location.pathname`), "/attempt/"))
	if err != nil {
		t.Fatal(err)
	}
	// Every answer right but the last two, from the stored attempt.
	picks := map[string]string{}
	for i, it := range stored.Items {
		pick := it.Correct
		if i >= 18 {
			for _, c := range it.Choices {
				if c != it.Correct {
					pick = c
				}
			}
		}
		picks["q"+strconv.Itoa(i+1)] = pick
	}
	pj, _ := json.Marshal(picks)
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`Object.entries(`+string(pj)+`).forEach(([n, v]) => document.querySelector('input[name="' + n + '"][value="' + v + '"]').click())`))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("#attempt-form > button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	res := jsEval[map[string]string](t, ctx, `({score: document.querySelector('strong[data-score]').textContent,
		verdict: document.querySelector('strong.verdict').textContent,
		marks: String(document.querySelectorAll('.mark.right, li.right, ol.review').length),
		study: document.querySelector('p[data-missed]').dataset.missed,
		html: document.documentElement.outerHTML})`)
	if res["score"] != "18 / 20" || res["verdict"] != "Passed" || res["marks"] != "0" || res["study"] != "2" {
		t.Errorf("result: score %q verdict %q, %s right marks, %s to study; want 18 / 20, Passed, 0, 2", res["score"], res["verdict"], res["marks"], res["study"])
	}
	for _, it := range stored.Items {
		for _, id := range append(slices.Clone(it.Choices), it.Stable...) {
			if strings.Contains(res["html"], id) {
				t.Errorf("the result page carries choice id %s", id)
			}
		}
	}

	// The certificate, on screen and printed.
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("p.certificate a"))); err != nil {
		t.Fatal(err)
	}
	cert := jsEval[map[string]string](t, ctx, `({name: document.querySelector('dd[data-name]').textContent,
		issuer: document.querySelector('dd[data-issuer]').textContent,
		verify: document.querySelector('dd[data-verify] a').textContent})`)
	if cert["name"] != name || cert["issuer"] != issuer || !strings.Contains(cert["verify"], "/verify/") {
		t.Errorf("certificate shows %v", cert)
	}
	act(t, ctx, emulateMedia("print", "light"))
	pr := jsEval[map[string]string](t, ctx, `({header: getComputedStyle(document.querySelector('.top')).display,
		button: getComputedStyle(document.querySelector('.no-print')).display,
		frame: getComputedStyle(document.querySelector('.certificate-page')).borderTopStyle})`)
	if pr["header"] != "none" || pr["button"] != "none" || pr["frame"] != "double" {
		t.Errorf("printed certificate: %v; want no header, no button, a double frame", pr)
	}
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) || len(pdf) < 1000 {
		t.Errorf("certificate to PDF: %d bytes, %v", len(pdf), err)
	} else {
		t.Logf("certificate PDF: %d bytes", len(pdf))
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}
