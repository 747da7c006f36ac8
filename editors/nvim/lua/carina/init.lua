-- Carina for Neovim: starts carina-lsp for `carina` buffers (*.crn).
--
--   require('carina').setup({ cmd = { 'carina-lsp' }, schemas = {} })
--
-- One client per workspace root: Neovim 0.8+ starts it with vim.lsp.start (which reuses a client
-- of the same name and root); 0.7 with vim.lsp.start_client and vim.lsp.buf_attach_client, through
-- a cache of clients by root. On attach, 'omnifunc' is set to the LSP's when the buffer has none
-- (0.8+ does that by itself; 0.7 does not), and the code lenses are shown; a lens's command
-- (vim.lsp.codelens.run()) lists its locations in the quickfix list. :CarinaConvert (convert())
-- turns CloudFormation into Carina through the server's carina.convertCloudFormation: a range of
-- a carina buffer is replaced in one undo step, a template file or buffer goes into a new buffer,
-- and what is left to do goes into the quickfix list. :checkhealth carina reports the setup. See
-- editors/nvim/README.md and docs/editors.md.
local M = {}

local uv = vim.loop

local defaults = {
  -- The server command: the executable, then its arguments. carina-lsp serves LSP over stdio when
  -- started with no arguments.
  cmd = { 'carina-lsp' },
  -- Provider schema files or directories, sent as initializationOptions.schemas and as the
  -- `carina.schemas` setting (workspace/didChangeConfiguration, workspace/configuration).
  schemas = {},
  -- A parent directory holding one of these is the workspace root; otherwise the directory of
  -- the file (a configuration is one directory).
  root_markers = { '.git', '.carina' },
  -- Start the server for every carina buffer (FileType autocommand). false: call start() yourself.
  autostart = true,
  -- Inlay hints show the types the server infers for lets and untyped parameters (Neovim shows
  -- inlay hints with vim.lsp.inlay_hint.enable(), 0.10+). Sent as the carina.inlayHints.types setting.
  inlay_hint_types = false,
  -- Show the server's code lenses (references, dependents and waits of each binding) in attached
  -- buffers, refreshed on BufEnter, CursorHold and InsertLeave (Neovims with vim.lsp.codelens).
  codelens = true,
  -- The tree-sitter grammar (editors/tree-sitter-carina): true, or { grammar = path } when the
  -- grammar's folder is not beside this plugin's. Its queries (highlights, folds, indents, ...)
  -- become carina's, nvim-treesitter learns the parser (:TSInstall carina builds it), and on 0.8+
  -- a carina buffer is highlighted by tree-sitter once the parser is installed.
  treesitter = false,
  -- How long :CarinaPlan's buffer waits after the last edit before it asks for the plan again (ms).
  plan_debounce = 300,
  -- Passed through to the client.
  name = 'carina',
  on_init = nil,
  on_attach = nil,
  capabilities = nil,
}

M.config = vim.deepcopy(defaults)

--- The server's settings (the `carina` section): the schemas and the inlay hints asked for.
--- @return table
local function server_settings()
  return { schemas = vim.deepcopy(M.config.schemas or {}), inlayHints = { types = M.config.inlay_hint_types == true } }
end

-- Whether setup() ran, and the serverInfo of each client by id (for :checkhealth carina).
M.did_setup = false
M.server_info = {}

-- Clients started on Neovim 0.7, by root directory.
local clients_by_root = {}
local warned_missing = false

local function is_dir(path)
  local stat = uv.fs_stat(path)
  return stat ~= nil and stat.type == 'directory'
end

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function dirname(path)
  local d = vim.fn.fnamemodify(path, ':h')
  return d
end

local function normalize(path)
  local p = vim.fn.fnamemodify(path, ':p')
  if #p > 1 then
    p = p:gsub('/+$', '')
  end
  return p
end

