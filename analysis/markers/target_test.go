package markers_test

// Markers of the model's targets (model.Unit.Target): what an offset
// designates, which hover and navigation start from.
//
//	#@target("loc‸", "description")
//	                            the target at the locator, described as
//	                            one of:
//	    decl KIND NAME in WHERE [built-in]
//	    member SECTION NAME of DEFINER from ORIGIN [definition]
//	    import NAME → WHERE (or → the problem, or → nothing)
//	    keyname KEY of ENTITY
//	    function NAME
//	    keyword NAME [in FUNCTION]
//	    entry ENTITY NAME
//	    unresolved NAME
//	    none
//	                            (WHERE is model.View.Where of the file)
//	                            The target's span must be the locator's
//	                            text, except for none.

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/model"
)

func init() {
	handlers["target"] = targetMarker
}

func targetMarker(env *Env, m Marker) {
	off, span, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	u := env.View.Unit(env.Abs(m.Path))
	if u == nil {
		env.Errorf(m, "%s is not a TOSCA unit", m.Path)
		return
	}
	t := u.Target(off)
	if got, want := describeTarget(env.View, t), env.Str(m, 1); got != want {
		env.Errorf(m, "got %q, want %q", got, want)
	}
	if t.Kind != model.NoTarget && t.Span != span {
		env.Errorf(m, "the target spans %q, want %q", env.Files[m.Path][t.Span.Start:t.Span.End], env.Files[m.Path][span.Start:span.End])
	}
}

func describeTarget(v *model.View, t model.Target) string {
	switch t.Kind {
	case model.TargetDecl:
		s := fmt.Sprintf("decl %s %s in %s", v.Kind(t.Decl), v.Name(t.Decl), v.Where(t.Decl.Path))
		if v.IsBuiltin(t.Decl.Path) {
			s += " built-in"
		}
		return s
	case model.TargetMember:
		mb := t.Member
		s := fmt.Sprintf("member %s %s of %s from %s", mb.Section, mb.Name, v.Name(mb.Definer), v.Name(mb.Origin))
		if t.OnDecl {
			s += " definition"
		}
		return s
	case model.TargetImport:
		s := "import " + t.Name + " → "
		switch l := t.Link; {
		case l == nil:
			s += "nothing"
		case l.Problem != nil:
			s += l.Problem.Message
		default:
			s += v.Where(l.Path)
		}
		return s
	case model.TargetKeyname:
		return fmt.Sprintf("keyname %s of %s", t.Key.Name, t.Entity.Name)
	case model.TargetFunction:
		return "function " + t.Fn.Name
	case model.TargetKeyword:
		if t.Fn != nil {
			return fmt.Sprintf("keyword %s in %s", t.Name, t.Fn.Name)
		}
		return "keyword " + t.Name
	case model.TargetEntry:
		return fmt.Sprintf("entry %s %s", t.Entity.Name, t.Name)
	case model.TargetUnresolved:
		return "unresolved " + t.Name
	}
	return "none"
}
