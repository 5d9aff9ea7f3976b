package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"substep/internal/ready"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"substep/internal/preview"
	"substep/internal/render"
	"substep/internal/search"
	"substep/internal/shares"
	"substep/internal/sqlitefile"
	"substep/pools"
	"substep/rulings"
	"substep/rulings/domain"
)

// Sentinel errors handlers return; the error handler maps them to statuses.
var (
	ErrNotFound = errors.New("not found")
	ErrInvalid  = errors.New("invalid request")
)

// LinkedError is an error whose page offers one link onward, such as the
// result of an attempt that was already submitted. Href is a site path.
type LinkedError struct {
	Status      int
	Message     string
	Href, Label string
}

func (e *LinkedError) Error() string { return e.Message }

// Config is what the server needs to know about where it runs.
type Config struct {
	BaseURL        string        // absolute URL the site is reached at, for canonical links
	RequestTimeout time.Duration // per request; 0 means 10s
	Logger         *slog.Logger
	RateLimit      RateLimit // per client on the routes that run the engine or touch a database (see limits.go); the zero value is the default limit
	EngineSlots    int       // replays running at once; 0 means half the CPUs, at least 1 (see engineSlots)
	EngineShare    float64   // part of each CPU's time pasted, shared and API replays may use together; 0 means 5%
	PageCacheBytes int       // memory for replay pages rendered once and served again; 0 means 64 MiB
}

// Deps are the read-only data the handlers serve.
type Deps struct {
	Site *render.Site
	// Index is built in the background at start-up: search waits for it.
	Index  *ready.Value[*search.Index]
	Cards  *rulings.Catalogue
	Quiz   *QuizDeps         // the judge quizzes (see quiz.go); nil leaves their routes out
	Decks  domain.CardSource // card data for the Domain deck checker; nil leaves its routes out
	Replay *ReplayDeps       // scenarios and shared links; nil leaves the replay routes out
	// Pools are the formats' card pools; with Checker, the deck checker
	// for every format, the format lists and the pool cards' pages. nil
	// leaves those routes out.
	Pools   *pools.Set
	Checker *pools.Checker
}

// Server is Substep's HTTP handler.
type Server struct {
	rulePages map[string]prerendered // id → page rendered once, split where the nonce goes
	e         *echo.Echo
	cfg       Config
	d         Deps
	log       *slog.Logger
	assets    Assets
	static    map[string]staticFile
	mentions  map[string][]Mention // card name → pages that mention it
	replays   map[string][]string  // card name → bundled scenarios that put it in play
	guideHTML string               // rulings/SCENARIOS.md, rendered once
	slots     *engineSlots         // bounds the replays at once and the engine time they use
	pages     *pageCache           // replay pages, rendered once per key
	exportBad *costLimiter         // wrong export tokens, per client
	previews  *preview.Cache       // og:image pictures, drawn once each (preview.go)
	apiEx     apiExamples          // /api's live example answers (api.go)
	sealed    sealedDecks          // the certification questions' decks (check.go)
}

//go:embed static
var staticFS embed.FS

// Assets holds the fingerprinted URLs of the static files.
type Assets struct {
	CSS, PrintCSS, JS string
}

type staticFile struct {
	body  []byte
	ctype string
}

