package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/inlay"
)

// Config is the "tosca" settings section. Its JSON shape is:
//
//	{
//	  "profilePaths":     ["/abs/dir", "rel/dir"],  // extra profile folders; relative = to the first workspace folder
//	  "allowedPaths":     ["/abs/dir"],             // folders outside the workspace imports may read
//	  "remoteImports":    false,                    // allow fetching https imports
//	  "diagnosticsDelay": 100,                      // ms between the last edit and re-analysis (0 = immediate)
//	  "logLevel":         "info",                   // "debug" | "info" | "warn" | "error"
//	  "processor":        "auto",                   // "auto" | "vintner" | "unfurl" | "xopera" | "puccini" | "strict"
//	  "diagnostics": {                              // per diagnostic code
//	    "<code>": "error" | "warning" | "information" | "hint" | "off"
//	  },
//	  "inlayHints": {                               // each kind of inlay hint, all on by default
//	    "inputDefaults": true, "capabilities": true, "chainRoots": true, "incomingRelationships": true
//	  }
//	}
//
// Every field is optional. Settings are read from, in increasing priority:
//
//  1. initializationOptions: the object above, or {"tosca": {…}}, or
//     {"settings": {"tosca": {…}}};
//  2. the workspace settings: workspace/configuration (section "tosca"),
//     pulled after `initialized` and on every workspace/didChangeConfiguration
//     when the client supports it; otherwise the `settings` of
//     workspace/didChangeConfiguration, as {"tosca": {…}} or the object itself.
//
// A later source overrides only the fields it sets. Invalid values are
// ignored with a warning (logged and shown via window/logMessage).
type Config struct {
	ProfilePaths     []string
	AllowedPaths     []string
	RemoteImports    bool
	DiagnosticsDelay time.Duration
	LogLevel         string
	// Processor chooses the processors TOSCA files are read for
	// (grammar.ProcessorSetting).
	Processor grammar.ProcessorSetting
	// Diagnostics maps a diagnostic code to a severity override; Off
	// removes the diagnostic.
	Diagnostics map[string]severityOverride
	// HintsOff are the kinds of inlay hints switched off.
	HintsOff map[inlay.Kind]bool
}

// hintSettings names the inlay hint kinds in the settings.
var hintSettings = map[string]inlay.Kind{
	"inputDefaults":         inlay.InputDefault,
	"capabilities":          inlay.Capability,
	"chainRoots":            inlay.ChainRoot,
	"incomingRelationships": inlay.Incoming,
}

// severityOverride is 0 for "off", else a diag.Severity.
type severityOverride int

const overrideOff severityOverride = 0

const defaultDiagnosticsDelay = 100 * time.Millisecond

func defaultConfig() Config {
	return Config{DiagnosticsDelay: defaultDiagnosticsDelay, Processor: grammar.ProcessorAuto}
}

// configLayer is one settings source, with only the fields it sets.
type configLayer struct {
	ProfilePaths     *[]string
	AllowedPaths     *[]string
	RemoteImports    *bool
	DiagnosticsDelay *time.Duration
	LogLevel         *string
	Processor        *grammar.ProcessorSetting
	Diagnostics      map[string]severityOverride
	InlayHints       map[inlay.Kind]bool
}

// apply overlays l on c.
func (l *configLayer) apply(c Config) Config {
	if l == nil {
		return c
	}
	if l.ProfilePaths != nil {
		c.ProfilePaths = slices.Clone(*l.ProfilePaths)
	}
	if l.AllowedPaths != nil {
		c.AllowedPaths = slices.Clone(*l.AllowedPaths)
	}
	if l.RemoteImports != nil {
		c.RemoteImports = *l.RemoteImports
	}
	if l.DiagnosticsDelay != nil {
		c.DiagnosticsDelay = *l.DiagnosticsDelay
	}
	if l.LogLevel != nil {
		c.LogLevel = *l.LogLevel
	}
	if l.Processor != nil {
		c.Processor = *l.Processor
	}
	if l.Diagnostics != nil {
		merged := make(map[string]severityOverride, len(c.Diagnostics)+len(l.Diagnostics))
		for k, v := range c.Diagnostics {
			merged[k] = v
		}
		for k, v := range l.Diagnostics {
			merged[k] = v
		}
		c.Diagnostics = merged
	}
	if l.InlayHints != nil {
		off := maps.Clone(c.HintsOff)
		if off == nil {
			off = map[inlay.Kind]bool{}
		}
		for k, on := range l.InlayHints {
			off[k] = !on
		}
		c.HintsOff = off
	}
	return c
}

