package index

import (
	"slices"
	"sort"
)

// Profile names resolve deterministically, whatever the order in which
// files were scanned or edited. Of the files declaring a name:
//
//  1. an embedded profile of that name (the normative types) wins: no
//     workspace file replaces them;
//  2. else the files of the profile folders (ProfilePaths), in the order
//     of the folders;
//  3. else any other file (workspace folders, the repository's profiles,
//     files loaded for an import);
//
// ties broken by path. A file that another file declaring the same name
// imports (directly, or through files declaring no other name) is part of
// that profile, not a rival: TOSCA 2.0 §6.7.1 lets every file of a profile
// declare its name. Every other file declaring the name and losing is
// shadowed (Snapshot.ShadowedBy), which the model reports on its
// `profile:`.

// profileChanged records a file's profile declaration when it is put or
// removed (prev and next share a path; either may be nil).
func (b *builder) profileChanged(prev, next *File) {
	before, after := declaredProfile(prev), declaredProfile(next)
	if before == after {
		return
	}
	if before != "" {
		delete(b.s.declarers[before], prev.Path)
		b.profileDirty(before)
	}
	if after != "" {
		d := b.s.declarers[after]
		if d == nil {
			d = map[string]bool{}
			b.s.declarers[after] = d
		}
		d[next.Path] = true
		b.profileDirty(after)
	}
}

// declaredProfile is the profile name a file declares as the author's
// (embedded files are the embedded profiles, known apart).
func declaredProfile(f *File) string {
	if f == nil || f.Embedded {
		return ""
	}
	return f.ProfileName
}

func (b *builder) profileDirty(name string) {
	if b.profileNames == nil {
		b.profileNames = map[string]bool{}
	}
	b.profileNames[name] = true
}

// settleProfiles resolves again the names whose declarations changed, and,
// when links changed, every name several files declare (which of them is
// part of another's profile may have changed). It reports whether a name
// resolves elsewhere now (its importers are then to be linked again).
func (b *builder) settleProfiles() bool {
	if b.relinked {
		for name, d := range b.s.declarers {
			if len(d) > 1 {
				b.profileDirty(name)
			}
		}
	}
	b.relinked = false
	names := b.profileNames
	b.profileNames = nil
	moved := false
	for name := range names {
		moved = b.settleProfile(name) || moved
	}
	return moved
}

// settleProfile resolves one profile name (see the order above) and
// records the files it shadows; it reports whether the name resolves
// elsewhere than before.
func (b *builder) settleProfile(name string) bool {
	declarers := make([]string, 0, len(b.s.declarers[name]))
	for p := range b.s.declarers[name] {
		declarers = append(declarers, p)
	}
	if len(declarers) == 0 {
		delete(b.s.declarers, name)
	}
	order := b.profileOrder()
	sort.Slice(declarers, func(i, j int) bool { return order(declarers[i], declarers[j]) })
	var members map[string]bool
	if len(declarers) > 1 {
		members = b.members(name, declarers)
	}
	winner := b.s.embedded.profiles[name]
	if winner == "" && len(declarers) > 0 {
		winner = declarers[0] // all members of each other: a cycle of imports
		for _, p := range declarers {
			if !members[p] {
				winner = p
				break
			}
		}
	}
	shadows := map[string]bool{}
	for _, p := range declarers {
		if p != winner && !members[p] {
			shadows[p] = true
		}
	}
	for p := range b.s.shadows[name] {
		if !shadows[p] {
			b.shadowed = b.shadowed.Delete(p)
			b.changed[p] = true
		}
	}
	for p := range shadows {
		if old, _ := b.shadowed.Get(p); old != winner {
			b.shadowed = b.shadowed.Set(p, winner)
			b.changed[p] = true
		}
	}
	if len(shadows) > 0 {
		b.s.shadows[name] = shadows
	} else {
		delete(b.s.shadows, name)
	}
	if old, _ := b.profiles.Get(name); old == winner {
		return false
	}
	if winner == "" {
		b.profiles = b.profiles.Delete(name)
	} else {
		b.profiles = b.profiles.Set(name, winner)
	}
	b.relinkUsers(name)
	return true
}

// profileOrder is the order in which files declaring one profile name
// take it: the profile folders first, in their order, then by path.
func (b *builder) profileOrder() func(a, b string) bool {
	folders := b.s.opts.ProfilePaths
	rank := func(p string) int {
		for i, dir := range folders {
			if Within(absPath(dir), p) {
				return i
			}
		}
		return len(folders)
	}
	return func(x, y string) bool {
		if rx, ry := rank(x), rank(y); rx != ry {
			return rx < ry
		}
		return x < y
	}
}

// members returns the declarers of name that another of them imports,
// directly or through files that declare no other profile name: parts of
// that one's profile. One walk from all of them at once, each file
// remembering at most two of the declarers it is reached from (a declarer
// reached from one besides itself is a member), costs linear time.
func (b *builder) members(name string, declarers []string) map[string]bool {
	type step struct{ path, from string }
	reached := map[string][]string{}
	queue := make([]step, 0, len(declarers))
	for _, d := range declarers {
		queue = append(queue, step{d, d})
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		from := reached[s.path]
		if len(from) == 2 || slices.Contains(from, s.from) {
			continue
		}
		reached[s.path] = append(from, s.from)
		if f, ok := b.file(s.path); ok && s.path != s.from && f.ProfileName != "" && f.ProfileName != name {
			continue // another profile starts here (§6.7.1)
		}
		links, _ := b.links.Get(s.path)
		for _, l := range links {
			if l.Path != "" {
				queue = append(queue, step{l.Path, s.from})
			}
		}
	}
	out := map[string]bool{}
	for _, d := range declarers {
		if len(reached[d]) == 2 {
			out[d] = true
		}
	}
	return out
}
