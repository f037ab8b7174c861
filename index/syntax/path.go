package syntax

// Step is one edge on the way from a document root down to a node.
type Step struct {
	// Parent is the collection the step goes through.
	Parent *Node
	// Pair is set when Parent is a mapping; Index when it is a sequence
	// (for a mapping, Index is the pair's position in Parent.Pairs).
	Pair  *Pair
	Index int
	// OnKey is true when the offset lies on the pair's key rather than its value.
	OnKey bool
}

// Path is the chain of steps from a root to the innermost node at an offset.
type Path []Step