var configKeys = []string{"profilePaths", "allowedPaths", "remoteImports", "diagnosticsDelay", "logLevel", "processor", "diagnostics", "inlayHints"}

// toscaSection finds the "tosca" settings inside raw, accepting the section
// itself, {"tosca": …} and {"settings": {"tosca": …}}. It returns nil when
// raw holds no tosca settings.
func toscaSection(raw []byte) map[string]json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return nil
	}
	if sub, ok := obj["tosca"]; ok {
		var inner map[string]json.RawMessage
		if json.Unmarshal(sub, &inner) == nil {
			return inner
		}
		return nil
	}
	if sub, ok := obj["settings"]; ok {
		if inner := toscaSection(sub); inner != nil {
			return inner
		}
	}
	for _, k := range configKeys {
		if _, ok := obj[k]; ok {
			return obj
		}
	}
	return nil
}

// parseConfigLayer reads a settings object (see Config). It returns the
// layer (nil when raw holds no tosca settings) and warnings for the values
// it had to ignore.
func parseConfigLayer(raw []byte) (*configLayer, []string) {
	obj := toscaSection(raw)
	if obj == nil {
		return nil, nil
	}
	return parseSection(obj)
}

// parseSection reads the section object itself.
func parseSection(obj map[string]json.RawMessage) (*configLayer, []string) {
	l := &configLayer{}
	var warns []string
	bad := func(key string, v json.RawMessage, want string) {
		warns = append(warns, fmt.Sprintf("setting tosca.%s: ignoring %s, want %s", key, strings.TrimSpace(string(v)), want))
	}
	isNull := func(v json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(v), []byte("null")) }
	folderList := func(key string) *[]string {
		v, ok := obj[key]
		if !ok || isNull(v) {
			return nil
		}
		var paths []string
		if err := json.Unmarshal(v, &paths); err != nil {
			var one string
			if json.Unmarshal(v, &one) != nil {
				bad(key, v, "an array of folder paths")
				return nil
			}
			paths = []string{one}
		}
		return &paths
	}
	l.ProfilePaths = folderList("profilePaths")
	l.AllowedPaths = folderList("allowedPaths")
	if v, ok := obj["remoteImports"]; ok && !isNull(v) {
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			bad("remoteImports", v, "true or false")
		} else {
			l.RemoteImports = &b
		}
	}
	if v, ok := obj["diagnosticsDelay"]; ok && !isNull(v) {
		var ms float64
		if err := json.Unmarshal(v, &ms); err != nil || ms < 0 || ms > 60000 {
			bad("diagnosticsDelay", v, "milliseconds between 0 and 60000")
		} else {
			d := time.Duration(ms * float64(time.Millisecond))
			l.DiagnosticsDelay = &d
		}
	}
	if v, ok := obj["logLevel"]; ok && !isNull(v) {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			bad("logLevel", v, `"debug", "info", "warn" or "error"`)
		} else if _, err := zapcore.ParseLevel(s); err != nil {
			bad("logLevel", v, `"debug", "info", "warn" or "error"`)
		} else {
			l.LogLevel = &s
		}
	}
	if v, ok := obj["processor"]; ok && !isNull(v) {
		want := `"` + strings.Join(grammar.ProcessorSettings(), `", "`) + `"`
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			bad("processor", v, want)
		} else if p, ok := grammar.ParseProcessorSetting(s); !ok {
			bad("processor", v, want)
		} else {
			l.Processor = &p
		}
	}
	if v, ok := obj["diagnostics"]; ok && !isNull(v) {
		var m map[string]string
		if err := json.Unmarshal(v, &m); err != nil {
			bad("diagnostics", v, `an object mapping codes to "error", "warning", "information", "hint" or "off"`)
		} else {
			l.Diagnostics = map[string]severityOverride{}
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, code := range keys {
				o, ok := parseSeverity(m[code])
				if !ok {
					warns = append(warns, fmt.Sprintf("setting tosca.diagnostics.%s: ignoring %q, want \"error\", \"warning\", \"information\", \"hint\" or \"off\"", code, m[code]))
					continue
				}
				l.Diagnostics[code] = o
			}
		}
	}
	if v, ok := obj["inlayHints"]; ok && !isNull(v) {
		var m map[string]bool
		if err := json.Unmarshal(v, &m); err != nil {
			bad("inlayHints", v, `an object mapping "inputDefaults", "capabilities", "chainRoots" or "incomingRelationships" to true or false`)
		} else {
			l.InlayHints = map[inlay.Kind]bool{}
			for _, name := range slices.Sorted(maps.Keys(m)) {
				k, known := hintSettings[name]
				if !known {
					warns = append(warns, fmt.Sprintf("setting tosca.inlayHints.%s: unknown hint kind", name))
					continue
				}
				l.InlayHints[k] = m[name]
			}
		}
	}
	return l, warns
}

