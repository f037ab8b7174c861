package server

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestLockDiscipline keeps the server free of the deadlock class behind
// issue 24's folder hang (a removal waited for the index under the
// server's lock, which the index's worker needed to publish). It reads the
// package's source and checks two rules:
//
//   - Nothing that may wait runs while a server lock is held: no call into
//     the workspace (`ws`), the connection or the client, no channel
//     operation or select without default, no sleep or Wait, no file
//     system call, and no call of a function of this package that does
//     any of these (followed through calls by name). The only exceptions
//     are the locks whose purpose is to serialise a write to the client
//     (outputLocks): only writers wait on them.
//   - Locks taken under other locks (through calls too) form no cycle.
//
// It is syntactic and conservative: methods are matched by name, closures
// and goroutines started under a lock are not followed (they run later).
func TestLockDiscipline(t *testing.T) {
	funcs := parsePackage(t)
	an := newLockAnalysis(funcs)
	var problems []string
	for _, f := range funcs {
		problems = append(problems, an.check(f)...)
	}
	problems = append(problems, an.cycles()...)
	sort.Strings(problems)
	for _, p := range slices.Compact(problems) {
		t.Error(p)
	}
	if len(an.edges) == 0 || len(an.seenLocks) < 5 {
		t.Errorf("the analysis saw %d locks and %d nestings: it no longer reads the package", len(an.seenLocks), len(an.edges))
	}
}

// outputLocks serialise writes to the client; waiting for the write is
// their purpose, and nothing but a writer waits on them.
var outputLocks = map[string]bool{
	"stream.wmu":         true, // one framed message at a time
	"diagnostics.sendMu": true, // publishes in order, checked for staleness
}

// fileSystemCalls wait on the disk (os.* besides these, and what the index
// exports that reads folders).
var (
	pureOSCalls     = map[string]bool{"Getenv": true, "LookupEnv": true, "UserHomeDir": true, "Getpid": true}
	fileSystemCalls = map[string]bool{"index.CSARRoot": true, "index.RepositoryRoot": true, "filepath.EvalSymlinks": true, "filepath.WalkDir": true, "filepath.Walk": true, "filepath.Glob": true}
	// waitingFields lead to what waits: the index, the connection, the client.
	waitingFields = map[string]bool{"ws": true, "conn": true, "client": true}
	waitingCalls  = map[string]bool{"Wait": true, "WaitFor": true, "Sleep": true}
)

type funcInfo struct {
	key      string // Type.name or name
	decl     *ast.FuncDecl
	recvName string
	recvType string
	file     string
	fset     *token.FileSet
}

// importNames are the names the package's files import packages under;
// fieldTypes the type of each field of the package's structs ("" when not
// a type of the package).
var (
	importNames = map[string]bool{}
	fieldTypes  = map[string]map[string]string{}
)

func parsePackage(t *testing.T) []*funcInfo {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []*funcInfo
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			name := strings.Trim(imp.Path.Value, `"`)
			name = name[strings.LastIndex(name, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			importNames[name] = true
		}
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if st, ok := ts.Type.(*ast.StructType); ok {
				fields := map[string]string{}
				for _, fl := range st.Fields.List {
					typ := fl.Type
					if star, ok := typ.(*ast.StarExpr); ok {
						typ = star.X
					}
					name := ""
					if id, ok := typ.(*ast.Ident); ok {
						name = id.Name
					}
					for _, n := range fl.Names {
						fields[n.Name] = name
					}
				}
				fieldTypes[ts.Name.Name] = fields
			}
			return false
		})
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fi := &funcInfo{decl: fd, file: p, fset: fset}
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				if names := fd.Recv.List[0].Names; len(names) == 1 {
					fi.recvName = names[0].Name
				}
				typ := fd.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					fi.recvType = id.Name
				}
			}
			fi.key = fd.Name.Name
			if fi.recvType != "" {
				fi.key = fi.recvType + "." + fi.key
			}
			out = append(out, fi)
		}
	}
	return out
}

