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
