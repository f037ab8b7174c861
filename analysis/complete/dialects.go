package complete

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// resourceTypeItems offers the Heat resource types (`OS::Nova::Server`)
// the workspace's Heat templates use: Heat's registry of types is not
// described, so what the workspace writes is what completion knows. The
// name being typed at the cursor does not count.
func (r *request) resourceTypeItems(present map[string]bool) {
	users := map[string]int{}
	for _, path := range r.v.Snap.Paths() {
		f := r.v.Facts(path)
		if f == nil || f.Lang != grammar.Heat {
			continue
		}
		seen := map[string]bool{}
		for i := range f.Refs {
			ref := &f.Refs[i]
			if ref.Kind != grammar.HeatResourceType || seen[f.RefName(ref)] || !strings.Contains(f.RefName(ref), "::") {
				continue
			}
			if path == r.u.Path && ref.Span.Text().Contains(r.off) {
				continue
			}
			seen[f.RefName(ref)] = true
			users[f.RefName(ref)]++
		}
	}
	names := make([]string, 0, len(users))
	for name := range users {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if present[name] {
			continue
		}
		detail := "resource type · used in 1 template"
		if n := users[name]; n > 1 {
			detail = fmt.Sprintf("resource type · used in %d templates", n)
		}
		r.add(Item{Label: name, Kind: KindType, Detail: detail, SortText: "0" + name})
	}
}
