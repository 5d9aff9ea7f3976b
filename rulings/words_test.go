package rulings

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// engineTypes type-checks the engine's files once for the tests that ask
// an expression's type.
var engineTypes = sync.OnceValues(func() (*parsedEngine, *types.Info) {
	fset, files, err := parseEngine()
	if err != nil {
		panic(err)
	}
	var list []*ast.File
	for _, f := range files {
		list = append(list, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(error) {}}
	conf.Check("substep/rulings", fset, list, info)
	return &parsedEngine{fset, files}, info
})

// parsedEngine is the engine's files as engineTypes checked them.
type parsedEngine struct {
	fset  *token.FileSet
	files map[string]*ast.File
}

// wordsComparedWithStrings reports each place the interpreter compares a
// value of one of the named vocabulary types (or its string conversion)
// with a string literal: by == or !=, in a switch, or in a test of the
// strings package (stringTests). The vocabulary's words are compared only with their
// constants, so the loader's check of every word covers the interpreter.
func wordsComparedWithStrings(t *testing.T, typeNames ...string) {
	t.Helper()
	parsed, info := engineTypes()
	fset, files := parsed.fset, parsed.files
	word := func(e ast.Expr) string {
		if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "string" {
				e = c.Args[0]
			}
		}
		if named, ok := info.Types[e].Type.(*types.Named); ok && slices.Contains(typeNames, named.Obj().Name()) {
			return named.Obj().Name()
		}
		return ""
	}
	report := func(lit ast.Expr, with ast.Expr) {
		if bl, ok := lit.(*ast.BasicLit); ok && bl.Kind == token.STRING && bl.Value != `""` && word(with) != "" {
			t.Errorf("%s: a %s compared with the string %s; use its constant", fset.Position(bl.Pos()), word(with), bl.Value)
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if x.Op == token.EQL || x.Op == token.NEQ {
					report(x.X, x.Y)
					report(x.Y, x.X)
				}
			case *ast.SwitchStmt:
				if x.Tag != nil {
					for _, s := range x.Body.List {
						for _, e := range s.(*ast.CaseClause).List {
							report(e, x.Tag)
						}
					}
				}
			case *ast.CallExpr:
				if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "strings" && slices.Contains(stringTests, sel.Sel.Name) {
						for _, a := range x.Args {
							for _, b := range x.Args {
								report(a, b)
							}
						}
					}
				}
			}
			return true
		})
	}
}

// stringTests are the functions of the strings package that compare.
var stringTests = []string{"Contains", "ContainsAny", "HasPrefix", "HasSuffix", "EqualFold", "Index", "Compare", "Count"}

// TestNoStringTarget: a target's kind is compared only with the
// TargetKind constants or asked of its entry in targetKinds
// (targetkinds.go), never compared with a string.
func TestNoStringTarget(t *testing.T) {
	wordsComparedWithStrings(t, "TargetKind")
}

// TestTargetKinds: every target kind has a pool and names the file of its
// functions; every kind is used by a bundled card or named in rulings/*.md.
func TestTargetKinds(t *testing.T) {
	_, files := engineFiles(t)
	used := map[TargetKind]bool{}
	for _, c := range testCatalogue(t).Cards() {
		for _, e := range c.Effects {
			if e.Target != nil {
				used[e.Target.What] = true
			}
		}
	}
	docs := engineDocs(t)
	for k, e := range targetKinds {
		if e.pool == nil {
			t.Errorf("target kind %s has no pool", k)
		}
		declared := false
		for _, fn := range []any{e.pool, e.check, e.pair} {
			if f := files[e.file]; f != nil && !reflect.ValueOf(fn).IsNil() && funcDecl(f, funcName(fn)) != nil {
				declared = true
			}
		}
		if !declared {
			t.Errorf("target kind %s: none of its functions is declared in its file %q", k, e.file)
		}
		if !used[k] && !strings.Contains(docs, "`"+string(k)+"`") {
			t.Errorf("target kind %s: no card uses it and no rulings/*.md names it", k)
		}
	}
}

// TestNoStringWhen: a `when:` condition is written in the interpreter only
// as a When constant (conditions.go and the rooms' files): a string literal
// of type When, compared, passed or stored, appears only in a constant's
// declaration, so every condition the interpreter names is one the loader
// accepts (TestConditions).
func TestNoStringWhen(t *testing.T) {
	wordsComparedWithStrings(t, "When")
	literalsOutsideConsts(t, "When")
}