// funcSummary is what a function does wherever it is called: whether it may
// wait (and why), the functions it calls and the locks it takes.
type funcSummary struct {
	waits   string
	callees []string
	locks   []string
}

type lockAnalysis struct {
	byName map[string][]*funcInfo // by key
	// methodsNamed are the keys of the methods of each name, for calls
	// whose receiver's type is not known.
	methodsNamed map[string][]string
	summaries    map[*funcInfo]*funcSummary
	// transitive results, by function name
	waitMemo  map[string]string
	locksMemo map[string][]string
	edges     map[[2]string]string // outer, inner → where
	seenLocks map[string]bool
}

func newLockAnalysis(funcs []*funcInfo) *lockAnalysis {
	an := &lockAnalysis{
		byName: map[string][]*funcInfo{}, methodsNamed: map[string][]string{}, summaries: map[*funcInfo]*funcSummary{},
		waitMemo: map[string]string{}, locksMemo: map[string][]string{},
		edges: map[[2]string]string{}, seenLocks: map[string]bool{},
	}
	for _, f := range funcs {
		an.byName[f.key] = append(an.byName[f.key], f)
		if f.recvType != "" {
			an.methodsNamed[f.decl.Name.Name] = append(an.methodsNamed[f.decl.Name.Name], f.key)
		}
	}
	for _, f := range funcs {
		s := &funcSummary{}
		visitBody(f.decl.Body, func(n ast.Node) {
			if lock, op := lockOp(f, n); lock != "" {
				if op == "Lock" {
					s.locks = append(s.locks, lock)
				}
				return
			}
			if why := waitOp(n); why != "" && s.waits == "" {
				s.waits = why
			}
			s.callees = append(s.callees, an.callees(f, n)...)
		})
		an.summaries[f] = s
	}
	return an
}

// waits says why calling name may wait ("" when it does not).
func (an *lockAnalysis) waits(name string) string {
	if why, ok := an.waitMemo[name]; ok {
		return why
	}
	an.waitMemo[name] = "" // recursion: assume not, the fixpoint below settles it
	for changed := true; changed; {
		changed = false
		for _, f := range an.byName[name] {
			s := an.summaries[f]
			why := s.waits
			for _, c := range s.callees {
				if why != "" {
					break
				}
				if w := an.waits(c); w != "" {
					why = c + " → " + w
				}
			}
			if why != "" && an.waitMemo[name] == "" {
				an.waitMemo[name] = why
				changed = true
			}
		}
	}
	return an.waitMemo[name]
}

// locks are the locks calling name may take.
func (an *lockAnalysis) locks(name string) []string {
	if l, ok := an.locksMemo[name]; ok {
		return l
	}
	an.locksMemo[name] = nil
	var out []string
	for _, f := range an.byName[name] {
		s := an.summaries[f]
		out = append(out, s.locks...)
		for _, c := range s.callees {
			out = append(out, an.locks(c)...)
		}
	}
	sort.Strings(out)
	out = slices.Compact(out)
	an.locksMemo[name] = out
	return out
}

