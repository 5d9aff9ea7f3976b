package rulings

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// engineFiles parses the engine's own Go files (not its tests).
func engineFiles(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	fset, out, err := parseEngine()
	if err != nil {
		t.Fatal(err)
	}
	return fset, out
}

// parseEngine parses the engine's files (tests excluded), by file name.
func parseEngine() (*token.FileSet, map[string]*ast.File, error) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		return nil, nil, err
	}
	out := map[string]*ast.File{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, p, nil, goparser.ParseComments)
		if err != nil {
			return nil, nil, err
		}
		out[p] = f
	}
	return fset, out, nil
}

// TestSwitchReadInOnePlace: each rule switch of a Profile has its value
// read by at most one function of the engine, and the field's comment
// names that function, so "where does Goat's SEGOC order apply?" is one hop.
func TestSwitchReadInOnePlace(t *testing.T) {
	_, files := engineFiles(t)
	readers := map[string]map[string]bool{} // field -> "duel.fn (file)"
	comments := map[string]string{}
	for path, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				if path == "profile.go" {
					profileComments(d, comments)
				}
			case *ast.FuncDecl:
				if path == "profile.go" {
					continue // the profiles themselves, and their descriptions
				}
				name := "duel." + d.Name.Name + " (" + path + ")"
				if d.Recv == nil {
					name = d.Name.Name + " (" + path + ")"
				}
				ast.Inspect(d, func(n ast.Node) bool {
					if field := switchRead(n); field != "" {
						if readers[field] == nil {
							readers[field] = map[string]bool{}
						}
						readers[field][name] = true
					}
					return true
				})
			}
		}
	}
	for field, fns := range readers {
		var list []string
		for fn := range fns {
			list = append(list, fn)
		}
		sort.Strings(list)
		if len(list) > 1 {
			t.Errorf("Profile.%s is read in %d places: %s; read it in one function and call that", field, len(list), strings.Join(list, ", "))
			continue
		}
		if !strings.Contains(comments[field], list[0]) {
			t.Errorf("Profile.%s's comment should name %s, where it is read; it says %q", field, list[0], comments[field])
		}
	}
}

// switchRead reports the Profile field n reads the value of (p.X.Value,
// d.p.X.Value), or "".
func switchRead(n ast.Node) string {
	se, ok := n.(*ast.SelectorExpr)
	if !ok || se.Sel.Name != "Value" {
		return ""
	}
	in, ok := se.X.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	switch x := in.X.(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name == "p" || x.Sel.Name == "profile" {
			return in.Sel.Name
		}
	case *ast.Ident:
		if x.Name == "p" || x.Name == "profile" {
			return in.Sel.Name
		}
	}
	return ""
}

func profileComments(d *ast.GenDecl, out map[string]string) {
	for _, spec := range d.Specs {
		ts, ok := spec.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Profile" {
			continue
		}
		for _, f := range ts.Type.(*ast.StructType).Fields.List {
			for _, n := range f.Names {
				out[n.Name] = f.Comment.Text() + f.Doc.Text()
			}
		}
	}
}

// maxFuncLines is the longest an engine function may be: a reader should
// not scroll through screens. Split a longer one into named steps that read
// top-down.
const maxFuncLines = 60

// TestLongestFunctions fails for an engine function over maxFuncLines
// lines, and logs the longest (the reshape's measure).
func TestLongestFunctions(t *testing.T) {
	fset, files := engineFiles(t)
	type fn struct {
		name  string
		lines int
	}
	var all []fn
	for path, f := range files {
		for _, decl := range f.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok {
				n := fset.Position(d.End()).Line - fset.Position(d.Pos()).Line + 1
				all = append(all, fn{path + ":" + d.Name.Name, n})
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].lines > all[j].lines })
	over := 0
	for _, f := range all {
		if f.lines > maxFuncLines {
			over++
		}
	}
	for _, f := range all[:over] {
		t.Errorf("%s is %d lines, over %d: split it into named steps", f.name, f.lines, maxFuncLines)
	}
	t.Logf("%d files, %d functions, %d over %d lines; longest:", len(files), len(all), over, maxFuncLines)
	for _, f := range all[:min(10, len(all))] {
		t.Logf("  %4d %s", f.lines, f.name)
	}
}
