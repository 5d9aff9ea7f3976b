// Package app wires Substep together: it loads the content, builds the
// search index, and serves the web layer. cmd/site and the end-to-end
// tests both use it, so what the tests run is what users run.
package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"substep/internal/ready"
	"sync"
	"time"

	"substep/content"
	"substep/internal/attempts"
	"substep/internal/cardsdb"
	"substep/internal/render"
	"substep/internal/search"
	"substep/internal/shares"
	"substep/pools"
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
	SharesPath    string        // SQLite file for shared replay links, apart from attempts; "" keeps them in memory
	ShareLimits   shares.Limits // size cap, per-address quota and expiry of shared links; zero fields take defaults
	ExportToken   string        // the organiser token: /organiser and the CSV export; "" turns both off
	Issuer        string        // the organiser's label on exam codes and certificates
	SelfCooldown  time.Duration // default wait between self-assessments of a format from one address; 0: none
	QuizTimeLimit time.Duration // per certification attempt; 0 means 30 minutes

	CardsPath string // a YGOPro cards.cdb for the Domain deck checker; "" uses the built-in catalogue

	RateLimit   web.RateLimit // per client on the routes that run the engine or touch a database; the zero value is the default limit
	EngineShare float64       // part of each CPU's time pasted, shared and API replays may use together; 0 means 5%

	MaxConnsPerClient int           // connections one client address may hold open; 0 means 256
	MaxConns          int           // connections in all; 0 means 16384, less when the open-file limit is lower
	ReadTimeout       time.Duration // to read a whole request, body included; 0 means 15s
	RequestTimeout    time.Duration // to answer a request once read (web.Config.RequestTimeout); 0 means 10s
	IdleTimeout       time.Duration // a keep-alive connection left idle is closed after this; 0 means 20s
}

// Content is the loaded, validated content and the card catalogue.
type Content struct {
	Site      *render.Site
	Cards     *rulings.Catalogue
	Pools     *pools.Set          // the formats' card pools
	Scenarios []*rulings.Scenario // content/scenarios, by file name
}

// cardResolver lets the renderer link quoted card names (catalogue cards
// only), and lets card rulings name any card of their format's pool.
type cardResolver struct {
	cat   *rulings.Catalogue
	pools *pools.Set
}

