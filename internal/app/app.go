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
	"time"

	"substep/content"
	"substep/internal/render"
	"substep/internal/search"
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
}

// Content is the loaded, validated content and the card catalogue.
type Content struct {
	Site  *render.Site
	Cards *rulings.Catalogue
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
	return &Content{Site: site, Cards: cat}, nil
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
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.ln = ln
	if a.cfg.BaseURL == "" {
		a.cfg.BaseURL = "http://" + ln.Addr().String()
	}
	h, err := web.New(web.Config{BaseURL: a.cfg.BaseURL, Logger: cfg.Logger}, web.Deps{Site: c.Site, Index: ix, Cards: c.Cards})
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
	return errors.Join(errs...)
}