// check walks f's statements, tracking the locks held.
func (an *lockAnalysis) check(f *funcInfo) []string {
	var problems []string
	where := func(n ast.Node) string {
		return fmt.Sprintf("%s (%s)", f.fset.Position(n.Pos()), f.decl.Name.Name)
	}
	var block func(stmts []ast.Stmt, held []string)
	var stmt func(st ast.Stmt, held []string) []string
	inspect := func(n ast.Node, held []string) {
		if n == nil || len(held) == 0 {
			return
		}
		visitBody(n, func(n ast.Node) {
			if why := waitOp(n); why != "" {
				problems = append(problems, an.waitProblem(where(n), held, why)...)
			}
			for _, name := range an.callees(f, n) {
				if why := an.waits(name); why != "" {
					problems = append(problems, an.waitProblem(where(n), held, name+" → "+why)...)
				}
				for _, inner := range an.locks(name) {
					an.nest(held, inner, where(n))
				}
			}
		})
	}
	stmt = func(st ast.Stmt, held []string) []string {
		if lock, op := lockOp(f, st); lock != "" {
			an.seenLocks[lock] = true
			switch op {
			case "Lock":
				an.nest(held, lock, where(st))
				return append(slices.Clone(held), lock)
			case "Unlock":
				return slices.DeleteFunc(slices.Clone(held), func(l string) bool { return l == lock })
			}
			return held // deferred unlock: held to the end
		}
		switch st := st.(type) {
		case *ast.BlockStmt:
			block(st.List, held)
		case *ast.IfStmt:
			held = stmt(st.Init, held)
			inspect(st.Cond, held)
			block(st.Body.List, held)
			if st.Else != nil {
				stmt(st.Else, held)
			}
		case *ast.ForStmt:
			held = stmt(st.Init, held)
			inspect(st.Cond, held)
			inspect(st.Post, held)
			block(st.Body.List, held)
		case *ast.RangeStmt:
			inspect(st.X, held)
			block(st.Body.List, held)
		case *ast.SwitchStmt:
			held = stmt(st.Init, held)
			inspect(st.Tag, held)
			for _, c := range st.Body.List {
				cc := c.(*ast.CaseClause)
				for _, e := range cc.List {
					inspect(e, held)
				}
				block(cc.Body, held)
			}
		case *ast.TypeSwitchStmt:
			held = stmt(st.Init, held)
			inspect(st.Assign, held)
			for _, c := range st.Body.List {
				block(c.(*ast.CaseClause).Body, held)
			}
		case *ast.SelectStmt:
			if !hasDefault(st) && len(held) > 0 {
				problems = append(problems, an.waitProblem(where(st), held, "select without default")...)
			}
			for _, c := range st.Body.List {
				block(c.(*ast.CommClause).Body, held)
			}
		case *ast.LabeledStmt:
			return stmt(st.Stmt, held)
		case *ast.GoStmt:
			for _, a := range st.Call.Args {
				inspect(a, held)
			}
		case *ast.DeferStmt, nil:
		default:
			inspect(st, held)
		}
		return held
	}
	block = func(stmts []ast.Stmt, held []string) {
		for _, st := range stmts {
			held = stmt(st, held)
		}
	}
	block(f.decl.Body.List, nil)
	return problems
}

func (an *lockAnalysis) waitProblem(where string, held []string, why string) []string {
	var out []string
	for _, l := range held {
		if !outputLocks[l] {
			out = append(out, fmt.Sprintf("%s: may wait (%s) while holding %s", where, why, l))
		}
	}
	return out
}

func (an *lockAnalysis) nest(held []string, inner, where string) {
	for _, outer := range held {
		if _, ok := an.edges[[2]string{outer, inner}]; !ok {
			an.edges[[2]string{outer, inner}] = where
		}
	}
}

// cycles reports lock nestings that can deadlock: a lock taken under
// itself, or two locks taken in both orders (through any chain).
func (an *lockAnalysis) cycles() []string {
	next := map[string][]string{}
	for e := range an.edges {
		next[e[0]] = append(next[e[0]], e[1])
	}
	var out []string
	for start := range next {
		seen := map[string]bool{}
		var walk func(l string, path []string)
		walk = func(l string, path []string) {
			for _, n := range next[l] {
				p := append(slices.Clone(path), n)
				if n == start {
					out = append(out, fmt.Sprintf("locks taken in a cycle: %s (first nesting at %s)", strings.Join(p, " → "), an.edges[[2]string{l, n}]))
					continue
				}
				if !seen[n] {
					seen[n] = true
					walk(n, p)
				}
			}
		}
		walk(start, []string{start})
	}
	return out
}

// visitBody calls fn on every node of n that runs when n runs: closures and
// the calls of go statements run later and are skipped, as are the
// receives of a select with a default (which do not wait).
func visitBody(n ast.Node, fn func(ast.Node)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			for _, a := range n.Call.Args {
				visitBody(a, fn)
			}
			return false
		case *ast.SelectStmt:
			if hasDefault(n) {
				for _, c := range n.Body.List {
					for _, st := range c.(*ast.CommClause).Body {
						visitBody(st, fn)
					}
				}
				return false
			}
		}
		if n != nil {
			fn(n)
		}
		return true
	})
}