// New builds the server and its routes.
func New(cfg Config, d Deps) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.PageCacheBytes <= 0 {
		cfg.PageCacheBytes = 64 << 20
	}
	s := &Server{cfg: cfg, d: d, log: cfg.Logger, static: map[string]staticFile{},
		slots: newEngineSlots(cfg.EngineSlots, cfg.EngineShare), pages: newPageCache(cfg.PageCacheBytes),
		// Five wrong export tokens, then one a minute.
		exportBad: newCostLimiter(RateLimit{PerSec: 1.0 / 60, Burst: 5})}
	if err := s.loadStatic(); err != nil {
		return nil, err
	}
	s.indexMentions()
	s.indexReplays()
	pr, err := preview.NewRenderer()
	if err != nil {
		return nil, err
	}
	s.previews = preview.NewCache(pr, maxPreviews)
	if err := s.renderRulePages(); err != nil {
		return nil, err
	}
	if d.Replay != nil {
		// SCENARIOS.md is part of the repository, so trusted like content/.
		doc, err := render.NewMarkdown(nil).Render(rulings.ScenarioGuide)
		if err != nil {
			return nil, fmt.Errorf("scenario guide: %w", err)
		}
		// The reference comes below the guide's own title (replay.templ).
		s.guideHTML = strings.Replace(strings.Replace(doc.HTML, "<h1", "<h2", 1), "</h1>", "</h2>", 1)
	}

	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = s.handleError
	e.Use(middleware.Recover())
	e.Use(securityHeaders)
	e.Use(middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{
		Timeout: cfg.RequestTimeout,
		// Pages served from memory cannot run long; a deadline timer for
		// each of them would only cost time on the busiest routes.
		Skipper: func(c echo.Context) bool {
			p := c.Request().URL.Path
			return c.Request().Method == http.MethodGet && (strings.HasPrefix(p, "/rules/") || strings.HasPrefix(p, "/static/"))
		},
	}))
	e.Use(crossOrigin())
	e.Use(middleware.BodyLimit("256K"))
	e.Use(rateLimit(cfg.RateLimit))
	e.Use(readBody(maxBodyBytes)) // 413, 408 or 400 for a body that fails, whatever the route (limits.go)

	e.GET("/", s.home)
	e.GET("/formats/:format", s.format)
	e.GET("/rules/:id", s.rule)
	e.GET("/search", s.search)
	e.GET("/cards", s.cards)
	e.GET("/cards/:slug", s.card)
	e.GET("/rulings", s.rulingsIndex)
	e.GET("/rulings/:id", s.ruling)
	e.GET("/compare", s.compare)
	e.GET("/compare/:topic", s.compareTopic)
	e.GET("/static/:name", s.staticFile)
	e.GET("/og/*", s.previewImage)
	e.GET("/api", s.apiDoc)
	e.GET("/api/search", s.apiSearch)
	e.GET("/api/rules/:id", s.apiRule)
	e.GET("/api/rulings/:id", s.apiRuling)
	if d.Quiz != nil {
		s.quizRoutes(e)
	}
	if d.Replay != nil {
		e.GET("/replay", s.replayIndex)
		e.POST("/replay", s.replayPost)
		e.GET("/replay/help", s.replayHelp)
		e.GET("/replay/s/:key", s.replayShared)
		e.GET("/replay/s/:key/puzzle.lua", s.replayPuzzle)
		e.GET("/replay/:name/puzzle.lua", s.replayPuzzle)
		e.GET("/replay/:name", s.replayBundled)
		e.POST("/api/replay", s.apiReplay)
	}
	if d.Pools != nil && d.Checker != nil {
		e.GET("/deck/check", s.checkForm)
		e.POST("/deck/check", s.checkPost)
		e.POST("/api/deck/check", s.apiCheck)
		e.GET("/lists", s.listsIndex)
		e.GET("/lists/:name", s.list)
	}
	if d.Decks != nil {
		e.GET("/domain/check", s.deckForm)
		e.POST("/domain/check", s.deckCheck)
		e.POST("/api/domain/check", s.apiDeckCheck)
	}
	s.e = e
	return s, nil
}

// ServeHTTP makes Server an http.Handler. HEAD is answered as GET.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.e.ServeHTTP(w, headAsGet(r)) }

func (s *Server) loadStatic() error {
	types := map[string]string{".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
	url := map[string]string{}
	err := fs.WalkDir(staticFS, "static", func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		b, err := staticFS.ReadFile(p)
		if err != nil {
			return err
		}
		name := path.Base(p)
		sum := sha256.Sum256(b)
		s.static[name] = staticFile{body: b, ctype: types[path.Ext(name)]}
		url[name] = "/static/" + name + "?v=" + hex.EncodeToString(sum[:6])
		return nil
	})
	s.assets = Assets{CSS: url["site.css"], PrintCSS: url["print.css"], JS: url["site.js"]}
	return err
}

func (s *Server) staticFile(c echo.Context) error {
	f, ok := s.static[c.Param("name")]
	if !ok {
		return fmt.Errorf("%w: no such file", ErrNotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	return c.Blob(http.StatusOK, f.ctype, f.body)
}

// securityHeaders sets the headers every response carries, including a
// Content-Security-Policy whose script nonce is fresh for each request.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		var b [16]byte
		_, _ = rand.Read(b[:])
		nonce := base64.RawStdEncoding.EncodeToString(b[:])
		h := c.Response().Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'nonce-"+nonce+"'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		r := c.Request()
		c.SetRequest(r.WithContext(templ.WithNonce(r.Context(), nonce)))
		return next(c)
	}
}

// base fills the shared page fields for the request's path.
func (s *Server) base(c echo.Context, title, summary string) Base {
	p := c.Request().URL.Path
	return Base{Title: title, Summary: summary, Canonical: s.cfg.BaseURL + p, Image: s.ogImage(p), Assets: s.assets}
}

// render writes a component through a buffer, so a failed render becomes a
// 500 rather than half a page sent with 200.
func (s *Server) render(c echo.Context, status int, comp templ.Component) error {
	return s.renderCtx(c, c.Request().Context(), status, comp)
}

