package server

import (
	"context"
	"os"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tosca-ls/tosca-ls/index"
)

// CompletionTriggers and SignatureTriggers are the trigger characters
// advertised in initialize.
var (
	CompletionTriggers = []string{":", " ", ".", "$", "/"}
	SignatureTriggers  = []string{"[", ",", " "}
)

// capabilities is what the server advertises: exactly what it implements.
func capabilities(caps clientCaps) protocol.ServerCapabilities {
	change := protocol.TextDocumentSyncKindIncremental
	c := protocol.ServerCapabilities{
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: ptr(true),
			Change:    &change,
			Save:      &protocol.SaveOptions{IncludeText: ptr(false)},
		},
		CompletionProvider:        &protocol.CompletionOptions{TriggerCharacters: CompletionTriggers},
		HoverProvider:             protocol.Boolean(true),
		SignatureHelpProvider:     &protocol.SignatureHelpOptions{TriggerCharacters: SignatureTriggers},
		DefinitionProvider:        protocol.Boolean(true),
		DeclarationProvider:       protocol.Boolean(true),
		TypeDefinitionProvider:    protocol.Boolean(true),
		ImplementationProvider:    protocol.Boolean(true),
		ReferencesProvider:        protocol.Boolean(true),
		DocumentHighlightProvider: protocol.Boolean(true),
		DocumentSymbolProvider:    protocol.Boolean(true),
		WorkspaceSymbolProvider:   protocol.Boolean(true),
		CodeActionProvider: &protocol.CodeActionOptions{
			CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, protocol.CodeActionKindRefactorRewrite},
		},
		DocumentLinkProvider: &protocol.DocumentLinkOptions{ResolveProvider: ptr(false)},
		RenameProvider:       &protocol.RenameOptions{PrepareProvider: ptr(true)},
		FoldingRangeProvider: protocol.Boolean(true),
		SemanticTokensProvider: &protocol.SemanticTokensOptions{
			Legend: tokenLegend(),
			Full:   &protocol.SemanticTokensFullDelta{Delta: ptr(true)},
			Range:  protocol.Boolean(true),
		},
		SelectionRangeProvider: protocol.Boolean(true),
		InlayHintProvider:      protocol.Boolean(true),
		TypeHierarchyProvider:  protocol.Boolean(true),
		CodeLensProvider:       &protocol.CodeLensOptions{ResolveProvider: ptr(true)},
		ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{commandTopology}},
		Workspace: &protocol.WorkspaceOptions{
			WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
				Supported:           ptr(true),
				ChangeNotifications: protocol.Boolean(true),
			},
		},
	}
	if caps.pullDiagnostics {
		c.DiagnosticProvider = diagnosticOptions()
	}
	return c
}

func ptr[T any](v T) *T { return &v }

// Initialize records the client's capabilities, folders and settings,
// starts building the index in the background and answers at once.
func (s *Server) Initialize(ctx context.Context, params *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	caps := readClientCaps(&params.Capabilities)
	folders := initialFolders(params)
	layer, warns := parseConfigLayer(params.InitializationOptions)

	s.mu.Lock()
	s.caps = caps
	s.folders = folders
	s.initLayer = layer
	s.cfg = s.effectiveConfigLocked()
	cfg := s.cfg
	s.mu.Unlock()

	if params.Trace != "" {
		t := params.Trace
		s.trace.Store(&t)
	}
	s.applyLogLevel(cfg.LogLevel)
	for _, w := range warns {
		s.log.Warn(w)
	}
	name := params.ClientInfo.Name
	version, _ := params.ClientInfo.Version.Get()
	s.log.Info("initialize", zap.String("client", name), zap.String("clientVersion", version),
		zap.Strings("folders", folders))

	opts := s.indexOptions(cfg, folders)
	s.goBackground("create workspace", func(context.Context) {
		defer close(s.wsReady)
		s.ws = index.NewWorkspace(opts)
		s.ws.Subscribe(s.onSnapshot)
		// Imports may read the workspace folders at once, before the
		// (background) index of them reaches documents opened meanwhile.
		for _, dir := range folders {
			s.ws.AllowRoot(dir)
		}
	})

	s.state.Store(stateInitialized)
	return &protocol.InitializeResult{
		Capabilities: capabilities(caps),
		ServerInfo:   protocol.ServerInfo{Name: "tosca-ls", Version: protocol.NewOptional(s.opts.Version)},
	}, nil
}

