-- tosca-ls for Neovim 0.11+: copy this file to ~/.config/nvim/lsp/tosca_ls.lua
-- and call vim.lsp.enable('tosca_ls'). TOSCA files are YAML files whose first
-- key is tosca_definitions_version; the filetype detection below gives them the
-- compound filetype "yaml.tosca" so YAML syntax and plugins keep working.
vim.filetype.add({
  pattern = {
    ['.*%.ya?ml'] = {
      function(_, bufnr)
        for _, line in ipairs(vim.filetype.getlines(bufnr, 1, 50)) do
          if line:match('^tosca_definitions_version%s*:') or line:match('^heat_template_version%s*:') then
            return 'yaml.tosca'
          end
        end
      end,
      { priority = 10 },
    },
    ['.*%.tosca'] = 'yaml.tosca',
  },
})

---@type vim.lsp.Config
return {
  cmd = { 'tosca-ls', 'serve' },
  filetypes = { 'yaml.tosca' },
  root_markers = { 'TOSCA-Metadata', '.git' },
  -- Settings: see the README ("Server settings").
  settings = { tosca = {} },
  capabilities = {
    workspace = { didChangeWatchedFiles = { dynamicRegistration = true } },
  },
}
