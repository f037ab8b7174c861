package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version and commit are stamped by the release build (.ci/release):
// -ldflags "-X main.version=0.3.0 -X main.commit=…". Otherwise they are
// read from the build information the go command records: the module
// version of `go install …@v0.3.0`, the commit of a build in a git
// checkout.
var version, commit string

type versionInfo struct {
	version   string // "devel" when unknown
	commit    string // "" when unknown; "+modified" when built from a changed tree
	goVersion string
}

func buildVersion() versionInfo {
	info := versionInfo{version: version, commit: commit, goVersion: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if ok {
		info.goVersion = bi.GoVersion
		if info.version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.version = bi.Main.Version
		}
		if info.commit == "" {
			modified := false
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					info.commit = s.Value
				case "vcs.modified":
					modified = s.Value == "true"
				}
			}
			if modified && info.commit != "" {
				info.commit += "+modified"
			}
		}
	}
	if info.version == "" {
		info.version = "devel"
	}
	return info
}

// versionString is the version the server announces and logs.
func versionString() string { return buildVersion().version }

// printVersion is `tosca-ls version`: the version, the commit and the Go
// version it was built from, and the platform it was built for.
func printVersion(w io.Writer) {
	info := buildVersion()
	fmt.Fprintln(w, "tosca-ls", info.version)
	commit := info.commit
	if commit == "" {
		commit = "unknown"
	}
	fmt.Fprintln(w, "commit:", commit)
	fmt.Fprintln(w, "go:", info.goVersion)
	fmt.Fprintf(w, "platform: %s/%s\n", runtime.GOOS, runtime.GOARCH)
}
