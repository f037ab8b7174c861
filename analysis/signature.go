package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// SignatureHelpAt describes the function call whose arguments hold the
// cursor (`{ get_property: [ SELF, ‸ ] }`, `$concat: [ … ]`): the
// function's signature from the grammar and the argument being written.
// Like completion it works on broken text.
func SignatureHelpAt(ctx context.Context, snap *index.Snapshot, path string, offset int) *SignatureHelp {
	if ctx.Err() != nil {
		return nil
	}
	c := newComplCtx(snap, path, offset)
	if c == nil {
		return nil
	}
	call := c.callAt(c.cursorFrames())
	if call == nil {
		return nil
	}
	fn := call.fn
	before := pathArgs(call.span(0, call.index), c.u.Versions)
	sh := &SignatureHelp{Label: fn.Signature(), Documentation: fn.Doc, ActiveParam: fn.ParamAt(before, call.index)}
	for _, p := range fn.Params {
		sh.Params = append(sh.Params, SignatureParam{Label: p.Name, Documentation: p.Doc})
	}
	return sh
}

// cursorFrames are the grammar frames at the cursor, found as completion
// finds them: by indentation on a line holding only a word, else along
// the re-parsed tree.
func (c *complCtx) cursorFrames() []complFrame {
	prefix := string(c.src[c.lineStart:c.word.Start])
	if indent, dash, ok := complKeyPrefix(prefix); ok {
		frames, _ := c.blockTarget(indent, dash)
		return frames
	}
	path := syntax.PathAt(c.root, c.off)
	if n := len(path); n > 0 && path[n-1].OnKey {
		return c.frames(path[:n-1])
	}
	return c.frames(path)
}
