package model

import (
	"iter"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Keyname is the keyname a mapping key of the unit's tree is, or nil (an
// author-chosen name, a key inside a free value, a key the grammar does not
// know). The binder frames the key of every keyname it recognises with the
// keyname and no grammar value of its own.
func (u *Unit) Keyname(key *syntax.Node) *grammar.Key {
	fr, ok := u.Frames[key]
	if !ok || fr.Value != nil {
		return nil
	}
	return fr.Key
}

// Keynames iterates, in no particular order, over the keys of the unit's
// tree that are keynames.
func (u *Unit) Keynames() iter.Seq2[*syntax.Node, *grammar.Key] {
	return func(yield func(*syntax.Node, *grammar.Key) bool) {
		for n, fr := range u.Frames {
			if fr.Value == nil && fr.Key != nil && !yield(n, fr.Key) {
				return
			}
		}
	}
}
