package search

import (
	"html"
	"strings"
	"unicode"
)

// snippetWords is how many words of the body a snippet shows.
const snippetWords = 30

// excerpt cuts the best window of n words out of a body that highlight()
// marked: the window with the most distinct matched words, then the most
// matches, centred on them. Cut ends get "…". Whitespace becomes single
// spaces. Markers may be left unbalanced at the cuts; markSnippet fixes
// that.
//
// FTS5's snippet() does the same job, but its cost grows with the number of
// query phrases times the number of matches, which long queries over long
// pages make slow; this is linear.
func excerpt(marked string, n int) string {
	words := strings.Fields(marked)
	if len(words) <= n {
		return strings.Join(words, " ")
	}
	// key[i] is the matched word's folded form, "" if word i is not a match.
	key := make([]string, len(words))
	inside := false
	for i, w := range words {
		hit := inside || strings.ContainsRune(w, markOpen)
		if o, c := strings.LastIndexByte(w, markOpen), strings.LastIndexByte(w, markClose); o >= 0 || c >= 0 {
			inside = o > c
		}
		if hit {
			key[i] = strings.ToLower(strings.TrimFunc(w, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsNumber(r)
			}))
			if key[i] == "" {
				key[i] = "\x00" // a match made of symbols still counts
			}
		}
	}

	count := map[string]int{}
	distinct, hits := 0, 0
	add := func(i, d int) {
		if key[i] == "" {
			return
		}
		hits += d
		count[key[i]] += d
		switch {
		case d > 0 && count[key[i]] == 1:
			distinct++
		case d < 0 && count[key[i]] == 0:
			distinct--
		}
	}
	for i := range n {
		add(i, 1)
	}
	best, bestScore := 0, distinct*1000+hits
	for start := 1; start+n <= len(words); start++ {
		add(start-1, -1)
		add(start+n-1, 1)
		if score := distinct*1000 + hits; score > bestScore {
			best, bestScore = start, score
		}
	}

	// Centre the matches of the best window.
	first, last := -1, -1
	for i := best; i < best+n; i++ {
		if key[i] != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	start := best
	if first >= 0 {
		start = min(max(0, first-(n-(last-first+1))/2), len(words)-n)
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("… ")
	}
	b.WriteString(strings.Join(words[start:start+n], " "))
	if start+n < len(words) {
		b.WriteString(" …")
	}
	return b.String()
}

// markSnippet HTML-escapes a snippet and turns its markers into <mark> tags.
// A mark left open at the end (a cut snippet) is closed; a close without an
// open (cut at the start) is dropped.
func markSnippet(s string) string {
	s = html.EscapeString(s)
	var b strings.Builder
	b.Grow(len(s) + 32)
	open := false
	for _, r := range s {
		switch r {
		case markOpen:
			if !open {
				b.WriteString("<mark>")
				open = true
			}
		case markClose:
			if open {
				b.WriteString("</mark>")
				open = false
			}
		default:
			b.WriteRune(r)
		}
	}
	if open {
		b.WriteString("</mark>")
	}
	return b.String()
}
