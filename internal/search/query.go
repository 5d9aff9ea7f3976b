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
		// Still typing: the input ends in a letter or digit of the last word.
		last, _ := utf8.DecodeLastRuneInString(s)
		if isTokenRune(last) && q.words[n-1] == fields[len(fields)-1] && countTokenRunes(q.words[n-1]) >= minPrefixLen {
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
		if isTokenRune(r) {
			n++
		}
	}
	return n
}

func isTokenRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.In(r, unicode.Co)
}

// phrase quotes w as one FTS5 string, doubling any double quote inside.
func phrase(w string) string {
	return `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
}

// terms are the quoted words every match must have: stopwords are left
// out (unless nothing else is left, or the stopword is still being typed),
// as they are in almost every doc and only cost time. The last term gets
// the prefix star while it is being typed.
func (q query) terms() []string {
	var out []string
	for i, w := range q.words {
		last := i == len(q.words)-1
		if isStopword(w) && !(last && q.prefix) {
			continue
		}
		t := phrase(w)
		if last && q.prefix {
			t += "*"
		}
		out = append(out, t)
	}
	if len(out) == 0 { // only stopwords: "the", "to be or not to be"
		for _, w := range q.words {
			out = append(out, phrase(w))
		}
	}
	return out
}

// matchAll is the expression every term must match. With several words,
// the whole input as one phrase is added as an alternative: it matches no
// extra rows (a phrase implies its words) but lifts rows where the words
// stand together, stopwords included ("Call of the Haunted").
func (q query) matchAll() string {
	if len(q.words) == 0 {
		return ""
	}
	terms := q.terms()
	if len(q.words) == 1 {
		return terms[0]
	}
	star := ""
	if q.prefix {
		star = "*"
	}
	return "(" + strings.Join(terms, " ") + ") OR " + phrase(strings.Join(q.words, " ")) + star
}

// matchAny is the fallback when no row has every term: any will do, and
// bm25 ranks rows with more of them first.
func (q query) matchAny() string {
	if len(q.words) == 0 {
		return ""
	}
	return strings.Join(q.terms(), " OR ")
}

// isStopword reports whether w is a common English word too frequent to
// narrow a search.
func isStopword(w string) bool {
	switch fold(w) {
	case "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from",
		"has", "have", "if", "in", "into", "is", "it", "its", "of", "on", "or", "so", "than",
		"that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "were",
		"what", "when", "which", "while", "who", "will", "with", "you", "your":
		return true
	}
	return false
}

// MatchQuery turns any user input into an FTS5 MATCH expression that is
// never a syntax error: each whitespace-separated word becomes a quoted
// phrase (so AND, NEAR(, -, *, ^ and : are plain text), words without a
// letter or digit are dropped, and the last word is a prefix ("dam"*) while
// it is being typed: when the input ends in its letter or digit, not in a
// space or a symbol. It returns "" when there is nothing to search
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