func (s *Server) renderCtx(c echo.Context, ctx context.Context, status int, comp templ.Component) error {
	buf := templ.GetBuffer()
	defer templ.ReleaseBuffer(buf)
	if err := comp.Render(ctx, buf); err != nil {
		return fmt.Errorf("render %s: %w", c.Request().URL.Path, err)
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// handleError is the one place errors become responses: sentinel errors
// map to statuses, and only server errors are logged with detail.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	// The client went away (a search as you type aborts the request for
	// the previous keystroke): there is no one to answer, and nothing failed.
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		return
	}
	status, title, msg := http.StatusInternalServerError, "Something went wrong", "Something went wrong on our side. It has been logged; please try again."
	var he *echo.HTTPError
	var le *LinkedError
	switch {
	case errors.As(err, &le):
		status, title, msg = le.Status, http.StatusText(le.Status), le.Message
	case errors.Is(err, ErrNotFound):
		status, title, msg = http.StatusNotFound, "Not found", userMessage(err)
	case errors.Is(err, ErrInvalid):
		status, title, msg = http.StatusBadRequest, "Bad request", userMessage(err)
	case errors.Is(err, ready.ErrNotReady):
		// The search index or the quiz banks are still being built at
		// start-up (internal/ready), and the request's deadline came first.
		status, title, msg = http.StatusServiceUnavailable, "Starting up", "The site has just started and is still building this part. Please try again in a few seconds."
		c.Response().Header().Set("Retry-After", "5")
	case errors.Is(err, context.DeadlineExceeded):
		status, title, msg = http.StatusServiceUnavailable, "Too slow", "That took too long to answer. Please try again."
	case errors.Is(err, shares.ErrQuota):
		status, title, msg = http.StatusTooManyRequests, "Sharing limit reached", "Your address has shared as many new scenarios today as the site stores for one address, so this one was not saved. Scenarios you shared before still open, and you can replay without sharing through the API."
		c.Response().Header().Set("Retry-After", "3600")
	case errors.Is(err, sqlitefile.ErrFull):
		status, title, msg = http.StatusInsufficientStorage, "Storage full", "The site's storage is full, so nothing could be saved and nothing was changed. The operators have been told in the log; please try again later."
		if errors.Is(err, errSharesFull) {
			msg = "The site's store of shared scenarios is full, so this scenario was not saved. Scenarios shared before still open, and quiz attempts are not affected."
		}
	case errors.Is(err, sqlitefile.ErrCorrupt):
		status, title, msg = http.StatusInternalServerError, "Damaged database", "A database on the server is damaged, so this page cannot be answered. The operators have been told in the log."
	case errors.As(err, &he):
		status = he.Code
		title = http.StatusText(status)
		if m, ok := he.Message.(string); ok {
			msg = m
		}
		if status == http.StatusNotFound {
			title, msg = "Page not found", "There is no page at this address. It may have moved, or the link may be mistyped."
		}
	}
	var dbErr *sqlitefile.Error
	switch {
	case errors.As(err, &dbErr):
		// A full disk or a damaged file needs an operator: say which file
		// and what, in a line of its own.
		s.log.Error("database needs attention", "file", dbErr.Path, "problem", dbErr.Kind, "sqlite", dbErr.Err, "method", c.Request().Method, "path", c.Request().URL.Path, "status", status)
	case status == http.StatusServiceUnavailable && errors.Is(err, errBusy):
		s.log.Info("engine busy", "method", c.Request().Method, "path", c.Request().URL.Path)
	case status >= 500:
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "status", status, "err", err)
	case status == http.StatusRequestTimeout:
		s.log.Info("request body too slow", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		_ = c.JSON(status, map[string]any{"error": msg, "status": status})
		return
	}
	b := s.base(c, title, msg)
	// The request's context may already be cancelled (a timeout, or the
	// middleware chain has returned); the error page must still render.
	ctx := context.WithoutCancel(c.Request().Context())
	if rerr := s.renderCtx(c, ctx, status, errorView(ErrorPage{Base: b, Status: status, Message: msg, Link: le})); rerr != nil {
		s.log.Error("render error page", "err", rerr)
		_ = c.String(status, msg)
	}
}

// userMessage strips the sentinel's prefix: "not found: no rule goat-99" →
// "No rule goat-99."
func userMessage(err error) string {
	m := err.Error()
	for _, p := range []string{ErrNotFound.Error() + ": ", ErrInvalid.Error() + ": "} {
		m = strings.TrimPrefix(m, p)
	}
	if m == "" {
		return m
	}
	m = strings.ToUpper(m[:1]) + m[1:]
	if !strings.HasSuffix(m, ".") {
		m += "."
	}
	return m
}
