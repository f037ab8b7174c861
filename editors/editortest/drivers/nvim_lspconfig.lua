-- Neovim driver of the nvim-lspconfig test. Started by editortest as
--   nvim --headless --clean --cmd 'set rtp^=LSPCONFIG' -c 'luafile drivers/nvim_lspconfig.lua'
-- where LSPCONFIG holds only lsp/tosca_ls.lua, as nvim-lspconfig's tree
-- holds its servers, and PATH leads to the tosca-ls that mason's package
-- definition installed. The project's plugin is not loaded.
--
-- With nvim-lspconfig, Neovim 0.11's vim.lsp.config reads lsp/<name>.lua
-- from the runtimepath and vim.lsp.enable starts the configuration for a
-- buffer of one of its filetypes, in the folder its root markers find. The
-- Neovim installed here (Debian's 0.7) has neither, so this driver does
-- those steps itself with the 0.7 client API; what the configuration says
-- (command, filetypes, root markers) comes from the file alone.
local scenario = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('TOSCA_LS_SCENARIO')), '\n'))
local result = {}

local ask = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/nvim_ask.lua')

-- The root as vim.fs.root finds it: the nearest folder upwards that holds
-- one of the markers (a file or a folder).
local function root(file, markers)
  local nearest
  for _, marker in ipairs(markers) do
    local from = vim.fn.fnamemodify(file, ':p:h') .. ';'
    for _, found in ipairs({ vim.fn.finddir(marker, from), vim.fn.findfile(marker, from) }) do
      if found ~= '' then
        local dir = vim.fn.fnamemodify(vim.fn.fnamemodify(found, ':p'):gsub('/$', ''), ':h')
        if not nearest or #dir > #nearest then
          nearest = dir
        end
      end
    end
  end
  return nearest
end

local function main()
  -- vim.lsp.config('tosca_ls'): the file on the runtimepath, whole.
  local files = vim.api.nvim_get_runtime_file('lsp/tosca_ls.lua', true)
  assert(#files == 1, 'lsp/tosca_ls.lua found ' .. #files .. ' times on the runtimepath')
  local config = dofile(files[1])
  result.config = config
  result.executable = vim.fn.exepath(config.cmd[1])

  -- vim.lsp.enable('tosca_ls'): start it for buffers of its filetypes.
  local client_id
  vim.api.nvim_create_autocmd('FileType', {
    pattern = config.filetypes,
    callback = function(args)
      if not client_id then
        local dir = root(vim.api.nvim_buf_get_name(args.buf), config.root_markers)
        local start = vim.tbl_extend('force', {}, config, {
          name = 'tosca_ls',
          root_dir = dir,
          workspace_folders = dir and { { uri = vim.uri_from_fname(dir), name = dir } } or nil,
        })
        start.filetypes, start.root_markers = nil, nil
        client_id = vim.lsp.start_client(start)
      end
      vim.lsp.buf_attach_client(args.buf, client_id)
    end,
  })

  vim.cmd('edit ' .. vim.fn.fnameescape(scenario.workspace .. '/' .. scenario.main))
  -- The tosca filetype comes from tosca-ls's plugin, not loaded here.
  vim.bo.filetype = 'tosca'
  local bufnr = vim.api.nvim_get_current_buf()
  assert(client_id, 'no client started for the tosca filetype')
  local client = vim.lsp.get_client_by_id(client_id)
  result.root = client.config.root_dir
  ask.ask(scenario, result, bufnr, client)

  ask.stop(client)
end

ask.run(scenario, result, main)