// ResolveInPool finds a card of format's pool by its exact name (any case).
// Domain has no list of its own and plays every card, so a Domain ruling
// may name a card of any pool.
func (r cardResolver) ResolveInPool(format, name string) (string, bool) {
	if r.pools == nil {
		return "", false
	}
	c, ok := r.pools.ByName(name)
	if !ok {
		return "", false
	}
	if f, ok := r.pools.Format(format); ok && f.Status(c) == pools.NotInPool {
		return "", false
	}
	return c.Name, true
}

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
	// The scenarios need only the catalogue: they are parsed on the other
	// core while the pools and the pages load (a large part of the start).
	type parsed struct {
		list []*rulings.Scenario
		err  error
	}
	parsing := make(chan parsed, 1)
	go func() {
		list, err := rulings.LoadScenarios(fsys, "scenarios", cat)
		parsing <- parsed{list, err}
	}()
	ps, err := pools.Default()
	if err != nil {
		<-parsing
		return nil, err
	}
	site, err := render.Load(fsys, render.NewMarkdown(cardResolver{cat, ps}))
	sc := <-parsing
	if err != nil {
		return nil, err
	}
	scenarios := sc.list
	if sc.err != nil {
		return nil, &render.ContentError{Problems: strings.Split(sc.err.Error(), "\n")}
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
	// A card ruling may name the bundled scenario that replays it.
	names := map[string]bool{}
	for _, sc := range scenarios {
		names[sc.Name] = true
	}
	for _, r := range site.Rulings {
		for _, name := range r.Scenarios {
			if !names[name] {
				problems = append(problems, fmt.Sprintf("%s:%d: ruling %s: no scenario %q under scenarios/", r.File, r.Line, r.ID, name))
			}
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, &render.ContentError{Problems: problems}
	}
	return &Content{Site: site, Cards: cat, Pools: ps, Scenarios: scenarios}, nil
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
	for _, r := range c.Site.Rulings {
		docs = append(docs, search.Doc{
			PageID: "ruling-" + r.ID, Format: r.Format, Title: r.Title(),
			Text: r.Statement, URL: r.URL(),
		})
	}
	return append(docs, c.listDocs()...), c.searchCards()
}

// searchCards is every card of the catalogue and of the pools, once each:
// a catalogue card that is in a pool gets the pool's formats and
// abbreviations; a pool card the catalogue lacks is a card of its own.
func (c *Content) searchCards() []search.Card {
	ps := c.Pools
	// An abbreviation's rank among the cards it may mean, in the order of
	// the pools' list.
	ctxAliases := map[*pools.Card][]search.ContextAlias{}
	abbrevs := map[string]bool{}
	seen := map[string]int{}
	for _, a := range ps.Aliases() {
		k := pools.Fold(a.Abbrev)
		abbrevs[k] = true
		ctxAliases[a.Card] = append(ctxAliases[a.Card], search.ContextAlias{Alias: a.Abbrev, Formats: a.Formats, Rank: seen[k]})
		seen[k]++
	}
	formatsOf := func(pc *pools.Card) []string {
		var out []string
		for _, f := range ps.Formats() {
			if f.Status(pc) != pools.NotInPool {
				out = append(out, f.ID)
			}
		}
		return out
	}
	var cards []search.Card
	done := map[*pools.Card]bool{}
	slugs := map[string]bool{}
	for _, k := range c.Cards.Cards() {
		sc := search.Card{Name: k.Name, Slug: k.Slug(), Kind: string(k.Kind), Text: k.Text}
		for _, a := range k.Aliases {
			if !abbrevs[pools.Fold(a)] { // the pools' ranked abbreviation replaces it
				sc.Aliases = append(sc.Aliases, a)
			}
		}
		pc, ok := ps.ByPasscode(uint32(k.Passcode))
		if !ok || k.Passcode == 0 {
			pc, ok = ps.ByName(k.Name)
		}
		if ok && !done[pc] {
			done[pc] = true
			sc.Formats, sc.ContextAliases = formatsOf(pc), ctxAliases[pc]
		}
		slugs[sc.Slug] = true
		cards = append(cards, sc)
	}
	for _, pc := range ps.Cards() {
		if done[pc] || slugs[pc.Slug] {
			continue
		}
		cards = append(cards, search.Card{Name: pc.Name, Slug: pc.Slug, Kind: "card", Formats: formatsOf(pc), ContextAliases: ctxAliases[pc]})
	}
	return cards
}

// listDocs are the format lists (/lists/{format}) as search documents, so
// that "banlist" or "goat forbidden list" finds them.
func (c *Content) listDocs() []search.Doc {
	var docs []search.Doc
	for _, f := range c.Pools.Formats() {
		var b strings.Builder
		fmt.Fprintf(&b, "The %s banlist: the Forbidden and Limited list of %s (%s), the ban list and card pool of %d cards EDOPro players use. Forbidden, Limited and Semi-Limited cards:", f.Name, f.Name, f.Date, f.Len())
		for _, pc := range f.Cards() {
			if st := f.Status(pc); st != pools.Unlimited {
				b.WriteString(" " + pc.Name + ";")
			}
		}
		docs = append(docs, search.Doc{PageID: "lists-" + f.ID, Format: f.ID, Title: f.Name + " Forbidden and Limited list (banlist)",
			Topics: []string{}, Text: b.String(), URL: "/lists/" + f.ID})
	}
	return docs
}

// Build compiles the content into a search database at path ("" = memory).
func (c *Content) Build(ctx context.Context, path string) (*search.Index, error) {
	docs, cards := c.SearchDocs()
	return search.Build(ctx, path, docs, cards)
}

// App is a running Substep site.
type App struct {
	cfg    Config
	tries  *attempts.Store
	shares *shares.Store
	ln     net.Listener
	srv    *http.Server

	mu   sync.Mutex // guards live and stamp while a -content reload runs
	live *build     // what the handler serves now
	// stamp is the content folder's fingerprint when live was built
	// (-content only).
	stamp string
}

// build is everything made from the content: swapped as a whole when an
// editor changes a file under -content. The search index and the checked
// quiz banks are built in the background (internal/ready): the pages that
// need neither are served while they are built.
type build struct {
	content *Content
	index   *ready.Value[*search.Index]
	banks   *ready.Value[*quizzes.Set]
	handler http.Handler
}

// wait returns once the index and the banks are built, with what failed.
func (b *build) wait(ctx context.Context) error {
	_, ierr := b.index.Wait(ctx)
	_, berr := b.banks.Wait(ctx)
	return errors.Join(ierr, berr)
}

// close closes the index once its build has ended.
func (b *build) close() error {
	ix, err := b.index.Wait(context.Background())
	if err != nil {
		return nil // nothing was opened
	}
	return ix.Close()
}

// New loads everything and starts listening (but not serving) on cfg.Addr.
func New(ctx context.Context, cfg Config) (*App, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 15 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 20 * time.Second
	}
	a := &App{cfg: cfg}
	fds := raiseFDLimit(cfg.Logger)
	var err error
	if a.tries, err = attempts.Open(ctx, cfg.AttemptsPath); err != nil {
		return nil, err
	}
	// Shared replay links have a file of their own: filling it can never
	// stop a quiz submission.
	if a.shares, err = shares.Open(ctx, cfg.SharesPath, cfg.ShareLimits); err != nil {
		a.Close()
		return nil, err
	}
	// Links shared before shares had their own file are moved over once.
	if moved, err := a.shares.ImportLegacy(ctx, cfg.AttemptsPath); err != nil {
		cfg.Logger.Error("old shared links were not moved; they stay in the attempts file and are tried again at the next start", "err", err)
	} else if moved > 0 {
		cfg.Logger.Info("moved old shared links into the shares file", "links", moved)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.ln = limitListener(ln, cfg.MaxConnsPerClient, maxConns(cfg.MaxConns, fds))
	// Said at once: a first run has just spent a while compiling, and the
	// content still takes a moment to load.
	cfg.Logger.Info("listening; loading the content", "url", "http://"+a.ln.Addr().String())
	if a.cfg.BaseURL == "" {
		a.cfg.BaseURL = "http://" + a.ln.Addr().String()
	}
	if cfg.ContentDir != "" {
		a.stamp = contentStamp(cfg.ContentDir)
	}
	if a.live, err = a.load(ctx); err != nil {
		a.Close()
		return nil, err
	}
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { a.current().handler.ServeHTTP(w, r) })
	if cfg.ContentDir != "" {
		h = http.HandlerFunc(a.serveReloading)
	}
	a.srv = &http.Server{
		Handler:           h,
		ReadHeaderTimeout: min(5*time.Second, cfg.ReadTimeout),
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    32 << 10,
	}
	return a, nil
}

