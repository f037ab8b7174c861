---@brief
---
--- https://github.com/tosca-ls/tosca-ls
---
--- A language server for TOSCA service templates, profiles and CSARs (the TOSCA Simple Profile in
--- YAML 1.0–1.3 and TOSCA 2.0) and for OpenStack Heat templates: diagnostics, completion, hover,
--- definition, references, rename, symbols, semantic tokens, code actions.
---
--- Install it with `:MasonInstall tosca-ls`, from a release archive, or with
--- `go install github.com/tosca-ls/tosca-ls/cmd/tosca-ls@latest`.
---
--- TOSCA and Heat files are YAML files; Neovim gives them the `tosca` and `heat` filetypes with the
--- plugin in tosca-ls's repository (`editors/nvim`), which tells them from other YAML by content and
--- enables this configuration itself. Its settings are under `settings.tosca` (see "Server
--- settings" in tosca-ls's README), e.g.
---
--- ```lua
--- vim.lsp.config('tosca_ls', { settings = { tosca = { remoteImports = true } } })
--- ```

---@type vim.lsp.Config
return {
  cmd = { 'tosca-ls', 'serve' },
  filetypes = { 'tosca', 'heat' },
  root_markers = { 'TOSCA-Metadata', '.git' },
}
