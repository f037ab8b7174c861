package grammar

import (
	"slices"
	"testing"
)

// linearKey is Entity.Key as a search of every keyname, which its index
// must answer alike.
func linearKey(e *Entity, name string, v Versions) *Key {
	var found *Key
	for _, k := range e.Keys {
		if k.Name == name && k.In.Has(v) {
			if k.dialectOnly() {
				return k
			}
			if found == nil {
				found = k
			}
		}
	}
	return found
}

func linearAnyKey(e *Entity, name string) *Key {
	for _, k := range e.Keys {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// TestKeyIndexAnswersAsSearch: for every entity, every name it has (and
// one it has not), and every version alone or in the sets files use, the
// indexed lookups give what a search of the keynames gives.
func TestKeyIndexAnswersAsSearch(t *testing.T) {
	sets := []Versions{All, V1x, V2, V1_3 | VUnfurl, V1_3 | VPuccini, V2 | VUbicity, V1x | VProcessors, ^Versions(0)}
	for i := range 32 {
		sets = append(sets, 1<<i)
	}
	for _, e := range allEntities() {
		names := []string{"no_such_keyname"}
		var required []*Key
		for _, k := range e.Keys {
			names = append(names, k.Name)
			if k.Required != None {
				required = append(required, k)
			}
		}
		if !slices.Equal(e.RequiredKeys(), required) {
			t.Errorf("%s: RequiredKeys() = %v, want %v", e.Name, e.RequiredKeys(), required)
		}
		for _, name := range names {
			if got, want := e.AnyKey(name), linearAnyKey(e, name); got != want {
				t.Errorf("%s: AnyKey(%q) = %p, want %p", e.Name, name, got, want)
			}
			for _, v := range sets {
				want := linearKey(e, name, v)
				if got := e.Key(name, v); got != want {
					t.Errorf("%s: Key(%q, %b) = %p, want %p", e.Name, name, v, got, want)
				}
				k, sec := e.KeyAssigning(name, v)
				if k != want {
					t.Errorf("%s: KeyAssigning(%q, %b) key = %p, want %p", e.Name, name, v, k, want)
				}
				if k != nil && sec != AssignedSection(e, k) {
					t.Errorf("%s: KeyAssigning(%q, %b) section = %p, AssignedSection says %p", e.Name, name, v, sec, AssignedSection(e, k))
				}
			}
			probe := &Key{Name: name}
			var want *Key
			if defs := TypeSection(e.TypeKind, name); e.TypeKey != "" && defs != nil && linearAnyKey(e, name).Definitions() != defs.Definitions() {
				want = defs
			}
			if got := AssignedSection(e, probe); got != want {
				t.Errorf("%s: AssignedSection(%q) = %p, want %p", e.Name, name, got, want)
			}
		}
	}
}

// TestKeyIndexFollowsKeys: keynames added after a lookup (as init
// functions add them) are found by the next one.
func TestKeyIndexFollowsKeys(t *testing.T) {
	e := &Entity{Name: "probe", Keys: []*Key{{Name: "a", In: All}}}
	if e.Key("b", All) != nil || e.AnyKey("a") == nil {
		t.Fatal("wrong keynames before the addition")
	}
	b := &Key{Name: "b", In: V2}
	e.Keys = append(e.Keys, b)
	if got := e.Key("b", V2); got != b {
		t.Errorf("Key(b) after appending = %v, want the new keyname", got)
	}
	e.Keys = []*Key{{Name: "c", In: All}, {Name: "d", In: All}}
	if e.Key("a", All) != nil || e.Key("c", All) == nil {
		t.Error("the keynames replaced are not the ones found")
	}
}