// load builds the content, the search index, the checked quiz banks and
// the web handler.
func (a *App) load(ctx context.Context) (*build, error) {
	cfg := a.cfg
	c, err := LoadContent(ContentFS(cfg.ContentDir))
	if err != nil {
		return nil, err
	}
	// The quiz banks are checked against the engine (the server stops
	// when one disagrees: see Run) while the search index is built: they
	// are independent, each is a large part of the start, and both are
	// built in the background while the rest of the site already answers.
	scenarios, err := fs.Sub(ContentFS(cfg.ContentDir), "scenarios")
	if err != nil {
		return nil, err
	}
	// They start once the handler is built, so that the pages are ready
	// first and the builds do not take the CPUs from them.
	start := make(chan struct{})
	banks := ready.Go(func() (*quizzes.Set, error) {
		<-start
		return quizzes.LoadChecked(quizzes.BankFS(), scenarios, quizzes.NewEngineWithPools(c.Cards, c.Pools))
	})
	index := ready.Go(func() (*search.Index, error) {
		<-start
		var ix *search.Index
		var err error
		if cfg.DBPath != "" {
			ix, err = search.Open(cfg.DBPath)
		} else {
			ix, err = c.Build(context.WithoutCancel(ctx), "")
		}
		if err != nil {
			return nil, fmt.Errorf("search index: %w", err)
		}
		return ix, nil
	})
	b := &build{content: c, index: index, banks: banks}
	decks, err := DeckCards(cfg.CardsPath, c.Cards)
	if err != nil {
		close(start) // the builds run and end; close waits for the index to close it
		b.close()
		return nil, err
	}
	ps := c.Pools
	h, err := web.New(web.Config{BaseURL: a.cfg.BaseURL, Logger: cfg.Logger, RateLimit: cfg.RateLimit, EngineShare: cfg.EngineShare, RequestTimeout: cfg.RequestTimeout}, web.Deps{Site: c.Site, Index: index, Cards: c.Cards, Decks: decks,
		Pools: ps, Checker: &pools.Checker{Set: ps, Cards: decks},
		Replay: &web.ReplayDeps{Scenarios: c.Scenarios, Shares: a.shares},
		Quiz: &web.QuizDeps{Banks: banks, Store: a.tries, ExportToken: cfg.ExportToken, TimeLimit: cfg.QuizTimeLimit,
			Issuer: cfg.Issuer, SelfCooldown: cfg.SelfCooldown}})
	close(start)
	if err != nil {
		b.close()
		return nil, err
	}
	b.handler = h
	return b, nil
}

