-- tosca-ls for Neovim 0.11+ (vim.lsp.config / vim.lsp.enable). With this
-- folder on the runtimepath, plugin/tosca_ls.lua calls
-- vim.lsp.enable('tosca_ls'); change settings with
-- vim.lsp.config('tosca_ls', { settings = { tosca = { ... } } }).
local config = require('tosca_ls').config()
config.name = nil
---@type vim.lsp.Config
return config
