package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Frame is one level of the grammar at a position: a YAML node and the
// grammar value describing it.
type Frame struct {
	Node  *syntax.Node
	Value *grammar.Value
	// Key is the keyname whose value Node is (nil at the root, for map
	// entries named by the author and for list items).
	Key *grammar.Key
	// Pair is the mapping entry leading to Node (nil for list items and the root).
	Pair *syntax.Pair
	// Owner is the innermost declaration (a node template, a type, …).
	Owner *Decl
	// Type is the resolved type of the innermost typed entity (a
	// template's or definition's `type`).
	Type *Decl
}

// Entity is the grammar entity of the frame's node, if it is one.
func (f *Frame) Entity() *grammar.Entity {
	if f.Value != nil && f.Value.Kind == grammar.EntityValue {
		return f.Value.Entity
	}
	return nil
}

// Position is where an offset sits in a file, in grammar terms.
type Position struct {
	Unit   *Unit
	Offset int
	// Frames run from the root to the innermost node holding the offset.
	Frames []Frame
	// OnKey is set when the offset is on the key of the innermost frame's Pair.
	OnKey bool
}

// Innermost is the last frame (never nil when Frames is not empty).
func (p *Position) Innermost() *Frame {
	if len(p.Frames) == 0 {
		return nil
	}
	return &p.Frames[len(p.Frames)-1]
}

// Locate maps an offset of the unit's file to grammar frames.
func (a *Analyzer) Locate(u *Unit, off int) *Position {
	return a.locateIn(u, u.File.Root(), off)
}

// locateIn maps an offset inside root (a document of the unit's file, or
// a tree re-parsed for completion) to grammar frames.
func (a *Analyzer) locateIn(u *Unit, root *syntax.Node, off int) *Position {
	a.mu.Lock()
	defer a.mu.Unlock()
	pos := &Position{Unit: u, Offset: off}
	if root == nil {
		return pos
	}
	pos.Frames = append(pos.Frames, Frame{Node: root, Value: fileValue})
	for _, step := range syntax.PathAt(root, off) {
		cur := pos.Frames[len(pos.Frames)-1]
		next := Frame{Owner: cur.Owner, Type: cur.Type}
		var child *syntax.Node
		if step.Pair != nil {
			child = step.Pair.Value
			next.Pair = step.Pair
		} else if step.Index >= 0 && step.Index < len(step.Parent.Items) {
			child = step.Parent.Items[step.Index]
		}
		if child == nil {
			break
		}
		next.Node = child
		next.Value, next.Key = stepValue(cur.Value, cur.Node, step, u.Versions, func(e *grammar.Entity, name string) *grammar.Key {
			return e.Key(name, u.Versions)
		})
		if step.Pair != nil {
			for _, d := range u.Decls {
				if d.Key == step.Pair.Key {
					next.Owner = d
				}
			}
		}
		if e := entityOf(next.Value); e != nil && e.TypeKey != "" && child.Kind == syntax.Mapping && u.Scope != nil {
			next.Type = u.Scope.Lookup(e.TypeKind, child.Get(e.TypeKey).Text())
		}
		pos.Frames = append(pos.Frames, next)
		pos.OnKey = step.OnKey
		if step.OnKey {
			break
		}
	}
	return pos
}

func entityOf(v *grammar.Value) *grammar.Entity {
	if v != nil && v.Kind == grammar.EntityValue {
		return v.Entity
	}
	return nil
}

// fileValue describes a whole TOSCA file: every walk along the grammar starts here.
var fileValue = &grammar.Value{Kind: grammar.EntityValue, Entity: grammar.ServiceTemplate}

// anyValue describes free-form values (property values, metadata, …).
var anyValue = &grammar.Value{Kind: grammar.AnyValue}

// stepValue is the grammar value of the child reached by step from a node
// described by val, in a file of versions v. keyOf looks keynames up (so
// completion can prefer the keynames of the file's 2.0 form).
func stepValue(val *grammar.Value, node *syntax.Node, step syntax.Step, v grammar.Versions, keyOf func(*grammar.Entity, string) *grammar.Key) (*grammar.Value, *grammar.Key) {
	if val == nil {
		return nil, nil
	}
	if s := val.ShortFor(v); s != nil && node != nil && node.Kind == syntax.Scalar {
		val = s
	}
	switch val.Kind {
	case grammar.EntityValue:
		if step.Pair == nil {
			return nil, nil
		}
		if k := keyOf(val.Entity, step.Pair.Key.Value); k != nil {
			return k.Value, k
		}
		if extra := val.Entity.ExtraFor(v); extra != nil {
			return extra, nil
		}
	case grammar.MapOfValue, grammar.ListOfValue:
		return val.Elem, nil
	case grammar.NamedListValue:
		if step.Pair != nil {
			return val.Elem, nil
		}
		// A list item: the single-entry map itself is a map of one entry.
		return &grammar.Value{Kind: grammar.MapOfValue, Elem: val.Elem}, nil
	case grammar.AnyValue, grammar.MapValue, grammar.ListValue:
		return anyValue, nil
	}
	return nil, nil
}
