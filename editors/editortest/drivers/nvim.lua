-- Neovim driver of the editor tests. Started by editortest as
--   nvim --headless --clean --cmd 'set rtp^=editors/nvim' -c 'luafile drivers/nvim.lua'
-- so the project's plugin is loaded as a user's would be: filetype
-- detection and the server start come from it, not from this file. The
-- scenario (files, positions) is read from $TOSCA_LS_SCENARIO; the results
-- are written as JSON for the Go test to check.
local scenario = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('TOSCA_LS_SCENARIO')), '\n'))
local result = { detect = {}, languages = {}, served = {} }

local function path(name)
  return scenario.workspace .. '/' .. name
end

local function client_of(bufnr)
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'tosca_ls' then
      return client
    end
  end
end

local ask = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/nvim_ask.lua')
local wait = ask.wait

local function main()
  local tosca_ls = require('tosca_ls')
  local table_file = vim.fn.json_decode(table.concat(vim.fn.readfile(scenario.detectCases), '\n'))
  for _, c in ipairs(table_file.cases) do
    local text = c.text
    if c['repeat'] then
      text = string.rep(c['repeat'].text, c['repeat'].count) .. text
    end
    table.insert(result.detect, { name = c.name, got = tosca_ls.detect(text) or 'none' })
  end

  for _, name in ipairs({ scenario.descriptionFirst, scenario.heat, scenario.plain, scenario.main }) do
    vim.cmd('edit ' .. vim.fn.fnameescape(path(name)))
    local bufnr = vim.api.nvim_get_current_buf()
    result.languages[name] = vim.bo[bufnr].filetype
    if vim.bo[bufnr].filetype ~= 'yaml' then
      wait(10000, 'tosca_ls attached to ' .. name, function()
        return client_of(bufnr) ~= nil
      end)
    end
    result.served[name] = client_of(bufnr) ~= nil
  end
  -- main is the last one opened: YAML's highlighting under the tosca filetype.
  result.highlight = vim.fn.synIDattr(vim.fn.synID(1, 1, 1), 'name')

  local bufnr = vim.api.nvim_get_current_buf()
  local client = client_of(bufnr)
  ask.ask(scenario, result, bufnr, client)

  -- Code lenses, listed and resolved by vim.lsp.codelens.refresh(); run on
  -- the line of the node template a requirement targets, the lens fills
  -- the quickfix list with that requirement.
  vim.lsp.codelens.refresh()
  wait(10000, 'the code lenses, resolved', function()
    local lenses = vim.lsp.codelens.get(bufnr)
    for _, l in ipairs(lenses) do
      if not l.command then
        return false
      end
    end
    return #lenses > 0
  end)
  result.codeLenses = {}
  for _, l in ipairs(vim.lsp.codelens.get(bufnr)) do
    table.insert(result.codeLenses, { line = l.range.start.line, title = l.command.title })
  end
  vim.api.nvim_win_set_cursor(0, { scenario.lens.line + 1, scenario.lens.character })
  vim.lsp.codelens.run()
  result.lensShown = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(result.lensShown, { path = vim.api.nvim_buf_get_name(item.bufnr), line = item.lnum - 1, character = item.col - 1 })
  end
  vim.cmd('cclose')

  -- The type hierarchy: Neovim's client has one from 0.10 on.
  if vim.lsp.buf.typehierarchy == nil then
    local v = vim.version()
    result.typeHierarchy = { unsupported = ('Neovim %d.%d.%d has no vim.lsp.buf.typehierarchy (it came with 0.10)'):format(v.major, v.minor, v.patch) }
  else
    local names = function(items)
      local out = {}
      for _, it in ipairs(items or {}) do
        table.insert(out, it.name)
      end
      return out
    end
    local prepared = request('textDocument/prepareTypeHierarchy', scenario.definition) or {}
    result.typeHierarchy = { prepared = names(prepared), supertypes = {}, subtypes = {} }
    if #prepared == 1 then
      local sync = function(method, item)
        local r = client.request_sync(method, { item = item }, 10000, bufnr)
        return r and r.result or {}
      end
      local supertypes = sync('typeHierarchy/supertypes', prepared[1])
      result.typeHierarchy.supertypes = names(supertypes)
      if #supertypes > 0 then
        result.typeHierarchy.subtypes = names(sync('typeHierarchy/subtypes', supertypes[1]))
      end
    end
  end

  -- :ToscaTopology writes the SVG of the topology (the viewer is a no-op here).
  vim.g.tosca_ls_viewer = false
  vim.cmd('ToscaTopology')
  local svg = vim.fn.fnamemodify(vim.fn.tempname(), ':h') .. '/main-topology.svg'
  result.topology = vim.fn.filereadable(svg) == 1 and table.concat(vim.fn.readfile(svg), '\n') or ''

  -- Go to definition as the user's `gd` mapping would: the editor jumps.
  vim.api.nvim_win_set_cursor(0, { scenario.definition.line + 1, scenario.definition.character })
  vim.lsp.buf.definition()
  wait(10000, 'the jump to the definition', function()
    return vim.api.nvim_get_current_buf() ~= bufnr
  end)
  local cursor = vim.api.nvim_win_get_cursor(0)
  result.definition = { { path = vim.api.nvim_buf_get_name(0), line = cursor[1] - 1, character = cursor[2] } }

  ask.stop(client)
end

ask.run(scenario, result, main)
