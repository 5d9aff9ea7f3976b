package rulings

import (
	"fmt"
	"go/ast"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestVocabulary: VOCABULARY.md, the list a card's author reads, is what
// the registries say (cardKinds, subtypes, effectKinds, origins, opTable,
// targetKinds, sides, conditions, ifTerms, negations, modifications,
// wordings, filterTerms) with each op's doc comment; `-update` rewrites it.
func TestVocabulary(t *testing.T) {
	_, files := engineFiles(t)
	got := vocabularyDoc(files, opExamples(testCatalogue(t)))
	if *update {
		if err := os.WriteFile("VOCABULARY.md", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("VOCABULARY.md")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("VOCABULARY.md is out of date; run go test -tags sqlite_fts5 ./rulings/ -run TestVocabulary -update (-file +registries):\n%s", diff)
	}
}

// opExamples names, for each op, the first card (by name) that uses it.
func opExamples(cat *Catalogue) map[OpName]string {
	out := map[OpName]string{}
	for _, c := range cat.Cards() {
		for _, e := range c.Effects {
			for _, eff := range append([]Effect{e}, e.Alts...) {
				for _, o := range append(append([]Op{}, eff.Cost...), eff.Do...) {
					if _, ok := out[o.Op]; !ok {
						out[o.Op] = c.Name
					}
				}
			}
		}
	}
	return out
}

func vocabularyDoc(files map[string]*ast.File, examples map[OpName]string) string {
	var b strings.Builder
	b.WriteString(`# The vocabulary cards are written in

Generated from the engine's registries by TestVocabulary (rulings/vocab_test.go):
do not edit; after changing a registry run
` + "`go test -tags sqlite_fts5 ./rulings/ -run TestVocabulary -update`" + `.
SCENARIOS.md shows how a card's YAML is written; ENGINE.md how to add a word.

`)
	writeWords(&b, "Card kinds (a card's `kind:`)", "cardKinds in cardwords.go", cardKinds)
	writeSubtypes(&b, files)
	writeWords(&b, "Effect kinds (an effect's `kind:`)", "effectKinds in effectkinds.go", effectKinds)
	writeWords(&b, "Where an effect is used from (`from:`)", "origins in cardwords.go", origins)
	writeOps(&b, files, examples)
	writeConsts(&b, files, "Target kinds (`target: {what: ...}`)", "TargetKind", "targetkinds.go, targets.go, pairtarget.go")
	writeWords(&b, "Target sides (`target: {side: ...}`)", "sides in effectwords.go", sides)
	b.WriteString("## Conditions (`when:`, `timing:`)\n\nconditions.go; the checks in when.go.\n\n| condition | when it is met |\n| --- | --- |\n")
	for _, w := range sortedKeys(conditions) {
		fmt.Fprintf(&b, "| `%s` | %s |\n", w, cell(conditions[w].about))
	}
	b.WriteString("\n")
	writeIfTerms(&b, files)
	writeWords(&b, "Negations (`negates:`)", "negations in effectwords.go", negations)
	writeWords(&b, "Modifications (`modifies:`)", "modifications in effectwords.go", modifications)
	writeWords(&b, "Wordings of optional triggers (`wording:`, with `wording-source:`)", "wordings in effectwords.go", wordings)
	writeConsts(&b, files, "Filter terms (`filter:`, joined by `,`; alternatives by ` or `)", "FilterTerm", "filters.go")
	return b.String()
}

// writeWords lists the words of a smaller vocabulary and the functions
// that handle each.
func writeWords[K ~string](b *strings.Builder, title, where string, reg map[K]wordEntry) {
	fmt.Fprintf(b, "## %s\n\n%s.\n\n| word | what it means | handled by |\n| --- | --- | --- |\n", title, where)
	for _, k := range sortedKeys(reg) {
		var fns []string
		for _, h := range reg[k].where {
			fns = append(fns, fmt.Sprintf("`%s` (%s)", h.fn, h.file))
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", k, cell(reg[k].about), strings.Join(fns, ", "))
	}
	b.WriteString("\n")
}

// writeOps lists every op: how it acts, the fields it reads, its `what:`
// values and what it does (its function's doc comment).
func writeOps(b *strings.Builder, files map[string]*ast.File, examples map[OpName]string) {
	b.WriteString("## Ops (`cost:` and `do:`)\n\nopTable in optable.go; the file named holds the op's function; the example is the first card (by name) that uses the op.\n\n| op | acts as | reads | `what:` | what it does | example |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, name := range sortedKeys(opTable) {
		e := opTable[name]
		var acts []string
		doc := ""
		if e.run != nil {
			acts = append(acts, "effect")
			doc = funcDoc(files[e.file], funcName(e.run))
		}
		if e.pay != nil {
			acts = append(acts, "cost")
			if doc == "" {
				doc = funcDoc(files[e.file], funcName(e.pay))
				if e.check != nil && doc == "" {
					doc = funcDoc(files[e.file], funcName(e.check))
				}
			}
		}
		if e.readBy != "" {
			acts = append(acts, "continuous")
			if doc == "" {
				doc = fmt.Sprintf("applied by `%s`", e.readBy)
			}
		}
		if e.gap != "" {
			acts, doc = append(acts, "continuous"), "not applied yet: "+e.gap
		}
		if e.file != "" {
			doc += " (" + e.file + ")"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s |\n", name, strings.Join(acts, ", "), strings.Join(e.fields(), " "), cell(whatValues(e.what)), cell(strings.TrimSpace(doc)), cell(examples[name]))
	}
	b.WriteString("\n")
}

// whatValues names what an op accepts in `what:`.
func whatValues(a whatArg) string {
	switch {
	case a.about != "":
		return a.about
	case a.flags != nil:
		return joinWords(a.flags) + " (several joined by commas)"
	}
	return joinWords(a.one)
}

// writeConsts lists the constants of a vocabulary type with their comments.
func writeConsts(b *strings.Builder, files map[string]*ast.File, title, typ, where string) {
	fmt.Fprintf(b, "## %s\n\n%s.\n\n| word | meaning |\n| --- | --- |\n", title, where)
	docs := constDocs(files, typ)
	for _, w := range sortedKeys(docs) {
		fmt.Fprintf(b, "| `%s` | %s |\n", w, cell(docs[w]))
	}
	b.WriteString("\n")
}

// constDocs maps each non-empty constant of a vocabulary type to its
// comment.
func constDocs(files map[string]*ast.File, typ string) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok || vs.Type == nil || fmt.Sprint(vs.Type) != typ || len(vs.Values) != 1 {
					continue
				}
				if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Value != `""` {
					out[strings.Trim(lit.Value, `"`)] = strings.TrimSpace(vs.Comment.Text())
				}
			}
		}
	}
	return out
}

