package server

import (
	"reflect"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/inlay"
)

func TestParseConfig(t *testing.T) {
	full := `{"profilePaths":["/p", "rel"],"remoteImports":true,"diagnosticsDelay":250,"logLevel":"debug","processor":"Unfurl",
		"diagnostics":{"unknown-keyname":"off","import-remote":"hint","x":"Warning"}}`
	for _, raw := range []string{full, `{"tosca":` + full + `}`, `{"settings":{"tosca":` + full + `}}`} {
		l, warns := parseConfigLayer([]byte(raw))
		if l == nil || len(warns) != 0 {
			t.Fatalf("%s: layer %v warnings %v", raw, l, warns)
		}
		c := l.apply(defaultConfig())
		want := Config{
			ProfilePaths:     []string{"/p", "rel"},
			RemoteImports:    true,
			DiagnosticsDelay: 250 * time.Millisecond,
			LogLevel:         "debug",
			Processor:        grammar.ProcessorSetting("unfurl"),
			Diagnostics: map[string]severityOverride{
				"unknown-keyname": overrideOff,
				"import-remote":   severityOverride(diag.Hint),
				"x":               severityOverride(diag.Warning),
			},
		}
		if !reflect.DeepEqual(c, want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", raw, c, want)
		}
	}
}

func TestConfigLayersAndWarnings(t *testing.T) {
	init, _ := parseConfigLayer([]byte(`{"remoteImports":true,"diagnostics":{"a":"off"}}`))
	ws, warns := parseConfigLayer([]byte(`{"tosca":{"diagnosticsDelay":"soon","diagnostics":{"b":"error","c":"loud"},"logLevel":5,"processor":"ansible"}}`))
	if len(warns) != 4 {
		t.Fatalf("warnings = %q, want 4", warns)
	}
	c := ws.apply(init.apply(defaultConfig()))
	if !c.RemoteImports || c.DiagnosticsDelay != defaultDiagnosticsDelay || c.Processor != grammar.ProcessorAuto {
		t.Fatalf("layering lost fields: %+v", c)
	}
	if c.Diagnostics["a"] != overrideOff || c.Diagnostics["b"] != severityOverride(diag.Error) || len(c.Diagnostics) != 2 {
		t.Fatalf("diagnostics overrides: %v", c.Diagnostics)
	}
	for _, raw := range []string{``, `null`, `{}`, `{"settings":{"x":1}}`, `[1]`} {
		if l, _ := parseConfigLayer([]byte(raw)); l != nil {
			t.Errorf("%q: want no tosca settings, got %+v", raw, l)
		}
	}
	if l, _ := sectionFromPull([]byte(`{"remoteImports":true}`)); l == nil || l.RemoteImports == nil || !*l.RemoteImports {
		t.Error("pulled section not read")
	}
	if l, _ := sectionFromPull([]byte(`null`)); l != nil {
		t.Error("null pulled section must give no layer")
	}
}

// Inlay hint kinds are switched per kind; a later layer changes only the
// kinds it names; unknown kinds are warned about.
func TestInlayHintSettings(t *testing.T) {
	init, warns := parseConfigLayer([]byte(`{"inlayHints":{"chainRoots":false,"capabilities":false}}`))
	ws, wsWarns := parseConfigLayer([]byte(`{"inlayHints":{"capabilities":true,"colours":false}}`))
	if len(warns) != 0 || len(wsWarns) != 1 {
		t.Fatalf("warnings %q %q", warns, wsWarns)
	}
	c := ws.apply(init.apply(defaultConfig()))
	want := map[inlay.Kind]bool{inlay.ChainRoot: true, inlay.Capability: false}
	if !reflect.DeepEqual(c.HintsOff, want) {
		t.Errorf("hints off = %v, want %v", c.HintsOff, want)
	}
	if _, warns := parseConfigLayer([]byte(`{"inlayHints":true}`)); len(warns) != 1 {
		t.Errorf("inlayHints: true: warnings %q", warns)
	}
}

func TestResolveProfilePaths(t *testing.T) {
	got := resolveProfilePaths([]string{"/abs", "rel/x", "~/p", " "}, "/ws", "/home/u")
	want := []string{"/abs", "/ws/rel/x", "/home/u/p"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}
