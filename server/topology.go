package server

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/topology"
)

// The topology of a document, for editors that draw it.
//
//	tosca/topology {"textDocument": {"uri": U}, "render": "svg"|"dot"|"mermaid"}
//
// answers the JSON graph of the document's service template (the schema is
// in analysis/topology/README.md), or null when it has none; with `render`
// the drawing is added as the string `rendered`. Clients that cannot send
// custom requests run the command tosca-ls.topology with the arguments
// [U] or [U, render] through workspace/executeCommand.
const (
	methodTopology  = "tosca/topology"
	commandTopology = "tosca-ls.topology"
)

type topologyParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Render       string                          `json:"render,omitempty"`
}

type topologyResult struct {
	*topology.JSONGraph
	Rendered string `json:"rendered,omitempty"`
}

func (s *Server) topologyRequest(ctx context.Context, raw []byte) (any, error) {
	var p topologyParams
	if err := json.Unmarshal(raw, &p); err != nil || p.TextDocument.URI == "" {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: a textDocument uri is needed", methodTopology)
	}
	res, err := s.topology(ctx, p)
	if err != nil {
		return nil, err
	}
	// Encoded here: the result embeds the graph, which only encoding/json flattens.
	out, err := json.Marshal(res)
	return jsonrpc2.RawMessage(out), err
}

// ExecuteCommand runs tosca-ls.topology.
func (s *Server) ExecuteCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	if params.Command != commandTopology {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q", params.Command)
	}
	var p topologyParams
	args := make([]string, len(params.Arguments))
	for i, a := range params.Arguments {
		if json.Unmarshal(a, &args[i]) != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: arguments are [uri] or [uri, render]", commandTopology)
		}
	}
	if len(args) == 0 || len(args) > 2 || args[0] == "" {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: arguments are [uri] or [uri, render]", commandTopology)
	}
	p.TextDocument.URI = uri.URI(args[0])
	if len(args) == 2 {
		p.Render = args[1]
	}
	res, err := s.topology(ctx, p)
	if err != nil || res == nil {
		return nil, err
	}
	return json.Marshal(res)
}

func (s *Server) topology(ctx context.Context, p topologyParams) (*topologyResult, error) {
	path := pathFromURI(p.TextDocument.URI)
	snap := s.snapshot(ctx, path)
	if snap == nil || !s.analysed(path, snap.File(path)) {
		return nil, nil
	}
	view := s.engine.View(snap)
	g := topology.Of(ctx, view, path)
	if g == nil {
		return nil, ctx.Err()
	}
	res := &topologyResult{JSONGraph: g.JSON(view, func(p string) string { return string(s.uriFor(p)) })}
	switch p.Render {
	case "":
	case "dot":
		res.Rendered = g.DOT()
	case "mermaid":
		res.Rendered = g.Mermaid()
	case "svg":
		res.Rendered = string(g.SVG())
	default:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "render %q: dot, mermaid or svg", p.Render)
	}
	return res, nil
}