func parseSeverity(s string) (severityOverride, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "off", "none", "ignore":
		return overrideOff, true
	case "error":
		return severityOverride(diag.Error), true
	case "warning", "warn":
		return severityOverride(diag.Warning), true
	case "information", "info":
		return severityOverride(diag.Information), true
	case "hint":
		return severityOverride(diag.Hint), true
	}
	return 0, false
}

// resolveProfilePaths makes relative profile paths absolute against base
// (the first workspace folder), expanding a leading "~/".
func resolveProfilePaths(paths []string, base, home string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
			p = filepath.Join(home, strings.TrimPrefix(p, "~"))
		}
		if !filepath.IsAbs(p) && base != "" {
			p = filepath.Join(base, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// effectiveConfigLocked layers the settings sources; s.mu must be held.
func (s *Server) effectiveConfigLocked() Config {
	return s.wsLayer.apply(s.initLayer.apply(defaultConfig()))
}

// pullConfiguration asks the client for the "tosca" section and applies it.
func (s *Server) pullConfiguration(ctx context.Context) {
	res, err := s.client.Configuration(ctx, &protocol.ConfigurationParams{
		Items: []protocol.ConfigurationItem{{Section: ptr("tosca")}},
	})
	if err != nil {
		s.log.Info("workspace/configuration failed", zap.Error(err))
		return
	}
	if len(res) == 0 {
		return
	}
	obj, warns := sectionFromPull(res[0])
	s.setWorkspaceLayer(ctx, obj, warns)
}

// sectionFromPull reads a workspace/configuration result item: the section
// object itself (null when the client has no such settings).
func sectionFromPull(raw []byte) (*configLayer, []string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, []string{"workspace/configuration: " + err.Error()}
	}
	if inner, ok := obj["tosca"]; ok && len(obj) == 1 {
		// Some clients answer with the enclosing object.
		return parseConfigLayer(inner)
	}
	return parseSection(obj)
}

// DidChangeConfiguration applies pushed settings, or pulls them when the
// client supports workspace/configuration.
func (s *Server) DidChangeConfiguration(ctx context.Context, params *protocol.DidChangeConfigurationParams) error {
	layer, warns := parseConfigLayer(params.Settings)
	if layer == nil && s.clientCaps().configuration {
		s.goBackground("pull configuration", s.pullConfiguration)
		return nil
	}
	if layer == nil {
		return nil
	}
	s.setWorkspaceLayer(ctx, layer, warns)
	return nil
}

// setWorkspaceLayer replaces the workspace settings and applies what changed.
func (s *Server) setWorkspaceLayer(ctx context.Context, layer *configLayer, warns []string) {
	for _, w := range warns {
		s.log.Warn(w)
	}
	if layer == nil {
		layer = &configLayer{}
	}
	s.mu.Lock()
	old := s.cfg
	s.wsLayer = layer
	s.cfg = s.effectiveConfigLocked()
	cfg := s.cfg
	folders := append([]string(nil), s.folders...)
	s.mu.Unlock()

	s.applyLogLevel(cfg.LogLevel)
	if !maps.Equal(old.HintsOff, cfg.HintsOff) && s.clientCaps().inlayHintRefresh {
		s.goBackground("inlay hint refresh", func(ctx context.Context) {
			if err := s.client.InlayHintRefresh(ctx); err != nil {
				s.log.Debug("workspace/inlayHint/refresh failed", zap.Error(err))
			}
		})
	}
	indexChanged := !slices.Equal(old.ProfilePaths, cfg.ProfilePaths) || !slices.Equal(old.AllowedPaths, cfg.AllowedPaths) ||
		old.RemoteImports != cfg.RemoteImports || old.Processor != cfg.Processor
	diagsChanged := !maps.Equal(old.Diagnostics, cfg.Diagnostics)
	if !indexChanged && !diagsChanged {
		return
	}
	s.log.Info("settings changed", zap.Strings("profilePaths", cfg.ProfilePaths), zap.Bool("remoteImports", cfg.RemoteImports), zap.String("processor", string(cfg.Processor)))
	if indexChanged {
		opts := s.indexOptions(cfg, folders)
		s.goBackground("apply settings", func(context.Context) {
			if ws := s.workspace(); ws != nil {
				ws.SetOptions(opts)
			}
			s.diags.republishAll()
		})
		return
	}
	s.diags.republishAll()
}