--- The workspace root for a file: the nearest directory, from the file's own directory upwards,
--- holding one of config.root_markers (`.git`, `.carina`); otherwise the file's directory.
--- @param path string a file (or directory) path
--- @return string
function M.root_dir(path)
  if path == nil or path == '' then
    return normalize(vim.fn.getcwd())
  end
  local start = normalize(path)
  if not is_dir(start) then
    start = dirname(start)
  end
  local dir = start
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if exists(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = dirname(dir)
    if parent == dir or parent == '' then
      break
    end
    dir = parent
  end
  return start
end

-- The command of every code lens the server sends.
local LOCATIONS_COMMAND = 'carina.showLocations'

-- Client methods take self from Neovim 0.11 on (client:stop()); before, they are plain fields.
local function call(client, method, ...)
  if vim.fn.has('nvim-0.11') == 1 then
    return client[method](client, ...)
  end
  return client[method](...)
end

local function get_clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients()
  end
  return vim.lsp.get_active_clients()
end

local function executable_of(cmd)
  if type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    return nil
  end
  return cmd[1]
end

--- Whether a carina client is attached to the buffer.
local function attached_to(bufnr)
  for _, client in ipairs(M.clients()) do
    if vim.lsp.buf_is_attached(bufnr, client.id) then
      return true
    end
  end
  return false
end

--- Shows the code lenses of a buffer the client attached to and keeps them fresh, when
--- config.codelens is set, the Neovim has vim.lsp.codelens and the server has code lenses.
local function enable_codelens(client, bufnr)
  if not M.config.codelens or not (vim.lsp.codelens and vim.lsp.codelens.refresh) then
    return
  end
  -- A server without code lenses (an older carina-lsp) would only be asked in vain.
  if not (client.server_capabilities or {}).codeLensProvider then
    return
  end
  local group = vim.api.nvim_create_augroup('carina_codelens', { clear = false })
  -- A new attach (:CarinaRestart) replaces the buffer's autocommands rather than adding to them.
  vim.api.nvim_clear_autocmds({ group = group, buffer = bufnr })
  local function refresh()
    -- After :CarinaRestart stops the client no server answers: ask none.
    if not attached_to(bufnr) then
      return
    end
    if vim.fn.has('nvim-0.10') == 1 then
      vim.lsp.codelens.refresh({ bufnr = bufnr })
    elseif vim.api.nvim_get_current_buf() == bufnr then
      vim.lsp.codelens.refresh() -- before 0.10 it refreshes the current buffer only
    end
  end
  vim.api.nvim_create_autocmd({ 'BufEnter', 'CursorHold', 'InsertLeave' }, {
    group = group,
    buffer = bufnr,
    callback = refresh,
    desc = 'carina: refresh the code lenses',
  })
  refresh()
end

--- The client configuration for a workspace root.
local function root_config(root)
  local settings = server_settings()
  return {
    name = M.config.name,
    cmd = vim.deepcopy(M.config.cmd),
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = settings,
    settings = { carina = settings },
    on_init = function(client, result)
      M.server_info[client.id] = result and result.serverInfo
      -- Neovim 0.10+ sends the settings after initialize by itself; older versions do not.
      if vim.fn.has('nvim-0.10') == 0 then
        call(client, 'notify', 'workspace/didChangeConfiguration', { settings = { carina = settings } })
      end
      if M.config.on_init then
        M.config.on_init(client, result)
      end
    end,
    on_attach = function(client, attached)
      -- <C-x><C-o> completes from the server (Neovim 0.8+ sets this itself; 0.7 does not).
      if vim.bo[attached].omnifunc == '' then
        vim.bo[attached].omnifunc = 'v:lua.vim.lsp.omnifunc'
      end
      enable_codelens(client, attached)
      if M.config.on_attach then
        M.config.on_attach(client, attached)
      end
    end,
    capabilities = M.config.capabilities or vim.lsp.protocol.make_client_capabilities(),
  }
end

--- The client configuration for a buffer (what vim.lsp.start receives).
--- @param bufnr integer|nil
--- @return table
function M.client_config(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  return root_config(M.root_dir(vim.api.nvim_buf_get_name(bufnr)))
end

local function notify(msg, level)
  vim.schedule(function()
    vim.notify(msg, level or vim.log.levels.ERROR, { title = 'carina' })
  end)
end

--- Starts (or reuses) the client for a buffer and attaches it.
--- @param bufnr integer|nil
--- @return integer|nil client id, or nil when the server is missing
function M.start(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local exe = executable_of(M.config.cmd)
  if exe == nil or vim.fn.executable(exe) ~= 1 then
    if not warned_missing then
      warned_missing = true
      notify(
        ('carina: the language server "%s" was not found or is not executable. Install it '
          .. '(go install github.com/carina-rs/carina-lsp/cmd/carina-lsp@latest) and put it on PATH, '
          .. "or set cmd in require('carina').setup({ cmd = { '/path/to/carina-lsp' } })."):format(tostring(exe))
      )
    end
    return nil
  end
  local config = M.client_config(bufnr)
  if vim.lsp.start then
    -- Neovim 0.8+: reuses a client with the same name and root_dir.
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  -- Neovim 0.7.
  local id = clients_by_root[config.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or call(client, 'is_stopped') then
    id = vim.lsp.start_client(config)
    if not id then
      return nil
    end
    clients_by_root[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- The executable of the configured command, or nil when cmd is not a list starting with a string.
function M.executable()
  return executable_of(M.config.cmd)
end

--- Every running carina client.
function M.clients()
  local out = {}
  for _, client in pairs(get_clients()) do
    if client.name == M.config.name then
      table.insert(out, client)
    end
  end
  return out
end

--- Replaces the schema list and tells the running servers (workspace/didChangeConfiguration).
--- @param schemas string[]
function M.set_schemas(schemas)
  M.config.schemas = vim.deepcopy(schemas or {})
  for _, client in ipairs(M.clients()) do
    client.config.settings = { carina = server_settings() }
    call(client, 'notify', 'workspace/didChangeConfiguration', { settings = client.config.settings })
  end
end

--- The handler of carina.showLocations, the command of every code lens (vim.lsp.codelens.run()
--- runs it): its arguments are the document's URI, the lens's position and what the lens counts
--- (references, dependents, waits). The lens does not carry the locations; the server's
--- workspace/executeCommand of the same command returns them, and they go into the quickfix
--- list, titled with the lens, which opens.
--- @param command table the lens's command
--- @param ctx table|nil { bufnr, client_id }
function M.show_locations(command, ctx)
  local args = command.arguments
  if type(args) ~= 'table' or type(args[1]) ~= 'string' or type(args[3]) ~= 'string' then
    notify(('carina: %s takes a URI, a position and what to list, not %s'):format(LOCATIONS_COMMAND, vim.inspect(args)))
    return
  end
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    notify(('carina: %s: no carina-lsp client'):format(LOCATIONS_COMMAND))
    return
  end
  local title = command.title or LOCATIONS_COMMAND
  call(client, 'request', 'workspace/executeCommand', { command = LOCATIONS_COMMAND, arguments = args }, function(err, locations)
    if err then
      notify(('carina: %s: %s'):format(title, err.message or vim.inspect(err)))
      return
    end
    if type(locations) ~= 'table' or #locations == 0 then
      notify(('carina: %s: nothing to list'):format(title), vim.log.levels.INFO)
      return
    end
    local items = vim.lsp.util.locations_to_items(locations, client.offset_encoding or 'utf-16')
    vim.fn.setqflist({}, ' ', { title = title, items = items })
    vim.cmd('copen')
  end, ctx and ctx.bufnr)
end

--- The program that opens a file with the system's viewer, when there is one.
local function opener()
  for _, prog in ipairs({ 'xdg-open', 'open' }) do
    if vim.fn.executable(prog) == 1 then
      return prog
    end
  end
  return nil
end

--- :CarinaGraph [svg]: the dependency graph of the current buffer's configuration (its
--- directory), written by `carina-lsp graph` from the files on disk. Without an argument, the
--- apply order in a scratch buffer; with svg, the picture in a temporary file, opened with
--- xdg-open or open when there is one.
--- @param format string|nil 'order' (default) or 'svg'
--- @return string|nil the scratch buffer's number (order) or the SVG file's path (svg)
function M.graph(format)
  format = (format == nil or format == '') and 'order' or format
  if format ~= 'order' and format ~= 'svg' then
    notify(('carina: :CarinaGraph takes no argument or svg, not %q'):format(format))
    return nil
  end
  local file = vim.api.nvim_buf_get_name(0)
  if file == '' then
    notify('carina: :CarinaGraph needs a buffer with a file: the graph is of the file\'s directory')
    return nil
  end
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local exe = M.executable()
  if exe == nil or vim.fn.executable(exe) ~= 1 then
    notify(('carina: the language server "%s" was not found or is not executable (see :checkhealth carina)'):format(tostring(exe)))
    return nil
  end
  local args = { exe, 'graph', '-format', format }
  local svg
  if format == 'svg' then
    svg = vim.fn.tempname() .. '.svg'
    vim.list_extend(args, { '-o', svg })
  end
  table.insert(args, dir)
  local out = vim.fn.system(args)
  -- Exit status 1 is a dependency cycle: the graph is still written.
  if vim.v.shell_error ~= 0 and vim.v.shell_error ~= 1 then
    notify(('carina: %s failed (exit %d): %s'):format(table.concat(args, ' '), vim.v.shell_error, vim.trim(out)))
    return nil
  end
  -- The command reads the files on disk: say so when a buffer of the configuration is unsaved.
  local unsaved = ''
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    local name = vim.api.nvim_buf_get_name(b)
    if vim.bo[b].modified and name ~= '' and vim.fn.fnamemodify(name, ':p:h') == dir then
      unsaved = ' (read from the files on disk: ' .. vim.fn.fnamemodify(name, ':t') .. ' has unsaved changes)'
      break
    end
  end
  if format == 'svg' then
    local prog = opener()
    if prog then
      vim.fn.jobstart({ prog, svg }, { detach = true })
      notify(('carina: the graph is in %s, opened with %s%s'):format(svg, prog, unsaved), vim.log.levels.INFO)
    else
      notify(('carina: the graph is in %s (no xdg-open or open to show it)%s'):format(svg, unsaved), vim.log.levels.INFO)
    end
    return svg
  end
  local lines = vim.split(vim.trim(out), '\n', { plain = true })
  vim.cmd('belowright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].swapfile = false
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  pcall(vim.api.nvim_buf_set_name, buf, 'carina-graph://' .. dir)
  if unsaved ~= '' then
    notify('carina: the graph is' .. unsaved, vim.log.levels.WARN)
  end
  return buf
end

-- The command of the server's plan lenses (their argument: the document's URI): :CarinaPlan.
local PLAN_COMMAND = 'carina.showPlan'
-- The name of a plan buffer, before the configuration's directory.
local PLAN_PREFIX = 'carina-plan://'

--- The carina client attached to a buffer, or nil.
local function client_of(bufnr)
  for _, client in ipairs(M.clients()) do
    if vim.lsp.buf_is_attached(bufnr, client.id) then
      return client
    end
  end
  return nil
end

--- Replaces the lines of a plan buffer, if it is still there.
local function set_plan(buf, lines)
  if not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
end

--- Asks for the plan of the configuration of buffer src and puts it into buf: the server's
--- carina/plan (the buffers as edited) when a client is attached, else `carina-lsp plan` (the
--- files on disk).
local function fill_plan(src, dir, buf)
  local client = vim.api.nvim_buf_is_valid(src) and client_of(src) or nil
  if client then
    call(client, 'request', 'carina/plan', { textDocument = { uri = vim.uri_from_bufnr(src) } }, function(err, result)
      if err then
        set_plan(buf, { 'carina/plan: ' .. (err.message or vim.inspect(err)) })
        return
      end
      if type(result) ~= 'table' then
        set_plan(buf, { 'No plan: the buffer is not part of a configuration carina-lsp has open.' })
        return
      end
      local lines = vim.split(result.text or '', '\n', { plain = true })
      if lines[#lines] == '' then
        table.remove(lines)
      end
      if type(result.problems) == 'table' and #result.problems > 0 then
        vim.list_extend(lines, { '', 'problems:' })
        vim.list_extend(lines, result.problems)
      end
      set_plan(buf, lines)
    end, src)
    return
  end
  local exe = M.executable()
  if exe == nil or vim.fn.executable(exe) ~= 1 then
    set_plan(buf, { ('The language server "%s" was not found or is not executable (see :checkhealth carina).'):format(tostring(exe)) })
    return
  end
  -- Exit status 2 is a plan with changes, 1 an error (its message is in the output).
  set_plan(buf, vim.fn.systemlist({ exe, 'plan', dir }))
end

--- :CarinaPlan: what `carina-lsp plan` prints for the configuration of a buffer (its directory),
--- computed without credentials from its local state file, in a scratch buffer in a new window
--- (the one already open for the configuration is reused). With a carina client attached it is
--- the server's plan of the buffers as edited, and follows their edits (debounced); without one,
--- the command's, from the files on disk.
--- @param bufnr number|nil the buffer (default: the current one)
--- @return number|nil the plan buffer's number
function M.plan(bufnr)
  local src = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local file = vim.api.nvim_buf_get_name(src)
  if file == '' then
    notify('carina: :CarinaPlan needs a buffer with a file: the plan is of the file\'s directory')
    return nil
  end
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local name = PLAN_PREFIX .. dir
  local buf = vim.fn.bufnr(name)
  if buf == -1 or not vim.api.nvim_buf_is_valid(buf) then
    vim.cmd('belowright new')
    buf = vim.api.nvim_get_current_buf()
    vim.bo[buf].buftype = 'nofile'
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].swapfile = false
    pcall(vim.api.nvim_buf_set_name, buf, name)
    vim.bo[buf].modifiable = false
    -- Follow the edits of the configuration's loaded buffers, a moment after they stop.
    local pending = 0
    local function again()
      pending = pending + 1
      local mine = pending
      vim.defer_fn(function()
        if mine == pending and vim.api.nvim_buf_is_valid(buf) then
          fill_plan(src, dir, buf)
        end
      end, M.config.plan_debounce)
    end
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      local n = vim.api.nvim_buf_get_name(b)
      if vim.api.nvim_buf_is_loaded(b) and n ~= '' and n:sub(-4) == '.crn' and vim.fn.fnamemodify(n, ':p:h') == dir then
        vim.api.nvim_buf_attach(b, false, {
          on_lines = function()
            if not vim.api.nvim_buf_is_valid(buf) then
              return true -- the plan buffer is gone: detach
            end
            again()
          end,
        })
      end
    end
  elseif vim.fn.bufwinnr(buf) == -1 then
    vim.cmd('belowright sbuffer ' .. buf)
  end
  fill_plan(src, dir, buf)
  return buf
end

--- The handler of carina.showPlan, the command of the plan's code lenses.
--- @param command table the lens's command
--- @param ctx table|nil { bufnr, client_id }
function M.show_plan(command, ctx)
  local uri = type(command.arguments) == 'table' and command.arguments[1]
  local bufnr = type(uri) == 'string' and vim.uri_to_bufnr(uri) or (ctx and ctx.bufnr)
  return M.plan(bufnr)
end

-- The server's command that converts CloudFormation to Carina.
local CONVERT_COMMAND = 'carina.convertCloudFormation'
-- The title of the quickfix lists of a conversion's notes, before the name converted from.
local QUICKFIX_TITLE = 'carina: converted from '

--- The server executable a conversion starts, or why there is none.
--- @return string|nil exe, string|nil why not
local function convert_executable()
  local exe = M.executable()
  if exe == nil or vim.fn.executable(exe) ~= 1 then
    return nil, ('the language server "%s" was not found or is not executable (see :checkhealth carina)'):format(tostring(exe))
  end
  return exe
end

--- The client of a start's id, or why it did not start.
--- @return table|nil client, string|nil why not
local function started(id, exe)
  local client = id and vim.lsp.get_client_by_id(id)
  if not client then
    return nil, ('%s did not start'):format(exe)
  end
  return client
end

--- A started carina client for a conversion whose text goes into (or comes from) a buffer that is
--- not carina's, or from a file: one with that root, else any running carina client, else a new
--- one for the root, attached to no buffer (carina-lsp would read the YAML as Carina).
--- @return table|nil client, string|nil why not
local function convert_client_for_root(root)
  local any
  for _, client in ipairs(M.clients()) do
    if not call(client, 'is_stopped') then
      if client.config.root_dir == root then
        return client
      end
      any = any or client
    end
  end
  if any then
    return any
  end
  local exe, why = convert_executable()
  if not exe then
    return nil, why
  end
  local config = root_config(root)
  local id
  if vim.fn.has('nvim-0.11') == 1 then
    id = vim.lsp.start(config, { attach = false })
  else
    id = vim.lsp.start_client(config)
    if id and not vim.lsp.start then
      clients_by_root[root] = id -- 0.7: the next carina buffer of the root reuses it
    end
  end
  return started(id, exe)
end

--- The carina client attached to a carina buffer, started and attached when there is none.
--- @return table|nil client, string|nil why not
local function convert_client_for_buffer(bufnr)
  for _, client in ipairs(M.clients()) do
    if vim.lsp.buf_is_attached(bufnr, client.id) and not call(client, 'is_stopped') then
      return client
    end
  end
  local exe, why = convert_executable()
  if not exe then
    return nil, why
  end
  return started(M.start(bufnr), exe)
end

local function plural(n, one, many)
  return ('%d %s'):format(n, n == 1 and one or many)
end

--- Where the converted text of a whole template goes: `name.crn` beside the template (not written
--- until you save it), or, when that file or a buffer of it exists already, or the template has
--- no file, an unnamed buffer.
--- @return string|nil the file, nil for an unnamed buffer; string|nil why it is unnamed
local function result_target(template)
  if template == nil then
    return nil, 'the template has no file'
  end
  local target = vim.fn.fnamemodify(template, ':p:r') .. '.crn'
  if vim.fn.filereadable(target) == 1 or vim.fn.isdirectory(target) == 1 then
    return nil, vim.fn.fnamemodify(target, ':~:.') .. ' exists'
  elseif vim.fn.bufexists(target) == 1 then
    return nil, vim.fn.fnamemodify(target, ':~:.') .. ' is open'
  end
  return target, nil
end

--- Opens the buffer for a whole template's Carina text in a new window below: the target file's
--- (a new buffer), or an unnamed one with filetype carina.
--- @return integer buffer
local function result_buffer(target)
  if target == nil then
    vim.cmd('belowright new')
    local buf = vim.api.nvim_get_current_buf()
    vim.bo[buf].filetype = 'carina'
    return buf
  end
  vim.cmd('belowright split ' .. vim.fn.fnameescape(target))
  return vim.api.nvim_get_current_buf()
end

--- Converts CloudFormation (YAML or JSON: a whole template, a Resources mapping or one resource)
--- to Carina with the server's carina.convertCloudFormation command. What is converted, and where
--- the Carina text goes:
---
---   - opts.file: the template file, into a new buffer (result_target above);
---   - a range (opts.line1, opts.line2) in a carina buffer: those lines, replaced by the Carina
---     text in one undo step. The text is a fragment (no heading, no provider block), mapped
---     through the schemas of the buffer's configuration, its bindings named apart from the
---     configuration's;
---   - a range in another buffer, or no range in a buffer that is not carina's (a template in a
---     yaml or json buffer): those lines, or the whole buffer, into a new buffer.
---
--- The notes of what is left to do go into a new quickfix list, at their places in the
--- CloudFormation text (for a replaced range, the lines it had: `u` shows them), and a line says
--- how many resources were converted. A text the server cannot read is an error message; nothing
--- changes.
--- @param opts table|nil { bufnr, line1, line2 (1-based, inclusive), file, region, timeout (ms, default 10000) }
--- @return table|nil the server's answer (text, notes, resources, converted) with bufnr, the buffer
---   holding the Carina text, and items, the quickfix items; nil and the message on an error
function M.convert(opts)
  opts = opts or {}
  local function fail(msg)
    msg = 'carina: :CarinaConvert: ' .. msg
    notify(msg)
    return nil, msg
  end
  local bufnr = opts.bufnr
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  local file = opts.file
  if file == '' then
    file = nil
  end
  local ranged = opts.line1 ~= nil
  local line1 = opts.line1 or 1
  local line2 = opts.line2 or (ranged and line1) or vim.api.nvim_buf_line_count(bufnr)
  local is_carina = vim.bo[bufnr].filetype == 'carina'
  if file and ranged then
    return fail('give either a range of CloudFormation lines or a template file, not both')
  end
  if not file and not ranged and is_carina then
    return fail(
      "select the CloudFormation lines to convert (:'<,'>CarinaConvert), or give a template file (:CarinaConvert template.yaml)"
    )
  end
  local into_buffer = ranged and is_carina

  -- The text, where it comes from (quickfix: filename or bufnr) and its first line there.
  local lines, from, first
  local template -- the file the template is in, when it has one
  if file then
    template = vim.fn.fnamemodify(file, ':p')
    if vim.fn.filereadable(template) ~= 1 then
      return fail(('cannot read %s'):format(template))
    end
    lines = vim.fn.readfile(template)
    from, first = { filename = template }, 1
  else
    lines = vim.api.nvim_buf_get_lines(bufnr, line1 - 1, line2, false)
    from, first = { bufnr = bufnr }, line1
    local name = vim.api.nvim_buf_get_name(bufnr)
    if name ~= '' then
      template = name
    end
  end
  local text = table.concat(lines, '\n') .. '\n'
  if vim.trim(text) == '' then
    return fail(ranged and 'the lines are empty: select CloudFormation to convert' or 'nothing to convert: the text is empty')
  end

  -- The document the text goes into: its configuration's schemas are used, and its bindings'
  -- names are not taken. An unnamed buffer is in no configuration: the text stands alone.
  local target, unnamed
  if not into_buffer then
    target, unnamed = result_target(template)
  end
  local uri
  if into_buffer then
    if vim.api.nvim_buf_get_name(bufnr) ~= '' then
      uri = vim.uri_from_bufnr(bufnr)
    end
  elseif target then
    uri = vim.uri_from_fname(target)
  end

  local client, why
  if into_buffer then
    client, why = convert_client_for_buffer(bufnr)
  else
    client, why = convert_client_for_root(M.root_dir(template or ''))
  end
  if not client then
    return fail('no carina-lsp to convert with: ' .. why)
  end
  local timeout = opts.timeout or 10000
  if not vim.wait(timeout, function()
    return client.initialized or call(client, 'is_stopped')
  end, 10) or not client.initialized then
    return fail('carina-lsp did not start (see :checkhealth carina and :LspLog)')
  end

  local args = { text = text, uri = uri, fragment = into_buffer, region = opts.region }
  local params = { command = CONVERT_COMMAND, arguments = { args } }
  local response, err = call(client, 'request_sync', 'workspace/executeCommand', params, timeout, bufnr)
  if not response then
    if err == 'timeout' then
      return fail(('carina-lsp did not answer in %d ms'):format(timeout))
    end
    return fail('carina-lsp: ' .. tostring(err))
  end
  if response.err then
    local msg = response.err.message or vim.inspect(response.err)
    -- The place in the message is in the text converted: say where that is in the buffer.
    local l = tonumber(msg:match('^CloudFormation: (%d+):%d+:'))
    if l and not file and first > 1 then
      msg = ('%s (line %d of the buffer)'):format(msg, first + l - 1)
    end
    return fail(msg)
  end
  local result = response.result
  if type(result) ~= 'table' or type(result.text) ~= 'string' then
    return fail(('%s returned %s (is carina-lsp older than this plugin?)'):format(CONVERT_COMMAND, vim.inspect(result)))
  end

  -- The notes of what is left to do, at their places in the CloudFormation text.
  local items = {}
  for _, note in ipairs(result.notes or {}) do
    if note.left then
      -- The note's character counts UTF-16 code units; the quickfix column is a byte's.
      local line = lines[note.line + 1] or ''
      local ok, col
      if vim.fn.has('nvim-0.11') == 1 then
        ok, col = pcall(vim.str_byteindex, line, 'utf-16', note.character, false)
      else
        ok, col = pcall(vim.str_byteindex, line, note.character, true)
      end
      local item = vim.tbl_extend('force', from, {
        lnum = first + note.line,
        col = (ok and col or note.character) + 1,
        text = note.what .. ': ' .. note.message,
      })
      table.insert(items, item)
    end
  end

  local out = vim.split((result.text:gsub('\n$', '')), '\n', { plain = true })
  if into_buffer then
    -- One undo step: the change does not join an edit made just before it.
    vim.api.nvim_buf_call(bufnr, function()
      vim.go.undolevels = vim.go.undolevels
    end)
    vim.api.nvim_buf_set_lines(bufnr, line1 - 1, line2, false, out)
    result.bufnr = bufnr
    if vim.api.nvim_get_current_buf() == bufnr then
      vim.api.nvim_win_set_cursor(0, { line1, 0 })
    end
  else
    result.bufnr = result_buffer(target)
    vim.api.nvim_buf_set_lines(result.bufnr, 0, -1, false, out)
  end

  local name = template and vim.fn.fnamemodify(template, ':t') or 'the buffer'
  local title = QUICKFIX_TITLE .. name
  if #items > 0 then
    vim.fn.setqflist({}, ' ', { title = title, items = items })
  elseif vim.startswith(vim.fn.getqflist({ title = 1 }).title or '', QUICKFIX_TITLE) then
    -- Nothing left to do: the notes of an earlier conversion do not stay as if they were these.
    vim.fn.setqflist({}, 'r', { title = title, items = {} })
  end
  result.items = items
  local resources = plural(result.resources or 0, 'resource', 'resources')
  local summary = ('carina: converted %d of %s'):format(result.converted or 0, resources)
  if #items > 0 then
    summary = summary .. ('; %s in the quickfix list (:copen)'):format(plural(#items, 'note', 'notes'))
  end
  if unnamed then
    summary = summary .. ('; %s, so the result is in an unnamed buffer'):format(unnamed)
  end
  notify(summary, vim.log.levels.INFO)
  return result
end

--- The tree-sitter grammar's folder: the option's, else editors/tree-sitter-carina beside this plugin.
local function grammar_dir(opt)
  if type(opt) == 'table' and opt.grammar then
    return (vim.fn.fnamemodify(opt.grammar, ':p'):gsub('/$', ''))
  end
  local here = debug.getinfo(1, 'S').source:sub(2) -- <plugin>/lua/carina/init.lua
  return vim.fn.fnamemodify(here, ':p:h:h:h:h') .. '/tree-sitter-carina'
end

M.treesitter_queries = { 'highlights', 'locals', 'folds', 'indents', 'textobjects', 'injections' }

--- Registers the tree-sitter grammar: its queries as carina's, the parser with nvim-treesitter
--- when it is installed. Returns the grammar's folder, or nil and why not.
function M.setup_treesitter(opt)
  local dir = grammar_dir(opt)
  if vim.fn.filereadable(dir .. '/src/parser.c') ~= 1 then
    return nil, 'no tree-sitter grammar at ' .. dir
  end
  local set = vim.treesitter.query.set or vim.treesitter.query.set_query -- 0.9+, 0.7
  for _, name in ipairs(M.treesitter_queries) do
    local path = dir .. '/queries/' .. name .. '.scm'
    if vim.fn.filereadable(path) == 1 then
      set('carina', name, table.concat(vim.fn.readfile(path), '\n'))
    end
  end
  local ok, parsers = pcall(require, 'nvim-treesitter.parsers')
  if ok and parsers.get_parser_configs then
    parsers.get_parser_configs().carina = {
      install_info = { url = dir, files = { 'src/parser.c', 'src/scanner.c' } },
      filetype = 'carina',
    }
  end
  return dir
end

--- Configures the plugin; with autostart (the default), starts the server for carina buffers.
--- @param opts table|nil see `defaults` above
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  if opts and opts.cmd then
    M.config.cmd = vim.deepcopy(opts.cmd) -- a list replaces, never merges
  end
  if opts and opts.root_markers then
    M.config.root_markers = vim.deepcopy(opts.root_markers)
  end
  if opts and opts.schemas then
    M.config.schemas = vim.deepcopy(opts.schemas)
  end
  warned_missing = false
  M.did_setup = true
  vim.lsp.commands[LOCATIONS_COMMAND] = M.show_locations
  vim.lsp.commands[PLAN_COMMAND] = M.show_plan
  local group = vim.api.nvim_create_augroup('carina_lsp', { clear = true })
  if M.config.treesitter then
    local dir, why = M.setup_treesitter(M.config.treesitter)
    if not dir then
      vim.notify('carina: ' .. why, vim.log.levels.WARN)
    elseif vim.treesitter.start then
      vim.api.nvim_create_autocmd('FileType', {
        group = group,
        pattern = 'carina',
        callback = function(args)
          pcall(vim.treesitter.start, args.buf, 'carina') -- nothing until the parser is installed
        end,
      })
    end
  end
  if M.config.autostart then
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = 'carina',
      callback = function(args)
        M.start(args.buf)
      end,
    })
    -- Buffers already open when setup() runs.
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'carina' then
        M.start(buf)
      end
    end
  end
  vim.api.nvim_create_user_command('CarinaRestart', function()
    for _, client in ipairs(M.clients()) do
      call(client, 'stop')
    end
    clients_by_root = {}
    vim.defer_fn(function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'carina' then
          M.start(buf)
        end
      end
    end, 500)
  end, { desc = 'Restart carina-lsp' })
end

return M
