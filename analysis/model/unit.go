package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Unit is a document open in the editor, as position features see it: its
// facts, its syntax tree and the grammar frame of every node.
type Unit struct {
	View   *View
	Path   string
	File   *index.File
	Facts  *facts.Facts
	Tree   *syntax.File
	Frames facts.Frames
}

// Unit returns the unit of a document (nil when the snapshot does not hold
// the file or it is in no language tosca-ls reads). The index keeps trees
// and frames of open documents only: a request about a file the editor has
// not opened parses it again, and binds it again for its frames, whose
// entity ids are those of the snapshot's facts (the binder is
// deterministic).
func (v *View) Unit(path string) *Unit {
	if v.reparsed != nil && v.reparsed.Path == path {
		return v.reparsed
	}
	f := v.Snap.File(path)
	if f == nil || f.Facts == nil || f.Facts.Lang == grammar.NotModel {
		return nil
	}
	tree, frames := f.Syntax, f.Frames
	if tree == nil {
		tree = f.Tree()
		_, frames = facts.BindOpen(path, f.Facts.Src, tree, f.Facts.Lang, f.Facts.Setting, nil)
	}
	return &Unit{View: v, Path: path, File: f, Facts: f.Facts, Tree: tree, Frames: frames}
}

// Reparsed returns the unit of the open document at path as another parse
// of its text reads it (completion parses a copy patched around the cursor
// when the snapshot's parse lost the cursor line): its facts and frames are
// bound afresh, and every query of the unit's view sees them instead of the
// snapshot's. The view memoises apart from the snapshot's program, whose
// results name entities of the other facts. The tree is read in the
// document's language; one whose text does not tell its language yet (a
// new file the editor calls TOSCA or Heat) is read in lang.
func (v *View) Reparsed(path string, tree *syntax.File, lang grammar.Language) *Unit {
	f := v.Snap.File(path)
	if f == nil || f.Facts == nil {
		return nil
	}
	if f.Facts.Lang != grammar.NotModel {
		lang = f.Facts.Lang
	}
	if lang == grammar.NotModel {
		return nil
	}
	fs, frames := facts.BindOpen(path, string(tree.Src), tree, lang, f.Facts.Setting, nil)
	rv := &View{Snap: v.Snap, prog: newProgram(v.prog.gen), eng: v.eng}
	rv.reparsed = &Unit{View: rv, Path: path, File: f, Facts: fs, Tree: tree, Frames: frames}
	return rv.reparsed
}

// Versions are the grammar versions of the unit's file.
func (u *Unit) Versions() grammar.Versions { return u.Facts.Versions }

// Decl is the declaration entity id of the unit's file.
func (u *Unit) Decl(id facts.ID) Decl { return Decl{u.Path, id} }

// Position is where an offset sits in a unit, in grammar terms.
type Position struct {
	Unit   *Unit
	Offset int
	// Path runs from the document root to the innermost node holding the offset.
	Path syntax.Path
	// Node is the innermost node (the key itself when OnKey).
	Node  *syntax.Node
	OnKey bool
	// Frame is the binder's frame of Node.
	Frame facts.Frame
}

// At locates an offset of the unit's first document.
func (u *Unit) At(off int) *Position {
	pos := &Position{Unit: u, Offset: off, Frame: facts.Frame{Entity: facts.Root, Owner: facts.None}}
	root := u.Tree.Root()
	if root == nil {
		return pos
	}
	pos.Node = root
	pos.Path = syntax.PathAt(root, off)
	if n := len(pos.Path); n > 0 {
		last := pos.Path[n-1]
		pos.OnKey = last.OnKey
		if last.OnKey {
			pos.Node = last.Pair.Key
		} else if child := last.Node(); child != nil {
			pos.Node = child
		}
	}
	pos.Frame = u.frameOnPath(pos.Node, pos.Path)
	return pos
}

// frameOnPath is the frame of n; a node the binder did not walk (under an
// unknown keyname) gets the entity of its nearest walked ancestor, with no
// grammar value.
func (u *Unit) frameOnPath(n *syntax.Node, path syntax.Path) facts.Frame {
	if fr, ok := u.Frames[n]; ok {
		return fr
	}
	for i := len(path) - 1; i >= 0; i-- {
		if fr, ok := u.Frames[path[i].Parent]; ok {
			return facts.Frame{Entity: fr.Entity, Owner: fr.Owner}
		}
	}
	return facts.Frame{Entity: facts.Root, Owner: facts.None}
}

// FrameOf is the frame of a node of the unit's tree (the zero frame of the
// root entity for a node the binder did not walk).
func (u *Unit) FrameOf(n *syntax.Node) facts.Frame {
	if fr, ok := u.Frames[n]; ok {
		return fr
	}
	return facts.Frame{Entity: facts.Root, Owner: facts.None}
}
