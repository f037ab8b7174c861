package syntax

// PathAt returns the steps from root to the innermost node whose span
// contains off. In a mapping the step is on the key when off is within the
// key's span, else it goes into the value. Merged pairs (whose spans lie at
// the anchor) and the children of alias nodes are not entered. An implicit
// null value (`key:` with nothing after) also contains the blanks after it
// on its line, so a cursor after `key: ` lands in the value; so does a
// TOSCA.meta value (ParseMeta), where more names may follow.
func PathAt(root *Node, off int) Path {
	var path Path
	n := root
	for n != nil && n.Anchored == nil {
		switch n.Kind {
		case Mapping:
			var next *Node
			for i, p := range n.Pairs {
				if p.Merged {
					continue
				}
				if p.Key.Span.Contains(off) {
					return append(path, Step{Parent: n, Pair: p, Index: i, OnKey: true})
				}
				if p.Value.contains(off) {
					path = append(path, Step{Parent: n, Pair: p, Index: i})
					next = p.Value
					break
				}
			}
			if next == nil {
				return path
			}
			n = next
		case Sequence:
			var next *Node
			for i, it := range n.Items {
				if it.contains(off) {
					path = append(path, Step{Parent: n, Index: i})
					next = it
					break
				}
			}
			if next == nil {
				return path
			}
			n = next
		default:
			return path
		}
	}
	return path
}

func (n *Node) contains(off int) bool {
	for {
		if n.Span.Contains(off) {
			return true
		}
		if off < n.Span.Start || n.Anchored != nil {
			return false
		}
		switch n.Kind {
		case Null:
			return n.Span.Len() == 0 && off <= n.tail
		case Scalar:
			return off <= n.tail
		case Mapping:
			// A collection ending in an implicit null also holds the
			// blanks after it.
			var last *Node
			for i := len(n.Pairs) - 1; i >= 0; i-- {
				if !n.Pairs[i].Merged {
					last = n.Pairs[i].Value
					break
				}
			}
			if last == nil || n.Flow {
				return false
			}
			n = last
		case Sequence:
			if len(n.Items) == 0 || n.Flow {
				return false
			}
			n = n.Items[len(n.Items)-1]
		default:
			return false
		}
	}
}

// Node is the node a step leads to: the key when OnKey, else the value or item.
func (s Step) Node() *Node {
	switch {
	case s.Parent == nil:
		return nil
	case s.Pair != nil && s.OnKey:
		return s.Pair.Key
	case s.Pair != nil:
		return s.Pair.Value
	case s.Index >= 0 && s.Index < len(s.Parent.Items):
		return s.Parent.Items[s.Index]
	}
	return nil
}

// Leaf is the node the last step leads to, nil for an empty path.
func (p Path) Leaf() *Node {
	if len(p) == 0 {
		return nil
	}
	return p[len(p)-1].Node()
}
