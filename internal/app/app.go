// Package app wires Substep together: it loads the content, builds the
// search index, and serves the web layer. cmd/site and the end-to-end
// tests both use it, so what the tests run is what users run.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"

	"substep/content"
	"substep/internal/attempts"
	"substep/internal/cardsdb"
	"substep/internal/render"
	"substep/internal/search"
	"substep/internal/shares"
	"substep/quizzes"
	"substep/rulings"
	"substep/web"
)

// Config is everything the flags can set.
type Config struct {
	Addr       string // listen address, e.g. 127.0.0.1:8080; port 0 picks a free one
	BaseURL    string // canonical site URL; empty means http://<Addr>
	ContentDir string // serve content from this folder instead of the embedded copy
	DBPath     string // serve this prebuilt content database instead of building one in memory
	Logger     *slog.Logger

	AttemptsPath  string        // SQLite file for quiz attempts; "" keeps them in memory (lost at exit)
	ExportToken   string        // token for the organiser's CSV export; "" turns it off
	QuizTimeLimit time.Duration // per certification attempt; 0 means 30 minutes

	CardsPath string // a YGOPro cards.cdb for the Domain deck checker; "" uses the built-in catalogue
}

// Content is the loaded, validated content and the card catalogue.
type Content struct {
	Site      *render.Site
	Cards     *rulings.Catalogue
	Scenarios []*rulings.Scenario // content/scenarios, by file name
}

// Scenario returns the bundled scenario with the given file name (no .scn).
func (c *Content) Scenario(name string) (*rulings.Scenario, bool) {
	for _, s := range c.Scenarios {
		if s.Name == name {
			return s, true
		}
	}
	return nil, false
}

// cardResolver lets the renderer link quoted card names.
type cardResolver struct{ cat *rulings.Catalogue }

func (r cardResolver) Resolve(name string) (string, string, bool) {
	c, ok := r.cat.Lookup(name)
	if !ok {
		return "", "", false
	}
	return c.Name, c.Slug(), true
}

// DeckCards is the card data the Domain deck checker reads: a YGOPro
// cards.cdb at path, or the built-in catalogue when path is "".
func DeckCards(path string, cat *rulings.Catalogue) (*cardsdb.DB, error) {
	if path != "" {
		return cardsdb.Open(path)
	}
	return cardsdb.FromCatalogue(cat)
}

// ContentFS is the embedded content, or dir when it is set.
func ContentFS(dir string) fs.FS {
	if dir != "" {
		return os.DirFS(dir)
	}
	return content.FS
}

// LoadContent loads and validates every rule page against the catalogue.
func LoadContent(fsys fs.FS) (*Content, error) {
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		return nil, err
	}
	site, err := render.Load(fsys, render.NewMarkdown(cardResolver{cat}))
	if err != nil {
		return nil, err
	}
	scenarios, err := rulings.LoadScenarios(fsys, "scenarios", cat)
	if err != nil {
		return nil, &render.ContentError{Problems: strings.Split(err.Error(), "\n")}
	}
	// Each scenario that replays a rule example gets a link on that example.
	links := map[string]map[string]string{}
	var problems []string
	for _, sc := range scenarios {
		if sc.Example == "" {
			continue
		}
		page, anchor, _ := strings.Cut(sc.Example, "#")
		if _, ok := site.Page(page); !ok {
			problems = append(problems, fmt.Sprintf("scenarios/%s.scn:1: example %q: no page %q", sc.Name, sc.Example, page))
			continue
		}
		if links[page] == nil {
			links[page] = map[string]string{}
		}
		if _, dup := links[page][anchor]; !dup {
			links[page][anchor] = "/replay/" + sc.Name
		}
	}
	for page, urls := range links {
		p, _ := site.Page(page)
		for _, a := range p.LinkReplays(urls) {
			problems = append(problems, fmt.Sprintf("scenarios/%s.scn:1: example %s#%s: no such anchor", strings.TrimPrefix(urls[a], "/replay/"), page, a))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, &render.ContentError{Problems: problems}
	}
	return &Content{Site: site, Cards: cat, Scenarios: scenarios}, nil
}

