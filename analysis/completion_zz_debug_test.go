package analysis

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/index"
)

func TestComplZZFrames(t *testing.T) {
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
		fmt.Printf("flow=%v node=%v %q val=%v key=%v section=%q member=%v typed=%v\n", f.Node.Flow, f.Node.Kind, f.Node.Value, f.Value, f.Key != nil, f.section, f.member != nil, f.typed != nil)
	}
}
