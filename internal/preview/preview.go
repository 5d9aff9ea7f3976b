// Package preview draws the pictures chat apps show when a Substep link is
// pasted (og:image): a 1200×630 PNG with the page's format (or section) and
// its title, in the Go fonts, which are compiled in. No external service and
// no font files: golang.org/x/image/font/gofont and font/opentype.
package preview

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The picture's size: what Open Graph and Twitter's large summary card ask.
const (
	Width  = 1200
	Height = 630
)

// Limits on what is drawn, so a picture is bounded whatever it is given.
const (
	maxTitleRunes  = 120
	maxKickerRunes = 40
	maxLines       = 4
)

// Card is what one picture says.
type Card struct {
	Kicker string // the format or section: "Goat Format", "Replay"
	Title  string // the page's title
	Accent string // a format id picking the accent colour ("goat", "hat", ...); "" for the site's blue
}

// accents are the formats' colours (dark enough for white text).
var accents = map[string]color.RGBA{
	"goat":    {0x2f, 0x6b, 0x3a, 0xff},
	"hat":     {0x8a, 0x3b, 0x12, 0xff},
	"edison":  {0x5b, 0x3f, 0x91, 0xff},
	"domain":  {0x0f, 0x6a, 0x73, 0xff},
	"general": {0x4a, 0x4f, 0x57, 0xff},
	"":        {0x0b, 0x5f, 0xb0, 0xff},
}

// Renderer draws cards. It holds the parsed fonts; it is safe for
// concurrent use.
type Renderer struct {
	mu                  sync.Mutex // font.Face is not safe for concurrent use
	title, kicker, mark font.Face
}

// NewRenderer parses the Go fonts once.
func NewRenderer() (*Renderer, error) {
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("preview: bold font: %w", err)
	}
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("preview: regular font: %w", err)
	}
	face := func(f *opentype.Font, size float64) (font.Face, error) {
		return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	r := &Renderer{}
	if r.title, err = face(bold, 68); err != nil {
		return nil, err
	}
	if r.kicker, err = face(reg, 40); err != nil {
		return nil, err
	}
	if r.mark, err = face(bold, 44); err != nil {
		return nil, err
	}
	return r, nil
}

// PNG draws c and encodes it.
func (r *Renderer) PNG(c Card) ([]byte, error) {
	r.mu.Lock()
	img := r.draw(c)
	r.mu.Unlock()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (r *Renderer) draw(c Card) image.Image {
	accent, ok := accents[c.Accent]
	if !ok {
		accent = accents[""]
	}
	paper := color.RGBA{0xfd, 0xfc, 0xf9, 0xff}
	ink := color.RGBA{0x1b, 0x1d, 0x22, 0xff}
	// A paletted image: few colours (the text's edges are blended into 16
	// steps between ink and paper), so the PNG stays small.
	pal := color.Palette{paper, accent, color.White}
	for i := 0; i <= 15; i++ {
		pal = append(pal, blend(paper, ink, float64(i)/15))
	}
	for i := 1; i <= 14; i++ {
		pal = append(pal, blend(accent, color.RGBA{0xff, 0xff, 0xff, 0xff}, float64(i)/15))
	}
	rgba := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(rgba, rgba.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	// The band at the top carries the kicker, in white on the accent.
	band := image.Rect(0, 0, Width, 120)
	draw.Draw(rgba, band, image.NewUniform(accent), image.Point{}, draw.Src)
	draw.Draw(rgba, image.Rect(0, Height-14, Width, Height), image.NewUniform(accent), image.Point{}, draw.Src)

	text := func(face font.Face, col color.Color, x, y int, s string) {
		d := font.Drawer{Dst: rgba, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	text(r.kicker, color.White, 72, 76, fit(r.kicker, clip(c.Kicker, maxKickerRunes), Width-144))
	y := 230
	for _, line := range wrap(r.title, clip(c.Title, maxTitleRunes), Width-144, maxLines) {
		text(r.title, ink, 72, y, line)
		y += 84
	}
	text(r.mark, accent, 72, Height-56, "Substep")
	text(r.kicker, blend(paper, ink, 0.6), 72+font.MeasureString(r.mark, "Substep ").Round()+8, Height-56, "retro Yu-Gi-Oh! rulings")

	out := image.NewPaletted(rgba.Bounds(), pal)
	draw.Draw(out, out.Bounds(), rgba, image.Point{}, draw.Src)
	return out
}

func blend(a, b color.RGBA, t float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// clip keeps the first n runes of s, with an ellipsis when cut, and
// replaces control characters with spaces.
func clip(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if rs := []rune(s); len(rs) > n {
		return strings.TrimSpace(string(rs[:n-1])) + "…"
	}
	return s
}

// fit shortens s until it is at most width pixels wide.
func fit(face font.Face, s string, width int) string {
	rs := []rune(s)
	for len(rs) > 1 && font.MeasureString(face, string(rs)).Round() > width {
		rs = append(rs[:len(rs)-2], '…')
	}
	return string(rs)
}

// wrap breaks s into at most max lines of at most width pixels, ending the
// last with an ellipsis when the text does not fit.
func wrap(face font.Face, s string, width, max int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if font.MeasureString(face, try).Round() <= width {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = fit(face, w, width)
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > max {
		lines = lines[:max]
		lines[max-1] = fit(face, lines[max-1]+" …", width)
	}
	return lines
}

// Cache keeps the pictures drawn, at most Max of them (the oldest go first),
// so each is drawn once however often it is asked for.
type Cache struct {
	r     *Renderer
	max   int
	mu    sync.Mutex
	png   map[Card][]byte
	order []Card
}

// NewCache draws with r and keeps up to max pictures.
func NewCache(r *Renderer, max int) *Cache {
	return &Cache{r: r, max: max, png: map[Card][]byte{}}
}

// PNG is the picture for c, drawn now or earlier.
func (c *Cache) PNG(card Card) ([]byte, error) {
	c.mu.Lock()
	b, ok := c.png[card]
	c.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := c.r.PNG(card)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.png[card]; !ok {
		if len(c.order) >= c.max {
			delete(c.png, c.order[0])
			c.order = c.order[1:]
		}
		c.png[card] = b
		c.order = append(c.order, card)
	}
	return b, nil
}
