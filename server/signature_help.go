package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
)

// SignatureHelp describes the TOSCA function call around the cursor.
func (s *Server) SignatureHelp(ctx context.Context, params *protocol.SignatureHelpParams) (*protocol.SignatureHelp, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	sh := complete.SignatureHelp(ctx, t.view, t.path, t.offset(params.Position), t.lang)
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
	if sh.Active >= 0 && sh.Active < len(sh.Params) {
		res.ActiveParameter = protocol.NewNullable(uint32(sh.Active))
	}
	return res, nil
}
