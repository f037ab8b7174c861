package analysis

import (
	"context"
	"path/filepath"
	"github.com/tosca-ls/tosca-ls/index"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/index/syntax"
)

func TestComplDbg2(t *testing.T) {
	p := os.Getenv("COMPL_FILE")
	if p == "" {
		t.Skip()
	}
	raw, _ := os.ReadFile(p)
	i := strings.Index(string(raw), "‸")
	src := []byte(strings.Replace(string(raw), "‸", "", 1))
	f := syntax.ParseForCompletion(src, i)
	for _, st := range syntax.PathAt(f.Root(), i) {
		n := st.Node()
		fmt.Printf("step pair=%v idx=%d onkey=%v node=%v %q span=%v\n", st.Pair != nil, st.Index, st.OnKey, n.Kind, n.Value, n.Span)
	}
}

func TestComplDbg3(t *testing.T) {
	p := os.Getenv("COMPL_FILE")
	if p == "" {
		t.Skip()
	}
	raw, _ := os.ReadFile(p)
	i := strings.Index(string(raw), "‸")
	src := []byte(strings.Replace(string(raw), "‸", "", 1))
	ws := index.NewWorkspace(index.Options{CacheDir: "/tmp/cdbg/cache"})
	ws.AddFolder(context.Background(), filepath.Dir(p), nil)
	snap := ws.SetOverlay(p, 1, src)
	c := newComplCtx(snap, p, i)
	fmt.Printf("word=%v typed=%q prefix=%q\n", c.word, c.typed, string(c.src[c.lineStart:c.word.Start]))
	for _, f := range c.cursorFrames() {
		fmt.Printf("frame node=%v val=%v key=%v section=%q member=%v typed=%v\n", f.Node.Kind, f.Value, f.Key != nil, f.section, f.member != nil, f.typed != nil)
	}
}
