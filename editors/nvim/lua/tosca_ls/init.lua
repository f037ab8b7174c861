-- tosca-ls for Neovim 0.7 and later: the TOSCA/HOT detection rule, the
-- server configuration, and (before 0.11) starting the server with
-- vim.lsp.start_client. plugin/tosca_ls.lua wires it up; on 0.11+ the
-- server is started by vim.lsp.enable with lsp/tosca_ls.lua instead.
local M = {}

-- Only this many bytes from the start of a file are looked at.
M.limit = 64 * 1024

-- The server's configuration is lsp/tosca_ls.lua (the file nvim-lspconfig
-- and Neovim 0.11 read): its command, filetypes and root markers serve
-- every Neovim version.
local defaults = dofile(assert(
  vim.api.nvim_get_runtime_file('lsp/tosca_ls.lua', false)[1],
  'tosca_ls: lsp/tosca_ls.lua is not on the runtimepath'
))

M.filetypes = defaults.filetypes
M.root_markers = defaults.root_markers

-- key_at reports whether line starts (column 0) with key as a mapping key:
-- bare or in matching quotes, then blanks, ':' and a blank or the end.
local function key_at(line, key)
  local quote = line:sub(1, 1)
  if quote ~= '"' and quote ~= "'" then
    quote = ''
  end
  local rest = line:sub(#quote + 1)
  if rest:sub(1, #key) ~= key then
    return false
  end
  rest = rest:sub(#key + 1)
  if quote ~= '' then
    if rest:sub(1, 1) ~= quote then
      return false
    end
    rest = rest:sub(2)
  end
  return rest:match('^[ \t]*:[ \t]') ~= nil or rest:match('^[ \t]*:$') ~= nil
end

--- The dialect of a text by the rule the server uses (index.Detect; the
--- cases are in testdata/detect/cases.json): 'tosca', 'heat',
--- 'heat-environment' (no version key, a top-level resource_registry or
--- parameter_defaults) or nil.
function M.detect(text)
  if text:sub(1, 3) == '\239\187\191' then
    text = text:sub(4)
  end
  text = text:sub(1, M.limit)
  local pos, found = 1, nil
  while true do
    local eol = text:find('[\r\n]', pos)
    local line = text:sub(pos, (eol or #text + 1) - 1)
    if key_at(line, 'tosca_definitions_version') then
      return 'tosca'
    elseif key_at(line, 'heat_template_version') then
      return 'heat'
    elseif key_at(line, 'resource_registry') or key_at(line, 'parameter_defaults') then
      found = 'heat-environment'
    end
    if not eol then
      return found
    end
    pos = eol + 1
  end
end

--- The filetype of a dialect: environment files are Heat's too.
function M.filetype(dialect)
  if dialect == 'heat-environment' then
    return 'heat'
  end
  return dialect
end

--- The dialect of a buffer, from its first lines as Neovim holds them.
function M.detect_buffer(bufnr)
  local head, size, first = {}, 0, 0
  while size < M.limit do
    local lines = vim.api.nvim_buf_get_lines(bufnr, first, first + 200, false)
    if #lines == 0 then
      break
    end
    for _, line in ipairs(lines) do
      head[#head + 1] = line
      size = size + #line + 1
    end
    first = first + #lines
  end
  return M.detect(table.concat(head, '\n'))
end

-- Options from setup(), for what vim.g cannot hold (Lua functions).
local options = {}

--- Optional: set any of cmd, settings, on_attach, ... (as for
--- vim.lsp.start_client); they override vim.g.tosca_ls. On 0.11+ this is
--- vim.lsp.config('tosca_ls', opts).
function M.setup(opts)
  options = opts or {}
  if vim.lsp.config then
    vim.lsp.config('tosca_ls', options)
  end
end

--- The server configuration: lsp/tosca_ls.lua, then vim.g.tosca_ls (a
--- table like setup's), then setup's options.
function M.config()
  return vim.tbl_deep_extend('force', { name = 'tosca_ls' }, defaults, vim.g.tosca_ls or {}, options)
end

--- The project folder of a file: the nearest folder upwards holding one of
--- the root markers, else the file's own folder.
function M.root_dir(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local start = dir
  while true do
    for _, marker in ipairs(M.root_markers) do
      if vim.loop.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

local clients = {} -- root folder -> client id
local warned = false

--- Attaches the buffer to the client of its project, starting one if
--- needed (the path for Neovim before 0.11).
function M.attach(bufnr)
  local config = M.config()
  if vim.fn.executable(config.cmd[1]) ~= 1 then
    if not warned then
      warned = true
      vim.notify(
        ('tosca-ls: %q is not an executable on PATH. Install it with :MasonInstall tosca-ls, from a release '
          .. 'archive or with `go install github.com/tosca-ls/tosca-ls/cmd/tosca-ls@latest`, or set '
          .. 'vim.g.tosca_ls = { cmd = { "/path/to/tosca-ls", "serve" } }.'):format(
          config.cmd[1]
        ),
        vim.log.levels.ERROR
      )
    end
    return
  end
  local root = M.root_dir(vim.api.nvim_buf_get_name(bufnr))
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    config.root_dir = root
    config.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
    config.filetypes, config.root_markers = nil, nil
    id = vim.lsp.start_client(config)
    if not id then
      return
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

-- The viewer command: xdg-open, or open on macOS; vim.g.tosca_ls_viewer
-- (a list, the file appended) chooses another, false opens nothing.
local function viewer()
  if vim.g.tosca_ls_viewer ~= nil then
    return vim.g.tosca_ls_viewer
  end
  return vim.fn.has('mac') == 1 and { 'open' } or { 'xdg-open' }
end

--- :ToscaTopology [svg|mermaid]: asks tosca-ls for the topology of the
--- current buffer's service template (the tosca-ls.topology command),
--- writes it next to Neovim's temporary files and opens it with the
--- system viewer. Returns the file written (nil when there is none).
function M.topology(format)
  format = format or 'svg'
  local bufnr = vim.api.nvim_get_current_buf()
  local client
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.name == 'tosca_ls' then
      client = c
    end
  end
  if not client then
    vim.notify('tosca-ls: this buffer is not served by tosca-ls', vim.log.levels.WARN)
    return nil
  end
  local params = { command = 'tosca-ls.topology', arguments = { vim.uri_from_bufnr(bufnr), format } }
  local response = client.request_sync('workspace/executeCommand', params, 20000, bufnr)
  if not response or response.err then
    vim.notify('tosca-ls: no topology: ' .. vim.inspect(response and response.err or 'timeout'), vim.log.levels.ERROR)
    return nil
  end
  local graph = response.result
  if graph == nil or graph == vim.NIL then
    vim.notify('tosca-ls: this file has no service template', vim.log.levels.INFO)
    return nil
  end
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':t:r')
  local file = vim.fn.fnamemodify(vim.fn.tempname(), ':h') .. '/' .. name .. '-topology.' .. (format == 'svg' and 'svg' or 'mmd')
  vim.fn.writefile(vim.split(graph.rendered, '\n', { plain = true }), file)
  local cmd = viewer()
  if cmd then
    local args = vim.list_extend(vim.deepcopy(cmd), { file })
    vim.fn.jobstart(args, { detach = true })
  end
  return file
end

--- The command tosca-ls's code lenses run ("3 derived types", "targeted
--- by 2 requirements"), with the arguments [uri, position, locations]:
--- puts the locations in the quickfix list and opens it. Registered as
--- vim.lsp.commands['tosca-ls.showReferences'] by plugin/tosca_ls.lua.
function M.show_references(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local items = vim.lsp.util.locations_to_items((command.arguments or {})[3] or {}, client and client.offset_encoding or 'utf-16')
  vim.fn.setqflist({}, ' ', { title = command.title, items = items })
  vim.cmd('copen')
end

return M
