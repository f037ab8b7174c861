-- What the Neovim drivers share: asking a started tosca_ls client, once it
-- has initialized, about the scenario's main buffer (its diagnostics, the
-- hover and the completion at the scenario's positions, into result), and
-- running a driver to its end. Loaded with dofile by nvim.lua and
-- nvim_lspconfig.lua.
local M = {}

function M.wait(ms, what, cond)
  if not vim.wait(ms, cond, 20) then
    error('timeout waiting for ' .. what)
  end
end

function M.ask(scenario, result, bufnr, client)
  M.wait(10000, 'initialize', function()
    return client.initialized
  end)
  result.started = true

  M.wait(15000, 'diagnostics', function()
    return #vim.diagnostic.get(bufnr) > 0
  end)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, { line = d.lnum, character = d.col, message = d.message })
  end

  local function request(method, pos)
    local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = pos }
    local responses = assert(vim.lsp.buf_request_sync(bufnr, method, params, 10000), method .. ': no answer')
    local r = assert(responses[client.id], method .. ': no answer from tosca_ls')
    assert(not r.err, method .. ': ' .. vim.inspect(r.err))
    return r.result
  end

  local hover = request('textDocument/hover', scenario.hover)
  result.hover = hover and (hover.contents.value or vim.inspect(hover.contents)) or ''

  local comp = request('textDocument/completion', scenario.completion)
  result.completion = {}
  for _, item in ipairs(comp and (comp.items or comp) or {}) do
    table.insert(result.completion, item.label)
  end
end

function M.stop(client)
  vim.lsp.stop_client(client.id)
  vim.wait(5000, function()
    return vim.lsp.client_is_stopped(client.id)
  end, 20)
end

-- run runs main, writes the result (with the error, if any) for the Go
-- test, and quits: an uncaught error would leave headless Neovim waiting
-- forever.
function M.run(scenario, result, main)
  local ok, err = xpcall(main, debug.traceback)
  if not ok then
    result.error = tostring(err)
  end
  vim.fn.writefile({ vim.fn.json_encode(result) }, scenario.out)
  vim.cmd(ok and 'qa!' or 'cquit 1')
end

return M
