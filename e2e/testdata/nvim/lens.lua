-- The dependency hierarchy (call hierarchy) and the code lenses from Neovim (0.7 and later),
-- headless, with the plugin (editors/nvim) on the design example: the raw requests through the
-- client, the lenses the plugin shows, and vim.lsp.codelens.run() on a lens filling the quickfix
-- list through the plugin's carina.showLocations handler.
-- Environment: CARINA_LSP (the binary), CARINA_PLUGIN (editors/nvim), CARINA_DIR (the example's
-- files), CARINA_OUT (where to write the results as JSON).
local bin, plugin, dir, out = os.getenv('CARINA_LSP'), os.getenv('CARINA_PLUGIN'), os.getenv('CARINA_DIR'), os.getenv('CARINA_OUT')
local results = { errors = {} }

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd('qa!')
end

vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin on')
vim.cmd('runtime! plugin/carina.lua ftdetect/carina.vim')
local carina = require('carina')
-- The plugin's messages (an empty lens, a missing handler) become errors of the test.
vim.notify = function(msg)
  table.insert(results.errors, 'notify: ' .. tostring(msg))
end

local function base(uri)
  return vim.fn.fnamemodify(vim.uri_to_fname(uri), ':t')
end

-- Opens a file of the example and waits for the carina client to attach to it.
local function open(name)
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/' .. name))
  local buf = vim.api.nvim_get_current_buf()
  local client
  if not vim.wait(10000, function()
    for _, c in ipairs(carina.clients()) do
      if c.initialized and vim.lsp.buf_is_attached(buf, c.id) then
        client = c
        return true
      end
    end
    return false
  end, 20) then
    error('no carina client attached to ' .. name)
  end
  return buf, client
end

local ok, err = pcall(function()
  carina.setup({ cmd = { bin } })
  local main, client = open('main.crn')

  -- The lenses the plugin has Neovim show: it asks for them when the client attaches (no BufEnter
  -- or CursorHold comes after that here), and the buffer's refresh autocommands.
  vim.wait(10000, function()
    return #vim.lsp.codelens.get(main) >= 5
  end, 20)
  results.shown = {}
  for _, l in ipairs(vim.lsp.codelens.get(main)) do
    table.insert(results.shown, ('%d:%s'):format(l.range.start.line, l.command.title))
  end
  table.sort(results.shown)
  results.autocmds = #vim.api.nvim_get_autocmds({ group = 'carina_codelens', buffer = main })

  -- An edit, then InsertLeave: the plugin asks for the lenses again, and cert has one more
  -- reference; undoing it brings them back. (Done while no lens request is in flight: Neovim
  -- drops a refresh while one is.)
  local function cert_lenses()
    local titles = {}
    for _, l in ipairs(vim.lsp.codelens.get(main)) do
      if l.range.start.line == 7 then
        table.insert(titles, l.command.title)
      end
    end
    table.sort(titles)
    return titles
  end
  local function edit_then_leave(lines, want)
    vim.api.nvim_buf_set_lines(main, 19, -1, false, lines)
    vim.cmd('doautocmd InsertLeave')
    vim.wait(10000, function()
      return vim.tbl_contains(cert_lenses(), want)
    end, 20)
    return cert_lenses()
  end
  results.after_edit = edit_then_leave({ '', 'let extra = cert.arn' }, '5 references')
  results.after_undo = edit_then_leave({}, '4 references')

  local function request(buf, method, params)
    local resp = vim.lsp.buf_request_sync(buf, method, params, 10000)
    local r = resp and resp[client.id]
    if not r then
      error(method .. ': no answer')
    end
    if r.err then
      error(method .. ': ' .. r.err.message)
    end
    return r.result
  end
  local function item(i)
    return { name = i.name, file = base(i.uri), line = i.selectionRange.start.line }
  end
  local function calls(buf, method, it, side)
    local out = {}
    for _, c in ipairs(request(buf, method, { item = it }) or {}) do
      local entry = item(c[side])
      entry.ranges = #c.fromRanges
      table.insert(out, entry)
    end
    return out
  end

  -- prepareCallHierarchy on cert (its name in main.crn), then what depends on it and what it
  -- depends on; the same for the wait in wait.crn.
  local uri = vim.uri_from_bufnr(main)
  local cert = request(main, 'textDocument/prepareCallHierarchy', { textDocument = { uri = uri }, position = { line = 7, character = 5 } })
  results.cert = item(cert[1])
  results.cert_incoming = calls(main, 'callHierarchy/incomingCalls', cert[1], 'from')
  results.cert_outgoing = calls(main, 'callHierarchy/outgoingCalls', cert[1], 'to')
  local wait = open('wait.crn')
  local issued = request(wait, 'textDocument/prepareCallHierarchy', { textDocument = { uri = vim.uri_from_bufnr(wait) }, position = { line = 1, character = 6 } })
  results.issued = item(issued[1])
  results.issued_incoming = calls(wait, 'callHierarchy/incomingCalls', issued[1], 'from')
  results.issued_outgoing = calls(wait, 'callHierarchy/outgoingCalls', issued[1], 'to')
  vim.api.nvim_set_current_buf(main)

  -- textDocument/codeLens on main.crn: each lens's line, title and command.
  results.lenses = {}
  for _, l in ipairs(request(main, 'textDocument/codeLens', { textDocument = { uri = uri } })) do
    table.insert(results.lenses, ('%d:%s:%s'):format(l.range.start.line, l.command.title, l.command.command))
  end

  -- vim.lsp.codelens.run() on cert's line, choosing a lens in the menu it shows: the quickfix list
  -- holds the lens's locations and is open.
  local function run(title)
    vim.api.nvim_set_current_buf(main)
    vim.api.nvim_win_set_cursor(0, { 8, 0 })
    local offered = {}
    vim.ui.select = function(options, opts, on_choice)
      local chosen
      for _, o in ipairs(options) do
        local t = opts.format_item(o)
        table.insert(offered, t)
        if t == title then
          chosen = o
        end
      end
      on_choice(chosen)
    end
    vim.fn.setqflist({}, 'r', { title = 'before', items = {} })
    vim.cmd('cclose')
    vim.lsp.codelens.run()
    -- The handler asks the server for the lens's locations: wait for its answer to fill the list.
    vim.wait(10000, function()
      return vim.fn.getqflist({ title = 1 }).title == title
    end, 10)
    local qf = vim.fn.getqflist({ title = 1, items = 1, winid = 1 })
    local items = {}
    for _, it in ipairs(qf.items) do
      table.insert(items, ('%s:%d:%d'):format(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(it.bufnr), ':t'), it.lnum, it.col))
    end
    table.sort(items)
    table.sort(offered)
    return { title = qf.title, items = items, open = qf.winid ~= 0, offered = offered }
  end
  results.run_waited = run('waited on by cert_issued')
  results.run_references = run('4 references')

  -- codelens = false: a buffer attached afterwards gets no refresh autocommands.
  carina.setup({ cmd = { bin }, codelens = false })
  local cdn = open('cdn.crn')
  results.autocmds_off = #vim.api.nvim_get_autocmds({ group = 'carina_codelens', buffer = cdn })
end)
if not ok then
  table.insert(results.errors, tostring(err))
end
finish()