func (a *App) current() *build {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}

// serveReloading is the handler under -content: when a file in the content
// folder has changed since the last build, it rebuilds first, so an editor
// sees the change on reload. A build that fails answers with the problems,
// one per line, until the content is fixed.
func (a *App) serveReloading(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	if stamp := contentStamp(a.cfg.ContentDir); stamp != a.stamp {
		b, err := a.load(r.Context())
		if err == nil {
			// An editor wants the problems now, not a half-built site.
			if err = b.wait(r.Context()); err != nil {
				b.close()
			}
		}
		if err != nil {
			a.mu.Unlock()
			a.cfg.Logger.Error("content reload failed", "err", err)
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, "The content in %s has problems; fix them and reload.\n\n%v\n", a.cfg.ContentDir, err)
			return
		}
		old := a.live
		a.live, a.stamp = b, stamp
		// Requests still running on the old build keep using its index for
		// a while; close it once they are surely done.
		time.AfterFunc(time.Minute, func() { old.close() })
		a.cfg.Logger.Info("content reloaded", "pages", len(b.content.Site.Pages))
	}
	h := a.live.handler
	a.mu.Unlock()
	h.ServeHTTP(w, r)
}

// contentStamp fingerprints a folder: every file's path, size and
// modification time.
func contentStamp(dir string) string {
	h := sha256.New()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			fmt.Fprintf(h, "%s %d %d\n", p, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}

// URL is the address the app serves on, e.g. http://127.0.0.1:41234.
func (a *App) URL() string { return "http://" + a.ln.Addr().String() }

// Content returns the loaded content.
func (a *App) Content() *Content { return a.current().content }

// Run serves until ctx is cancelled, then shuts down gracefully, letting
// in-flight requests finish (up to 10 seconds).
func (a *App) Run(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- a.srv.Serve(a.ln) }()
	a.cfg.Logger.Info("serving", "url", a.URL(), "pages", len(a.Content().Site.Pages))
	// The index and the banks are still being built (see load): a bank
	// that disagrees with the engine, or an index that cannot be built,
	// stops the server, as it stopped the start before.
	built := make(chan error, 1)
	go func() { built <- a.current().wait(ctx) }()
wait:
	for {
		select {
		case err := <-errc:
			return err
		case err := <-built:
			built = nil
			if err != nil && ctx.Err() == nil {
				a.cfg.Logger.Error("start-up failed; stopping", "err", err)
				a.srv.Close()
				<-errc
				return err
			}
			a.cfg.Logger.Info("search index and quiz banks ready")
		case <-ctx.Done():
			break wait
		}
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
	if a.live != nil {
		errs = append(errs, a.live.close())
	}
	if a.tries != nil {
		errs = append(errs, a.tries.Close())
	}
	if a.shares != nil {
		errs = append(errs, a.shares.Close())
	}
	return errors.Join(errs...)
}