// writeSubtypes lists the subtypes with the card kinds each may go with.
func writeSubtypes(b *strings.Builder, files map[string]*ast.File) {
	b.WriteString("## Card subtypes (`subtypes:`)\n\nsubtypes in cardwords.go.\n\n| subtype | card kinds | meaning |\n| --- | --- | --- |\n")
	docs := constDocs(files, "Subtype")
	for _, s := range sortedKeys(subtypes) {
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", s, joinWords(subtypes[s]), cell(docs[string(s)]))
	}
	b.WriteString("\n")
}

// writeIfTerms lists the `if:` terms with the argument each takes.
func writeIfTerms(b *strings.Builder, files map[string]*ast.File) {
	b.WriteString("## `if:` terms (joined by `;`)\n\nifTerms in ifterms.go.\n\n| term | met when |\n| --- | --- |\n")
	docs := constDocs(files, "IfTerm")
	for _, w := range sortedKeys(ifTerms) {
		arg := map[ifArg]string{ifNumber: ":N", ifFilter: ":FILTER"}[ifTerms[w].arg]
		fmt.Fprintf(b, "| `%s%s` | %s |\n", w, arg, cell(docs[string(w)]))
	}
	b.WriteString("\n")
}

// funcDoc is the first sentence of the doc comment of the function name in
// f, without the function's name.
func funcDoc(f *ast.File, name string) string {
	fd := funcDecl(f, name)
	if fd == nil || fd.Doc == nil {
		return ""
	}
	doc := strings.Join(strings.Fields(fd.Doc.Text()), " ")
	doc = strings.TrimPrefix(doc, name+" ")
	doc = strings.TrimPrefix(doc, name+": ")
	if strings.HasPrefix(doc, "is described") {
		return ""
	}
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	return doc
}

func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

func sortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