func hasDefault(s *ast.SelectStmt) bool {
	for _, c := range s.Body.List {
		if c.(*ast.CommClause).Comm == nil {
			return true
		}
	}
	return false
}

// lockOp recognises X.Lock(), X.RLock(), X.Unlock(), X.RUnlock() and
// defer X.Unlock(): the lock's name (the receiver's type for the receiver)
// and "Lock", "Unlock" or "defer".
func lockOp(f *funcInfo, n ast.Node) (lock, op string) {
	var call *ast.CallExpr
	deferred := false
	switch n := n.(type) {
	case *ast.ExprStmt:
		call, _ = n.X.(*ast.CallExpr)
	case *ast.DeferStmt:
		call, deferred = n.Call, true
	case *ast.CallExpr:
		call = n
	}
	if call == nil {
		return "", ""
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	switch sel.Sel.Name {
	case "Lock", "RLock":
		op = "Lock"
	case "Unlock", "RUnlock":
		op = "Unlock"
	default:
		return "", ""
	}
	if deferred {
		op = "defer"
	}
	lock = exprString(sel.X)
	if f.recvName != "" && (lock == f.recvName || strings.HasPrefix(lock, f.recvName+".")) {
		lock = f.recvType + strings.TrimPrefix(lock, f.recvName)
	}
	return lock, op
}

// waitOp says why n may wait by itself ("" when it does not).
func waitOp(n ast.Node) string {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			return "channel receive"
		}
	case *ast.SendStmt:
		return "channel send"
	case *ast.SelectStmt:
		return "select without default"
	case *ast.CallExpr:
		sel, ok := n.Fun.(*ast.SelectorExpr)
		if !ok {
			return ""
		}
		chain := exprString(sel.X)
		for _, part := range strings.Split(chain, ".") {
			if waitingFields[part] {
				return "calls " + chain + "." + sel.Sel.Name
			}
		}
		name := chain + "." + sel.Sel.Name
		switch {
		case chain == "os" && !pureOSCalls[sel.Sel.Name], fileSystemCalls[name]:
			return "file system: " + name
		case waitingCalls[sel.Sel.Name] && !strings.HasSuffix(chain, "cond"):
			// A condition variable's Wait releases its lock while waiting.
			return "calls " + name
		}
	}
	return ""
}

// callees are the keys of the functions of this package n (in f) may
// call: a method through the receiver's fields is resolved by their types;
// one through a variable is any method of that name.
func (an *lockAnalysis) callees(f *funcInfo, n ast.Node) []string {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil
	}
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		if len(an.byName[fun.Name]) > 0 {
			return []string{fun.Name}
		}
	case *ast.SelectorExpr:
		if typ, known := receiverType(f, fun.X); known {
			if typ != "" && len(an.byName[typ+"."+fun.Sel.Name]) > 0 {
				return []string{typ + "." + fun.Sel.Name}
			}
			return nil
		}
		return an.methodsNamed[fun.Sel.Name]
	}
	return nil
}

// receiverType is the type of e when it is f's receiver or a chain of
// fields from it: "" for a type of another package; known is false when
// e starts elsewhere (a variable, a package).
func receiverType(f *funcInfo, e ast.Expr) (typ string, known bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if importNames[e.Name] {
			return "", true
		}
		return f.recvType, f.recvName != "" && e.Name == f.recvName
	case *ast.SelectorExpr:
		outer, known := receiverType(f, e.X)
		if !known || outer == "" {
			return "", known
		}
		return fieldTypes[outer][e.Sel.Name], true
	}
	return "", false
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.CallExpr:
		return exprString(e.Fun) + "()"
	case *ast.StarExpr:
		return exprString(e.X)
	case *ast.ParenExpr:
		return exprString(e.X)
	case *ast.IndexExpr:
		return exprString(e.X) + "[]"
	}
	return "?"
}
