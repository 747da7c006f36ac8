-- Runs after the minimal Neovim setup of docs/editors.md (loaded as init.lua, carina-lsp on PATH), headless.
-- Environment: CARINA_DIR (a tree: repo/.git, repo/env/{a,b}.crn, loose/c.crn), CARINA_OUT (the
-- results as JSON). Checks one client per root, unsaved text shared between the buffers of a
-- root, and omni completion (<C-x><C-o>) from the server.
local dir, out = os.getenv('CARINA_DIR'), os.getenv('CARINA_OUT')
local results = { errors = {} }

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd('qa!')
end

local function clients()
  local list = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local mine = {}
  for _, c in pairs(list) do
    if c.name == 'carina-lsp' then table.insert(mine, c) end
  end
  return mine
end

local function codes(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '')
  end
  return list
end

local function has(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

local ok, err = pcall(function()
  vim.o.hidden = true
  local a, b, c = dir .. '/repo/env/a.crn', dir .. '/repo/env/b.crn', dir .. '/loose/c.crn'
  for _, f in ipairs({ a, b, c }) do vim.cmd('edit ' .. vim.fn.fnameescape(f)) end
  local ba, bb, bc = vim.fn.bufnr(a), vim.fn.bufnr(b), vim.fn.bufnr(c)
  vim.wait(60000, function()
    local n = 0
    for _, cl in ipairs(clients()) do
      if cl.initialized then n = n + 1 end
    end
    return n == 2
  end, 20)
  results.clients = {}
  for _, cl in ipairs(clients()) do
    local names = {}
    for _, buf in ipairs({ ba, bb, bc }) do
      if vim.lsp.buf_is_attached(buf, cl.id) then table.insert(names, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':t')) end
    end
    table.insert(results.clients, { root = cl.config.root_dir, buffers = names })
  end
  results.omnifunc = { vim.bo[ba].omnifunc, vim.bo[bb].omnifunc, vim.bo[bc].omnifunc }

  -- a.crn reads helper, which no file declares: an error, until b.crn (unsaved) declares it.
  vim.wait(60000, function() return has(codes(ba), 'undefined-binding') end, 20)
  results.before = codes(ba)
  vim.api.nvim_buf_set_lines(bb, 0, -1, false, { "let helper = aws.s3.Bucket {", "  bucket = 'logs'", "}" })
  vim.wait(60000, function() return not has(codes(ba), 'undefined-binding') end, 20)
  results.after = codes(ba)

  -- <C-x><C-o> at the end of a new line in the wait block of c.crn.
  vim.cmd('buffer ' .. bc)
  vim.api.nvim_win_set_cursor(0, { 6, 0 })
  -- The items, once the server's answer has filled the menu (a minute at most: against a hang).
  local waited = 0
  local function omni()
    local items = {}
    for _, it in ipairs(vim.fn.complete_info({ 'items' }).items or {}) do table.insert(items, it.word) end
    if #items == 0 and waited < 60000 then
      waited = waited + 50
      vim.defer_fn(omni, 50)
      return
    end
    results.omni = items
    vim.cmd('stopinsert')
    finish()
  end
  vim.defer_fn(omni, 50)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('O<C-x><C-o>', true, false, true), 'n', false)
end)
if not ok then
  table.insert(results.errors, tostring(err))
  finish()
end
