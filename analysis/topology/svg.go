package topology

import (
	"bytes"
	"context"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Renderer lays graphs out with Graphviz (compiled to WebAssembly, run in
// process: no Graphviz installation is needed). Starting it compiles the
// module, so its owner keeps one; it renders one graph at a time.
type Renderer struct {
	mu sync.Mutex
	gv *graphviz.Graphviz
}

// NewRenderer starts Graphviz.
func NewRenderer(ctx context.Context) (*Renderer, error) {
	gv, err := graphviz.New(ctx)
	if err != nil {
		return nil, err
	}
	return &Renderer{gv: gv}, nil
}

// Close stops Graphviz.
func (r *Renderer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gv.Close()
}

// SVG lays the graph out and draws it as SVG; every element carries its
// element ID (NodeElement, EdgeElement, …) as its `id`.
func (r *Renderer) SVG(ctx context.Context, g *Graph) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	parsed, err := graphviz.ParseBytes([]byte(g.DOT()))
	if err != nil {
		return nil, err
	}
	defer parsed.Close()
	var out bytes.Buffer
	if err := r.gv.Render(ctx, parsed, graphviz.SVG, &out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
