package analysis_test

import (
	"os"
	"testing"
)

// TestMain removes the test binary's one profile extraction folder
// (profileCache) when the tests end, so runs leave nothing in $TMPDIR.
func TestMain(m *testing.M) {
	code := m.Run()
	if profileCacheDir != "" {
		os.RemoveAll(profileCacheDir)
	}
	os.Exit(code)
}
