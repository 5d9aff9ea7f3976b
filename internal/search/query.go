package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on what a query may cost. Input beyond them is cut, not refused.
const (
	maxQueryRunes = 256 // runes of user input kept
	maxQueryWords = 32  // whitespace-separated words kept
	minPrefixLen  = 2   // the last word is a prefix only from this many letters on
)

// query is user input made safe: the words to match, and what was cut.
type query struct {
	clean     string   // the input as echoed back: valid UTF-8, no controls, single spaces
	words     []string // words with at least one letter or digit, at most maxQueryWords
	prefix    bool     // the last word is still being typed: match it as a prefix
	truncated bool     // input or words were cut
}

// parseQuery never fails: any byte string gives a query, possibly with no words.
func parseQuery(input string) query {
	var q query
	s := strings.ToValidUTF8(input, " ")
	if utf8.RuneCountInString(s) > maxQueryRunes {
		n := 0
		for i := range s {
			if n == maxQueryRunes {
				s = s[:i]
				break
			}
			n++
		}
		q.truncated = true
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)

	fields := strings.Fields(s)
	q.clean = strings.Join(fields, " ")
	for _, w := range fields {
		if !hasTokenRune(w) {
			continue // "*", "^", ":", emoji: the tokenizer drops them anyway
		}
		if len(q.words) == maxQueryWords {
			q.truncated = true
			break
		}
		q.words = append(q.words, w)
	}
	if n := len(q.words); n > 0 && !q.truncated {
		last, _ := utf8.DecodeLastRuneInString(s)
		if !unicode.IsSpace(last) && q.words[n-1] == fields[len(fields)-1] && countTokenRunes(q.words[n-1]) >= minPrefixLen {
			q.prefix = true
		}
	}
	return q
}

// hasTokenRune reports whether w has a rune the unicode61 tokenizer keeps
// (categories L*, N* and Co).
func hasTokenRune(w string) bool { return countTokenRunes(w) > 0 }

func countTokenRunes(w string) int {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.In(r, unicode.Co) {
			n++
		}
	}
	return n
}

// phrase quotes w as one FTS5 string, doubling any double quote inside.
func phrase(w string) string {
	return `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
}

// matchAll is the expression every word must match, the last one as a
// prefix while it is being typed. With several words, the whole input as
// one phrase is added as an alternative: it matches no extra rows (a phrase
// implies its words) but lifts rows where the words stand together.
func (q query) matchAll() string {
	if len(q.words) == 0 {
		return ""
	}
	star := ""
	if q.prefix {
		star = "*"
	}
	quoted := make([]string, len(q.words))
	for i, w := range q.words {
		quoted[i] = phrase(w)
	}
	quoted[len(quoted)-1] += star
	if len(q.words) == 1 {
		return quoted[0]
	}
	return "(" + strings.Join(quoted, " ") + ") OR " + phrase(strings.Join(q.words, " ")) + star
}

// matchAny is the fallback when no row has every word: any word will do,
// and bm25 ranks rows with more of them first.
func (q query) matchAny() string {
	if len(q.words) == 0 {
		return ""
	}
	quoted := make([]string, len(q.words))
	for i, w := range q.words {
		quoted[i] = phrase(w)
	}
	if q.prefix {
		quoted[len(quoted)-1] += "*"
	}
	return strings.Join(quoted, " OR ")
}

// MatchQuery turns any user input into an FTS5 MATCH expression that is
// never a syntax error: each whitespace-separated word becomes a quoted
// phrase (so AND, NEAR(, -, *, ^ and : are plain text), words without a
// letter or digit are dropped, and the last word is a prefix ("dam"*) unless
// the input ends in a space. It returns "" when there is nothing to search
// for. Search matches with this expression first.
func MatchQuery(userInput string) string { return parseQuery(userInput).matchAll() }

// fold reduces s to a lookup key: lower case, diacritics removed, '.' and
// apostrophes dropped ("D.D." → "dd"), any other run of non-letters and
// non-digits turned into one space.
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range s {
		switch {
		case r == '.' || r == '\'' || r == '’' || r == 'ʼ':
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteRune(plainLetter(unicode.ToLower(r)))
		default:
			gap = true
		}
	}
	return b.String()
}

// accentGroups maps Latin letters with diacritics to their base letter (the
// first rune of each group), as the tokenizers' remove_diacritics does.
var accentGroups = [...]string{
	"aàáâãäåāăą", "cçćĉċč", "dďđ", "eèéêëēĕėęě", "gĝğġģ", "hĥħ", "iìíîïĩīĭįı",
	"jĵ", "kķ", "lĺļľŀł", "nñńņň", "oòóôõöøōŏő", "rŕŗř", "sśŝşš", "tţťŧ",
	"uùúûüũūŭůűų", "wŵ", "yýÿŷ", "zźżž",
}

func plainLetter(r rune) rune {
	if r < 0xC0 || r > 0x17F {
		return r
	}
	for _, g := range accentGroups {
		if strings.ContainsRune(g, r) {
			base, _ := utf8.DecodeRuneInString(g)
			return base
		}
	}
	return r
}
