package lsp

import (
	"context"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/version"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// initialize records the client's capabilities, workspace folders and settings, and answers with
// the server's capabilities.
func initialize(ctx context.Context, s *Server, ip *initializeParams) (any, error) {
	p := &ip.InitializeParams
	// A client pulls when it says it can and can be told to pull again (workspace/diagnostic/
	// refresh): a file's findings change with its siblings and modules, which a client that
	// pulls only the buffers it shows (Neovim 0.10) would never see. The others are pushed to.
	caps := clientCaps{pullDiagnostics: ip.Pull != nil && ip.Refresh, pullRefresh: ip.Refresh}
	if td := p.Capabilities.TextDocument; td != nil {
		if c := td.Completion; c != nil && c.CompletionItem != nil {
			caps.snippets = c.CompletionItem.SnippetSupport
		}
		if d := td.DocumentSymbol; d != nil {
			caps.hierarchicalSymbol = d.HierarchicalDocumentSymbolSupport
		}
		if r := td.Rename; r != nil {
			caps.prepareRename = r.PrepareSupport
		}
		if f := td.FoldingRange; f != nil {
			caps.lineFoldingOnly = f.LineFoldingOnly
		}
	}
	if w := p.Capabilities.Workspace; w != nil {
		if w.DidChangeWatchedFiles != nil {
			caps.watchedFilesDyn = w.DidChangeWatchedFiles.DynamicRegistration
		}
		caps.configuration = w.Configuration
		if l := w.CodeLens; l != nil {
			caps.lensRefresh = l.RefreshSupport
		}
		if e := w.WorkspaceEdit; e != nil {
			caps.createFiles = e.DocumentChanges && slices.Contains(e.ResourceOperations, "create")
		}
	}
	if w := p.Capabilities.Window; w != nil {
		caps.workDoneProgress = w.WorkDoneProgress
	}
	var folders []string
	for _, f := range p.WorkspaceFolders {
		if path := pathOf(protocol.DocumentURI(f.URI)); path != "" {
			folders = append(folders, path)
		}
	}
	if len(folders) == 0 {
		if path := pathOf(p.RootURI); path != "" {
			folders = append(folders, path)
		} else if p.RootPath != "" {
			folders = append(folders, filepath.Clean(p.RootPath))
		}
	}
	s.mu.Lock()
	s.caps = caps
	s.folders = folders
	s.state = initializing
	s.mu.Unlock()
	if set, ok, err := parseSettings(p.InitializationOptions); err != nil {
		s.log.Warn("initializationOptions", zap.Error(err))
	} else if ok {
		s.applySettings(ctx, set)
	}
	s.log.Info("initialize", zap.Strings("folders", folders), zap.Bool("snippets", caps.snippets), zap.Bool("pull", caps.pullDiagnostics))
	return &initializeResult{
		Capabilities: s.capabilities(caps.pullDiagnostics),
		ServerInfo:   &protocol.ServerInfo{Name: "carina-lsp", Version: version.Get().String()},
	}, nil
}

// capabilities are what the server offers; the diagnostic provider only to a client that pulls,
// so that no client both pulls and is pushed to.
func (s *Server) capabilities(pull bool) serverCapabilities {
	var diag *diagnosticOptions
	if pull {
		// A file's diagnostics depend on its siblings and the modules it uses.
		diag = &diagnosticOptions{Identifier: "carina", InterFileDependencies: true, WorkspaceDiagnostics: true}
	}
	return serverCapabilities{ServerCapabilities: protocol.ServerCapabilities{
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: true,
			Change:    protocol.TextDocumentSyncKindIncremental,
			Save:      &protocol.SaveOptions{IncludeText: false},
		},
		DocumentFormattingProvider:      true,
		DocumentRangeFormattingProvider: true,
		CodeActionProvider:              &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix, fixAllKind}},
		CompletionProvider: &protocol.CompletionOptions{
			TriggerCharacters: []string{".", "=", " ", "[", "{", "'", "/", "$", ":"},
		},
		HoverProvider:             true,
		SignatureHelpProvider:     &protocol.SignatureHelpOptions{TriggerCharacters: []string{"(", ","}, RetriggerCharacters: []string{","}},
		DefinitionProvider:        true,
		ReferencesProvider:        true,
		RenameProvider:            &protocol.RenameOptions{PrepareProvider: true},
		DocumentSymbolProvider:    true,
		WorkspaceSymbolProvider:   true,
		DocumentHighlightProvider: true,
		FoldingRangeProvider:      true,
		DocumentLinkProvider:      &protocol.DocumentLinkOptions{},
		SelectionRangeProvider:    true,
		SemanticTokensProvider:    semanticTokensOptions{Legend: legend(), Range: true, Full: semanticTokensFullOptions{Delta: true}},
		CallHierarchyProvider:     true,
		CodeLensProvider:          &protocol.CodeLensOptions{},
		ExecuteCommandProvider:    &protocol.ExecuteCommandOptions{Commands: []string{locationsCommand, convertCommand}},
		Workspace: &protocol.ServerCapabilitiesWorkspace{
			WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			// Renaming a .crn file moves its configuration's relative sources; renaming a folder
			// may move a configuration or a module others name.
			FileOperations: &protocol.ServerCapabilitiesWorkspaceFileOperations{WillRename: &protocol.FileOperationRegistrationOptions{
				Filters: []protocol.FileOperationFilter{
					{Scheme: "file", Pattern: protocol.FileOperationPattern{Glob: "**/*.crn", Matches: protocol.FileOperationPatternKindFile}},
					{Scheme: "file", Pattern: protocol.FileOperationPattern{Glob: "**/*", Matches: protocol.FileOperationPatternKindFolder}},
				},
			}},
		},
	}, InlayHintProvider: true, DiagnosticProvider: diag}
}