// literalsOutsideConsts reports each string literal that takes one of the
// named types (passed as an argument, stored, a map key) outside the
// declaration of a constant.
func literalsOutsideConsts(t *testing.T, typeNames ...string) {
	t.Helper()
	parsed, info := engineTypes()
	for _, f := range parsed.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if gd, ok := n.(*ast.GenDecl); ok && gd.Tok == token.CONST {
				return false
			}
			bl, ok := n.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING || bl.Value == `""` {
				return true
			}
			if named, ok := info.Types[bl].Type.(*types.Named); ok && slices.Contains(typeNames, named.Obj().Name()) {
				t.Errorf("%s: the string %s used as a %s; use its constant", parsed.fset.Position(bl.Pos()), bl.Value, named.Obj().Name())
			}
			return true
		})
	}
}

// TestConditions: every When constant is a condition of the registry
// (conditions.go), so the loader accepts it; every entry says what it means;
// and every condition is used by a bundled card or named in rulings/*.md.
func TestConditions(t *testing.T) {
	_, info := engineTypes()
	for id, obj := range info.Defs {
		c, ok := obj.(*types.Const)
		if !ok {
			continue
		}
		if named, isNamed := c.Type().(*types.Named); !isNamed || named.Obj().Name() != "When" {
			continue
		}
		if _, ok := conditions[When(constant.StringVal(c.Val()))]; !ok {
			t.Errorf("%s = %s has no entry in conditions (conditions.go)", id.Name, c.Val())
		}
	}
	used := map[When]bool{}
	for _, c := range testCatalogue(t).Cards() {
		for _, e := range c.Effects {
			for _, eff := range append([]Effect{e}, e.Alts...) {
				used[eff.When], used[eff.Timing] = true, true
			}
		}
	}
	docs := engineDocs(t)
	for w, c := range conditions {
		if c.about == "" {
			t.Errorf("condition %s does not say what it means", w)
		}
		if !used[w] && !strings.Contains(docs, "`"+string(w)+"`") {
			t.Errorf("condition %s: no card uses it and no rulings/*.md names it", w)
		}
	}
}

// TestNoStringEffectKind: an effect's kind, a target's side, what an
// effect negates or modifies, a card's kind and where an effect is used
// from are written in the interpreter only as their constants
// (effectkinds.go, effectwords.go, cardwords.go), never compared with or
// passed as a string, so every word it asks about is one the loader accepts.
func TestNoStringEffectKind(t *testing.T) {
	wordsComparedWithStrings(t, smallerWords...)
	literalsOutsideConsts(t, smallerWords...)
}

// smallerWords are the types of the vocabularies whose registries hold
// wordEntry values.
var smallerWords = []string{"EffectKind", "Side", "Negation", "Modification", "CardKind", "From", "Wording"}

// TestWordEntries: every constant of the smaller vocabularies (effect
// kinds, sides, negations, modifications, card kinds, origins, wordings)
// has an entry in its registry that says what it means and where it is
// handled, every function an entry names is declared in the file it names,
// and every word is used by a bundled card (a target without side: uses
// any).
func TestWordEntries(t *testing.T) {
	_, files := engineFiles(t)
	used := map[string]bool{}
	for _, c := range testCatalogue(t).Cards() {
		used["CardKind "+string(c.Kind)] = true
		for _, e := range c.Effects {
			for _, eff := range append([]Effect{e}, e.Alts...) {
				used["EffectKind "+string(eff.Kind)], used["Negation "+string(eff.Negates)], used["Modification "+string(eff.Modifies)] = true, true, true
				used["From "+string(eff.From)], used["Wording "+string(eff.Wording)] = true, true
				if eff.Target != nil && eff.Target.Side != "" {
					used["Side "+string(eff.Target.Side)] = true
				}
			}
		}
	}
	used["Side "+string(SideAny)] = true
	for typ, reg := range map[string]map[string]wordEntry{
		"EffectKind": stringKeys(effectKinds), "Side": stringKeys(sides),
		"Negation": stringKeys(negations), "Modification": stringKeys(modifications),
		"CardKind": stringKeys(cardKinds), "From": stringKeys(origins), "Wording": stringKeys(wordings),
	} {
		for _, k := range constsOf(t, typ) {
			if _, ok := reg[k]; !ok {
				t.Errorf("%s %s has no entry in its registry", typ, k)
			}
		}
		for k, e := range reg {
			if e.about == "" || len(e.where) == 0 {
				t.Errorf("%s %s: its entry must say what it means and where it is handled", typ, k)
			}
			for _, h := range e.where {
				if f := files[h.file]; f == nil || funcDecl(f, h.fn) == nil {
					t.Errorf("%s %s: %s is not declared in %s", typ, k, h.fn, h.file)
				}
			}
			if !used[typ+" "+k] {
				t.Errorf("%s %s: no bundled card uses it", typ, k)
			}
		}
	}
}