// SearchDocs turns pages and their sections into search documents.
func (c *Content) SearchDocs() ([]search.Doc, []search.Card) {
	var docs []search.Doc
	for _, p := range c.Site.Pages {
		num := ""
		if p.Number > 0 {
			num = fmt.Sprint(p.Number)
		}
		page := search.Doc{PageID: p.ID, Format: p.Format, Number: num, Title: p.Title, Topics: p.Topics, URL: p.URL()}
		whole := page
		whole.Text = p.Summary + "\n" + p.Intro
		docs = append(docs, whole)
		for _, s := range p.Sections {
			d := page
			d.Anchor, d.Heading, d.Example, d.Text = s.Anchor, s.Heading, s.Example, s.Text
			d.URL = p.URL() + "#" + s.Anchor
			docs = append(docs, d)
		}
	}
	var cards []search.Card
	for _, k := range c.Cards.Cards() {
		cards = append(cards, search.Card{Name: k.Name, Slug: k.Slug(), Kind: k.Kind, Aliases: k.Aliases, Text: k.Text})
	}
	return docs, cards
}

// Build compiles the content into a search database at path ("" = memory).
func (c *Content) Build(ctx context.Context, path string) (*search.Index, error) {
	docs, cards := c.SearchDocs()
	return search.Build(ctx, path, docs, cards)
}

// App is a running Substep site.
type App struct {
	cfg     Config
	content *Content
	index   *search.Index
	tries   *attempts.Store
	shares  *shares.Store
	ln      net.Listener
	srv     *http.Server
}

// New loads everything and starts listening (but not serving) on cfg.Addr.
func New(ctx context.Context, cfg Config) (*App, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	c, err := LoadContent(ContentFS(cfg.ContentDir))
	if err != nil {
		return nil, err
	}
	var ix *search.Index
	if cfg.DBPath != "" {
		ix, err = search.Open(cfg.DBPath)
	} else {
		ix, err = c.Build(ctx, "")
	}
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	a := &App{cfg: cfg, content: c, index: ix}
	// The server refuses to start when a quiz bank disagrees with the engine.
	scenarios, err := fs.Sub(ContentFS(cfg.ContentDir), "scenarios")
	if err != nil {
		a.Close()
		return nil, err
	}
	banks, err := quizzes.LoadChecked(quizzes.BankFS(), scenarios, quizzes.NewEngine(c.Cards))
	if err != nil {
		a.Close()
		return nil, err
	}
	if a.tries, err = attempts.Open(ctx, cfg.AttemptsPath); err != nil {
		a.Close()
		return nil, err
	}
	// Shared replay links live in the same writable file, in their own table.
	if a.shares, err = shares.Open(ctx, cfg.AttemptsPath); err != nil {
		a.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.ln = ln
	if a.cfg.BaseURL == "" {
		a.cfg.BaseURL = "http://" + ln.Addr().String()
	}
	decks, err := DeckCards(cfg.CardsPath, c.Cards)
	if err != nil {
		a.Close()
		return nil, err
	}
	h, err := web.New(web.Config{BaseURL: a.cfg.BaseURL, Logger: cfg.Logger}, web.Deps{Site: c.Site, Index: ix, Cards: c.Cards, Decks: decks,
		Replay: &web.ReplayDeps{Scenarios: c.Scenarios, Shares: a.shares},
		Quiz:   &web.QuizDeps{Banks: banks, Store: a.tries, ExportToken: cfg.ExportToken, TimeLimit: cfg.QuizTimeLimit}})
	if err != nil {
		a.Close()
		return nil, err
	}
	a.srv = &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	return a, nil
}

// URL is the address the app serves on, e.g. http://127.0.0.1:41234.
func (a *App) URL() string { return "http://" + a.ln.Addr().String() }

// Content returns the loaded content.
func (a *App) Content() *Content { return a.content }

// Run serves until ctx is cancelled, then shuts down gracefully, letting
// in-flight requests finish (up to 10 seconds).
func (a *App) Run(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- a.srv.Serve(a.ln) }()
	a.cfg.Logger.Info("serving", "url", a.URL(), "pages", len(a.content.Site.Pages))
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Close releases the index and the listener.
func (a *App) Close() error {
	var errs []error
	if a.ln != nil {
		if err := a.ln.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			errs = append(errs, err)
		}
	}
	if a.index != nil {
		errs = append(errs, a.index.Close())
	}
	if a.tries != nil {
		errs = append(errs, a.tries.Close())
	}
	if a.shares != nil {
		errs = append(errs, a.shares.Close())
	}
	return errors.Join(errs...)
}
