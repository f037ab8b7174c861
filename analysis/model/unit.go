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

// Unit returns the unit of an open document (nil when the snapshot does not
// hold the file or it is in no language tosca-ls reads).
func (v *View) Unit(path string) *Unit {
	f := v.Snap.File(path)
	if f == nil || f.Facts == nil || f.Facts.Lang == grammar.NotModel || f.Syntax == nil {
		return nil
	}
	return &Unit{View: v, Path: path, File: f, Facts: f.Facts, Tree: f.Syntax, Frames: f.Frames}
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