func readClientCaps(c *protocol.ClientCapabilities) clientCaps {
	var cc clientCaps
	is := func(b *bool) bool { return b != nil && *b }
	if w := c.Workspace; w != nil {
		if w.DidChangeWatchedFiles != nil {
			cc.dynamicWatchedFiles = is(w.DidChangeWatchedFiles.DynamicRegistration)
			cc.relativePatterns = is(w.DidChangeWatchedFiles.RelativePatternSupport)
		}
		cc.configuration = is(w.Configuration)
		if w.Diagnostics != nil {
			cc.diagnosticRefresh = is(w.Diagnostics.RefreshSupport)
		}
		if w.InlayHint != nil {
			cc.inlayHintRefresh = is(w.InlayHint.RefreshSupport)
		}
		cc.workspaceFolders = is(w.WorkspaceFolders)
		if w.WorkspaceEdit != nil {
			cc.documentChanges = is(w.WorkspaceEdit.DocumentChanges)
		}
	}
	if w := c.Window; w != nil {
		cc.workDoneProgress = is(w.WorkDoneProgress)
	}
	if td := c.TextDocument; td != nil {
		if td.DocumentSymbol != nil {
			cc.hierarchicalSymbols = is(td.DocumentSymbol.HierarchicalDocumentSymbolSupport)
		}
		cc.pullDiagnostics = td.Diagnostic != nil
		if td.Completion != nil && td.Completion.CompletionItem != nil {
			cc.snippets = is(td.Completion.CompletionItem.SnippetSupport)
		}
	}
	return cc
}

// initialFolders reads workspaceFolders, else rootUri, else rootPath; all
// may be null (single-file mode).
func initialFolders(p *protocol.InitializeParams) []string {
	var out []string
	if wf, ok := p.WorkspaceFolders.Get(); ok {
		for _, f := range wf {
			if path := folderPath(f.URI); path != "" {
				out = append(out, path)
			}
		}
	}
	if len(out) == 0 && p.RootURI != nil && *p.RootURI != "" {
		if path := folderPath(*p.RootURI); path != "" {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		if root, ok := p.RootPath.Get(); ok && root != "" {
			out = append(out, filepath.Clean(root))
		}
	}
	return out
}

// folderPath is the directory of a folder URI, "" for non-file URIs.
func folderPath(u uri.URI) string {
	p := pathFromURI(u)
	if p == "" || isVirtual(p) {
		return ""
	}
	return p
}

// indexOptions are the index settings for cfg.
func (s *Server) indexOptions(cfg Config, folders []string) index.Options {
	base := ""
	if len(folders) > 0 {
		base = folders[0]
	}
	home, _ := os.UserHomeDir()
	return index.Options{
		ProfilePaths:  resolveProfilePaths(cfg.ProfilePaths, base, home),
		AllowedPaths:  resolveProfilePaths(cfg.AllowedPaths, base, home),
		RemoteImports: cfg.RemoteImports,
		Processor:     cfg.Processor,
		CacheDir:      s.opts.CacheDir,
		Logger:        s.log.Named("index"),
	}
}

func (s *Server) applyLogLevel(level string) {
	if level == "" || s.opts.Level == nil {
		return
	}
	if l, err := zapcore.ParseLevel(level); err == nil {
		s.opts.Level.SetLevel(l)
	}
}

// Initialized registers file watchers, pulls the settings and indexes the
// workspace folders in the background.
func (s *Server) Initialized(ctx context.Context, params *protocol.InitializedParams) error {
	s.goBackground("initialized", func(ctx context.Context) {
		caps := s.clientCaps()
		if caps.dynamicWatchedFiles {
			s.registerWatchers(ctx)
		}
		if caps.configuration {
			s.pullConfiguration(ctx)
		}
		s.mu.Lock()
		folders := append([]string(nil), s.folders...)
		s.mu.Unlock()
		s.indexFolders(ctx, folders)
	})
	return nil
}

// Shutdown stops background work; the process exits on `exit`.
func (s *Server) Shutdown(ctx context.Context) error {
	s.state.Store(stateShutdown)
	s.diags.stop()
	s.log.Info("shutdown")
	return nil
}

// SetTrace changes the $/logTrace verbosity.
func (s *Server) SetTrace(ctx context.Context, params *protocol.SetTraceParams) error {
	v := params.Value
	s.trace.Store(&v)
	return nil
}

// registerWatchers asks the client to watch the files the index reads.
func (s *Server) registerWatchers(ctx context.Context) {
	var opts protocol.DidChangeWatchedFilesRegistrationOptions
	for _, g := range index.WatchPatterns() {
		opts.Watchers = append(opts.Watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(g)})
	}
	raw, err := protocol.Marshal(&opts)
	if err != nil {
		s.log.Error("marshal watcher registration", zap.Error(err))
		return
	}
	err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{
		Registrations: []protocol.Registration{{
			ID:              "tosca-ls/watched-files",
			Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
			RegisterOptions: raw,
		}},
	})
	if err != nil {
		s.log.Info("client did not register file watchers", zap.Error(err))
	}
}
