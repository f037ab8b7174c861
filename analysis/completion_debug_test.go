package analysis_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
)

func TestComplDebug(t *testing.T) {
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
	for _, it := range analysis.Complete(context.Background(), snap, p, i) {
		fmt.Printf("%-28s %-8s %-50q %q\n", it.Label, it.SortText, it.Detail, it.Edit.NewText)
	}
	if sh := analysis.SignatureHelpAt(context.Background(), snap, p, i); sh != nil {
		fmt.Printf("SIG %s active=%d\n", sh.Label, sh.ActiveParam)
	}
}