func legend() semanticTokensLegend {
	types, mods := semantictokens.Legend()
	return semanticTokensLegend{TokenTypes: types, TokenModifiers: mods}
}

// applySettings takes new settings: the log level and the extra schema files.
func (s *Server) applySettings(ctx context.Context, set Settings) {
	if set.LogLevel != "" {
		if l, err := logLevel(set.LogLevel); err == nil {
			s.level.SetLevel(l)
		} else {
			s.showLog(ctx, protocol.MessageTypeWarning, "carina-lsp: unknown logLevel "+set.LogLevel+" (use debug, info, warn or error)")
		}
	}
	var extra []*schema.Provider
	for _, p := range set.Schemas {
		if !filepath.IsAbs(p) && len(s.folders) > 0 {
			p = filepath.Join(s.folders[0], p)
		}
		ps, err := schema.LoadPath(p)
		if err != nil {
			s.showLog(ctx, protocol.MessageTypeError, "carina-lsp: schemas: "+err.Error())
			continue
		}
		extra = append(extra, ps...)
	}
	s.schemas.SetExtra(extra)
	s.sess.SetOverride(len(set.Schemas) > 0) // the settings' schemas win over carina-lsp.toml's
	disabled, err := finding.ParseDisable(set.Disable)
	if err != nil {
		s.showLog(ctx, protocol.MessageTypeWarning, "carina-lsp: disable: "+err.Error())
		disabled = nil
		for _, name := range set.Disable { // keep the codes that are valid
			if c, err := finding.ParseDisable([]string{name}); err == nil {
				disabled = append(disabled, c...)
			}
		}
	}
	s.mu.Lock()
	s.settings = set
	s.disabled = disabled
	s.mu.Unlock()
	s.pulls.invalidateAll()
}

// baseOptions are the options of a check of a directory's configuration without the levels
// (session.Checks sets them from the chain): its memo, the panic reporter and the codes the
// settings disable.
func (s *Server) baseOptions(dir string) diagnostics.Options {
	return diagnostics.Options{Memo: s.sess.Memo(dir), OnPanic: s.contained, Disable: s.disabledCodes()}
}

// checks are a directory's checks as the published diagnostics run them (session.Checks with
// its chain and baseOptions), for what runs them again on a request's text: code actions and
// carina/graph.
func (s *Server) checks(dir string) func(context.Context, *workspace.Config, *schema.Index) []finding.Diagnostic {
	return session.Checks(s.chain(dir), s.baseOptions(dir))
}

// disabledCodes returns the codes the settings disable.
func (s *Server) disabledCodes() []finding.Code {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.disabled
}
