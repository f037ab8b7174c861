-- Loaded from the runtimepath: gives TOSCA and HOT files the filetypes
-- tosca and heat (by content; they keep YAML syntax through syntax/,
-- ftplugin/ and indent/) and starts tosca-ls for them, unless
-- vim.g.tosca_ls_autostart is false (for nvim-lspconfig or your own setup).
if vim.g.loaded_tosca_ls then
  return
end
vim.g.loaded_tosca_ls = true

local tosca_ls = require('tosca_ls')
local group = vim.api.nvim_create_augroup('tosca_ls', { clear = true })

local function redetect(args)
  local ft = vim.bo[args.buf].filetype
  -- Only YAML buffers, or ones this detection named, are (re)named by it.
  if ft ~= 'yaml' and not vim.b[args.buf].tosca_ls_detected then
    return
  end
  local dialect = tosca_ls.filetype(tosca_ls.detect_buffer(args.buf)) or 'yaml'
  vim.b[args.buf].tosca_ls_detected = dialect ~= 'yaml'
  if dialect ~= ft then
    vim.bo[args.buf].filetype = dialect
  end
end

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile', 'BufWritePost' }, {
  group = group,
  pattern = { '*.yaml', '*.yml' },
  callback = redetect,
})
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  group = group,
  pattern = '*.tosca',
  callback = function(args)
    vim.bo[args.buf].filetype = 'tosca'
  end,
})

-- What the server's code lenses run (show them with
-- `autocmd BufEnter,CursorHold,InsertLeave <buffer> lua vim.lsp.codelens.refresh()`
-- and run one with vim.lsp.codelens.run()).
vim.lsp.commands['tosca-ls.showReferences'] = tosca_ls.show_references

vim.api.nvim_create_user_command('ToscaTopology', function(opts)
  tosca_ls.topology(opts.args ~= '' and opts.args or nil)
end, {
  nargs = '?',
  complete = function()
    return { 'svg', 'mermaid' }
  end,
  desc = 'Write the topology of the current TOSCA file (SVG or Mermaid) and open it',
})

if vim.g.tosca_ls_autostart == false then
  return
end
if vim.fn.has('nvim-0.11') == 1 then
  -- Configured by lsp/tosca_ls.lua, then vim.g.tosca_ls.
  if vim.g.tosca_ls then
    vim.lsp.config('tosca_ls', vim.g.tosca_ls)
  end
  vim.lsp.enable('tosca_ls')
else
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = tosca_ls.filetypes,
    callback = function(args)
      tosca_ls.attach(args.buf)
    end,
  })
end
