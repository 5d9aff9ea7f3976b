package app

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The browser tests drive Debian's chromium against the real app on
// loopback. One browser serves the whole test binary (it starts on first
// use and TestMain stops it); each test gets its own tab in its own
// browser context, so storage such as the saved theme never leaks between
// tests.
//
// Without chromium the tests skip, unless CI is set: then they fail. The
// same holds for axe-core (SUBSTEP_AXE_JS) and the Nu validator
// (SUBSTEP_VNU_JAR), which .ci/run installs with npm outside the repo.

// chromiumPath is where Debian installs chromium; SUBSTEP_CHROMIUM overrides.
func chromiumPath() string {
	if p := os.Getenv("SUBSTEP_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

func inCI() bool { return os.Getenv("CI") != "" }

// needTool skips the test when a tool is missing, or fails it in CI.
func needTool(t testing.TB, what, why string) {
	t.Helper()
	if inCI() {
		t.Fatalf("%s is required in CI: %s", what, why)
	}
	t.Skipf("%s: %s (CI would fail here)", what, why)
}

// sharedBrowser is the one browser process of this test binary.
type sharedBrowser struct {
	once   sync.Once
	ctx    context.Context // a chromedp context whose browser is running
	cancel func()
	dir    string
	err    error
}

var sharedChrome sharedBrowser

func (b *sharedBrowser) start() {
	b.dir, b.err = os.MkdirTemp("", "substep-chromium-")
	if b.err != nil {
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(b.dir),
		chromedp.WindowSize(1280, 800),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	b.cancel = func() { cancelCtx(); cancelAlloc() }
	// Start the browser with a context that has no deadline: the first Run
	// binds the browser's life to its context.
	if err := chromedp.Do(ctx); err != nil {
		b.err = fmt.Errorf("start chromium: %w", err)
		return
	}
	b.ctx = ctx
}

func (b *sharedBrowser) close() {
	if b.cancel != nil {
		b.cancel()
	}
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	sharedChrome.close()
	os.Exit(code)
}

// newTab opens a tab in a fresh browser context. Every action on the
// returned context must finish within limit.
func newTab(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath()); err != nil {
		needTool(t, "chromium", err.Error())
	}
	sharedChrome.once.Do(sharedChrome.start)
	if sharedChrome.err != nil {
		t.Fatal(sharedChrome.err)
	}
	tab, cancelTab := chromedp.NewContext(sharedChrome.ctx, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, limit)
	t.Cleanup(func() { cancel(); cancelTab() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open tab: %v", err)
	}
	return ctx
}

// act runs steps and fails the test on error.
func act(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// jsEval evaluates a JavaScript expression (awaiting a promise) and decodes
// its value into T.
func jsEval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", shortJS(expr), err)
	}
	return v
}

// waitJS polls a JavaScript condition until it is truthy.
func waitJS(t testing.TB, ctx context.Context, cond string, limit time.Duration) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool]("!!("+cond+")", chromedp.WithPollingTimeout(limit), chromedp.WithPollingInterval(10*time.Millisecond)))
	if err != nil {
		t.Fatalf("waiting for %s: %v", shortJS(cond), err)
	}
}

func shortJS(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}

// emulateWidth sizes the page like a phone (under 600 CSS px: mobile, touch)
// or a desktop.
func emulateWidth(width int64) chromedp.Action[chromedp.Void] {
	if width < 600 {
		return chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile)
	}
	return chromedp.EmulateViewport(width, 800)
}

// emulateMedia sets the page's prefers-color-scheme ("light" or "dark"; ""
// leaves the system's) and its CSS media type ("print"; "" for the screen).
func emulateMedia(media, scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		p := emulation.SetEmulatedMediaParams{Media: media}
		if scheme != "" {
			p.Features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, p)
		return err
	})
}

// grantClipboard lets pages of origin read and write the clipboard in the
// tab's browser context, as a user who allowed it would.
func grantClipboard(t testing.TB, ctx context.Context, origin string) {
	t.Helper()
	bc := chromedp.FromContext(ctx).BrowserContextID
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission:       &browser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
			Setting:          browser.PermissionSettingGranted,
			Origin:           origin,
			BrowserContextID: bc,
		})
		if err != nil {
			t.Fatalf("grant %s: %v", name, err)
		}
	}
	_, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	if err != nil {
		t.Fatalf("focus emulation: %v", err)
	}
}

// artifactDir is where screenshots go: $SUBSTEP_ARTIFACTS, or a new
// temporary folder that outlives the test so the files can be looked at.
func artifactDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("SUBSTEP_ARTIFACTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "substep-artifacts-"); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// axeSource is axe-core's browser build, read once.
func axeSource(t testing.TB) string {
	t.Helper()
	p := os.Getenv("SUBSTEP_AXE_JS")
	if p == "" {
		needTool(t, "axe-core", "set SUBSTEP_AXE_JS to node_modules/axe-core/axe.min.js")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("SUBSTEP_AXE_JS: %v", err)
	}
	return string(b)
}

// vnuJar is the Nu HTML validator's jar, and java to run it.
func vnuJar(t testing.TB) (java, jar string) {
	t.Helper()
	jar = os.Getenv("SUBSTEP_VNU_JAR")
	if jar == "" {
		needTool(t, "the Nu HTML validator", "set SUBSTEP_VNU_JAR to node_modules/vnu-jar/build/dist/vnu.jar")
	}
	if _, err := os.Stat(jar); err != nil {
		t.Fatalf("SUBSTEP_VNU_JAR: %v", err)
	}
	java, err := exec.LookPath("java")
	if err != nil {
		needTool(t, "java", err.Error())
	}
	return java, jar
}

// typeText types s into the focused element as a keyboard does. Each key is
// one keyDown that carries its text, then a keyUp, as Puppeteer sends them:
// chromedp.KeyEvent sends the text as a separate char event, which a page's
// keydown handler cannot cancel, unlike a real key press.
func typeText(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range s {
			evs := kb.Encode(r)
			down, up := *evs[0], *evs[len(evs)-1]
			if len(evs) == 3 {
				down.Text, down.UnmodifiedText = evs[1].Text, evs[1].UnmodifiedText
			} else {
				down.Type = input.DispatchKeyEventTypeRawKeyDown
			}
			for _, ev := range []input.DispatchKeyEventParams{down, up} {
				if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, ev); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// consoleErrors collects, from now on, the tab's console errors, uncaught
// exceptions and error entries of the browser log (a blocked inline style
// or script is one); the func returns those seen so far.
func consoleErrors(ctx context.Context) func() []string {
	var mu sync.Mutex
	var msgs []string
	seq := chromedp.Console(ctx)
	go func() {
		for m, err := range seq {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				mu.Lock()
				msgs = append(msgs, fmt.Sprintf("%s %s: %s (%s)", m.Source, m.Type, m.Text, m.URL))
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), msgs...)
	}
}