// stringKeys is a registry keyed by the words' strings.
func stringKeys[K ~string](m map[K]wordEntry) map[string]wordEntry {
	out := map[string]wordEntry{}
	for k, v := range m {
		out[string(k)] = v
	}
	return out
}

// constsOf is the values of the engine's constants of the named type.
func constsOf(t *testing.T, typeName string) []string {
	t.Helper()
	_, info := engineTypes()
	var out []string
	for _, obj := range info.Defs {
		c, ok := obj.(*types.Const)
		if !ok {
			continue
		}
		if named, isNamed := c.Type().(*types.Named); isNamed && named.Obj().Name() == typeName {
			out = append(out, constant.StringVal(c.Val()))
		}
	}
	return out
}

// TestNoStringIf: an `if:` term is written in the interpreter only as an
// IfTerm constant (ifterms.go), never compared with or passed as a string.
func TestNoStringIf(t *testing.T) {
	wordsComparedWithStrings(t, "IfTerm")
	literalsOutsideConsts(t, "IfTerm")
}

// TestIfTerms: every IfTerm constant has an entry in ifTerms whose function
// is declared in the file it names; every term is used by a bundled card or
// named in rulings/*.md.
func TestIfTerms(t *testing.T) {
	_, files := engineFiles(t)
	for _, k := range constsOf(t, "IfTerm") {
		if _, ok := ifTerms[IfTerm(k)]; !ok {
			t.Errorf("if: term %s has no entry in ifTerms (ifterms.go)", k)
		}
	}
	used := map[IfTerm]bool{}
	for _, c := range testCatalogue(t).Cards() {
		for _, e := range c.Effects {
			for _, eff := range append([]Effect{e}, e.Alts...) {
				words, _ := ifTermsOf(eff.If)
				for _, w := range words {
					used[w] = true
				}
			}
		}
	}
	docs := engineDocs(t)
	for w, e := range ifTerms {
		if f := files[e.file]; f == nil || e.why == nil || funcDecl(f, funcName(e.why)) == nil {
			t.Errorf("if: term %s: its function is not declared in its file %q", w, e.file)
		}
		if !used[w] && !strings.Contains(docs, "`"+string(w)+"`") {
			t.Errorf("if: term %s: no card uses it and no rulings/*.md names it", w)
		}
	}
}

