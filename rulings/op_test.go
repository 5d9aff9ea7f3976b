package rulings

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestOpTable: the op registry (optable.go) is the one list of ops. Each
// entry acts somehow and names the file of its function; every op a bundled
// card uses is registered and acts where the card uses it (a cost pays, a
// resolving effect's op runs, a continuous effect's op is read, or its gap
// is stated); and every registered op is used by a card or named in
// rulings/*.md.
func TestOpTable(t *testing.T) {
	_, files := engineFiles(t)
	for name, e := range opTable {
		checkOpEntry(t, files, name, e)
	}
	used := map[OpName]bool{}
	for _, c := range testCatalogue(t).Cards() {
		for _, e := range c.Effects {
			for _, eff := range append([]Effect{e}, e.Alts...) {
				checkCardOps(t, c.Name, eff, used)
			}
		}
	}
	docs := engineDocs(t)
	for name := range opTable {
		if !used[name] && !strings.Contains(docs, "`"+string(name)+"`") {
			t.Errorf("op %s is registered but no card uses it and no rulings/*.md names it; remove it or document it", name)
		}
	}
}

// checkOpEntry: the entry acts, and its file declares its functions.
func checkOpEntry(t *testing.T, files map[string]*ast.File, name OpName, e opEntry) {
	t.Helper()
	if e.run == nil && e.pay == nil && e.readBy == "" && e.gap == "" {
		t.Errorf("op %s: its entry neither runs, pays nor is read by a function (and states no gap)", name)
	}
	if e.check != nil && e.pay == nil {
		t.Errorf("op %s: a check without a pay", name)
	}
	if e.gap != "" {
		return
	}
	var funcs []string
	for _, fn := range []any{e.run, e.pay, e.check} {
		if !reflect.ValueOf(fn).IsNil() {
			funcs = append(funcs, funcName(fn))
		}
	}
	if e.readBy != "" {
		funcs = append(funcs, e.readBy)
	}
	f := files[e.file]
	if f == nil {
		t.Errorf("op %s: its file %q is not a file of the engine", name, e.file)
		return
	}
	if decl := funcDecl(f, funcs[0]); decl == nil {
		t.Errorf("op %s: %s is not declared in %s", name, funcs[0], e.file)
	} else if e.readBy != "" && e.run == nil && e.pay == nil && !mentions(decl, string(name)) {
		t.Errorf("op %s: %s (%s) does not read it by name", name, e.readBy, e.file)
	}
}

// checkCardOps: each op of a card's effect is registered and acts where
// the card uses it; used collects the ops met.
func checkCardOps(t *testing.T, card string, eff Effect, used map[OpName]bool) {
	t.Helper()
	if eff.Unsupported != "" {
		return
	}
	for _, o := range eff.Cost {
		used[o.Op] = true
		if opTable[o.Op].pay == nil {
			t.Errorf("%s: cost op %q has no pay in opTable", card, o.Op)
		}
	}
	for _, o := range eff.Do {
		used[o.Op] = true
		e, ok := opTable[o.Op]
		switch {
		case !ok:
			t.Errorf("%s: op %q is not registered in opTable", card, o.Op)
		case eff.Kind == "continuous" && e.readBy == "" && e.gap == "" && e.run == nil:
			t.Errorf("%s: continuous op %q names no function that reads it", card, o.Op)
		case eff.Kind != "continuous" && e.run == nil:
			t.Errorf("%s: op %q of a %s effect has no run function in opTable", card, o.Op, eff.Kind)
		}
	}
}

func funcDecl(f *ast.File, name string) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return fd
		}
	}
	return nil
}

// mentions: does the function hold the string literal s?
func mentions(fd *ast.FuncDecl, s string) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
			if v, _ := strconv.Unquote(bl.Value); v == s {
				found = true
			}
		}
		return !found
	})
	return found
}

// engineDocs is the text of rulings/*.md.
func engineDocs(t *testing.T) string {
	t.Helper()
	paths, _ := filepath.Glob("*.md")
	var b strings.Builder
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

// funcName is the name of the function fn (a package-level function).
func funcName(fn any) string {
	full := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	return full[strings.LastIndex(full, ".")+1:]
}

// TestOpNamesRegistered: every op the interpreter names by a string literal
// (a continuous op it reads, an op it tests for) is an op of opTable, so a
// misspelt name cannot make a rule silently apply to nothing.
func TestOpNamesRegistered(t *testing.T) {
	parsed, info := engineTypes()
	for _, f := range parsed.files {
		ast.Inspect(f, func(n ast.Node) bool {
			bl, ok := n.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				return true
			}
			named, ok := info.Types[bl].Type.(*types.Named)
			if !ok || named.Obj().Name() != "OpName" {
				return true
			}
			if v, _ := strconv.Unquote(bl.Value); !hasEntry(OpName(v)) {
				t.Errorf("%s: op %s is not registered in opTable (optable.go)", parsed.fset.Position(bl.Pos()), bl.Value)
			}
			return true
		})
	}
}

func hasEntry(name OpName) bool {
	_, ok := opTable[name]
	return ok
}
