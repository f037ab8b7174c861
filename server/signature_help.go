package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
)

// SignatureHelp describes the TOSCA function call around the cursor.
func (s *Server) SignatureHelp(ctx context.Context, params *protocol.SignatureHelpParams) (*protocol.SignatureHelp, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	sh := analysis.SignatureHelpAt(ctx, t.snap, t.path, t.offset(params.Position))
	if sh == nil {
		return nil, nil
	}
	info := protocol.SignatureInformation{Label: sh.Label}
	if sh.Documentation != "" {
		info.Documentation = markdown(sh.Documentation)
	}
	for _, p := range sh.Params {
		pi := protocol.ParameterInformation{Label: protocol.String(p.Label)}
		if p.Documentation != "" {
			pi.Documentation = markdown(p.Documentation)
		}
		info.Parameters = append(info.Parameters, pi)
	}
	res := &protocol.SignatureHelp{Signatures: []protocol.SignatureInformation{info}, ActiveSignature: ptr(uint32(0))}
	if sh.ActiveParam >= 0 && sh.ActiveParam < len(sh.Params) {
		res.ActiveParameter = protocol.NewNullable(uint32(sh.ActiveParam))
	}
	return res, nil
}