// TestIfErrors: a card whose `if:` holds a term the engine does not know,
// or a term with the wrong argument, is refused when the catalogue loads by
// an error naming the file and line, the card, the effect and the term.
func TestIfErrors(t *testing.T) {
	for _, tc := range []struct{ name, cond, want string }{
		{"an unknown term", "attacked; on-a-sunday",
			`cards/x.yaml:1: Test Card: effect 2: if: term "on-a-sunday" is not an if: term (a-monster-attacked, attacked, attacks-face-down-defense, destroyed-this-turn, gemini, in-deck-or-gy, opponent-lp-ahead, opponent-summoned, other-face-up); declare it in ifTerms (rulings/ifterms.go)`},
		{"an argument to a word", "gemini:twice",
			`cards/x.yaml:1: Test Card: effect 2: if: term "gemini:twice" takes no argument`},
		{"a number that is none", "opponent-lp-ahead:lots",
			`cards/x.yaml:1: Test Card: effect 2: if: term "opponent-lp-ahead:lots" needs a whole number after opponent-lp-ahead:`},
		{"a missing filter", "other-face-up",
			`cards/x.yaml:1: Test Card: effect 2: if: term "other-face-up" needs a filter after other-face-up:`},
		{"a bad filter", "in-deck-or-gy:winged",
			`cards/x.yaml:1: Test Card: effect 2: if: term in-deck-or-gy: filter "winged": term "winged" is not a filter term; declare it in filterTerms (rulings/filters.go)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yaml := "- name: Test Card\n  kind: monster\n  effects:\n" +
				"    - kind: ignition\n      do:\n        - {op: draw, n: 1}\n" +
				"    - kind: ignition\n      if: \"" + tc.cond + "\"\n      do:\n        - {op: draw, n: 1}\n"
			got := loadError(yaml)
			if got != tc.want {
				t.Errorf("load error:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestWordErrors: an effect kind, side, negates: or modifies: the engine
// does not know is refused when the catalogue loads, naming the card, the effect, the field
// and the registry's words.
func TestWordErrors(t *testing.T) {
	for _, tc := range []struct{ name, kind, field, want string }{
		{"a side", "activate", "target: {what: monster, side: theirs}",
			`cards/x.yaml:1: Test Card: effect 1: target: side "theirs" is not one of any, opponent, yours`},
		{"a negation", "activate", "negates: damage",
			`cards/x.yaml:1: Test Card: effect 1: negates "damage" is not one of activation, effect, summon`},
		{"a modification", "activate", "modifies: level",
			`cards/x.yaml:1: Test Card: effect 1: modifies "level" is not one of atk`},
		{"a from", "activate", "from: deck",
			`cards/x.yaml:1: Test Card: effect 1: from "deck" is not one of extra, graveyard, hand`},
		{"a wording", "trigger", "when: summoned\n      optional: true\n      wording: whenever\n      wording-source: x",
			`cards/x.yaml:1: Test Card: effect 1: wording "whenever" is not one of if, when`},
		{"an effect kind", "passive", "speed: 2",
			`cards/x.yaml:1: Test Card: effect 1: effect kind "passive" is not one of activate, continuous, flip, ignition, maintenance, procedure, quick, trigger`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yaml := "- name: Test Card\n  kind: trap\n  effects:\n    - kind: " + tc.kind + "\n      " + tc.field + "\n      do:\n        - {op: draw, n: 1}\n"
			got := loadError(yaml)
			if got != tc.want {
				t.Errorf("load error:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestNoStringLocation: the interpreter names a card's location only by
// the location constants (duel.go, xyz.go), never by a string.
func TestNoStringLocation(t *testing.T) {
	wordsComparedWithStrings(t, "location")
	literalsOutsideConsts(t, "location")
}

// TestSubtypes: the interpreter asks for a subtype only by its constant
// (cardwords.go); every constant has an entry in subtypes, every subtype is
// used by a bundled card, and the loader refuses an unknown subtype or one
// the card's kind cannot have.
func TestSubtypes(t *testing.T) {
	wordsComparedWithStrings(t, "Subtype")
	literalsOutsideConsts(t, "Subtype")
	for _, k := range constsOf(t, "Subtype") {
		if _, ok := subtypes[Subtype(k)]; !ok {
			t.Errorf("subtype %s has no entry in subtypes (cardwords.go)", k)
		}
	}
	used := map[Subtype]bool{}
	for _, c := range testCatalogue(t).Cards() {
		for _, s := range c.Subtypes {
			used[Subtype(s)] = true
		}
	}
	for s := range subtypes {
		if !used[s] {
			t.Errorf("subtype %s: no bundled card has it", s)
		}
	}
	for subs, want := range map[string]string{
		"[quick-play]": `cards/x.yaml:1: Test Card: a trap cannot have the subtype "quick-play"`,
		"[winged]":     `cards/x.yaml:1: Test Card: subtype "winged" is not one of continuous, counter, effect, equip, field, flip, fusion, gemini, link, normal, pendulum, quick-play, ritual, spirit, synchro, token, tuner, union, xyz`,
	} {
		yaml := "- name: Test Card\n  kind: trap\n  subtypes: " + subs + "\n"
		got := loadError(yaml)
		if got != want {
			t.Errorf("load error:\n got %s\nwant %s", got, want)
		}
	}
}

// TestNoStringPhase: the interpreter names a phase or a step of the Battle
// Phase only by its constant (replay.go), never by a string.
func TestNoStringPhase(t *testing.T) {
	wordsComparedWithStrings(t, "phase", "battleStep")
	literalsOutsideConsts(t, "phase", "battleStep")
}
