-- Drives carina-lsp from Neovim's built-in LSP client (0.7 and later), headless.
-- Environment: CARINA_LSP (the binary), CARINA_DIR (the configuration directory),
-- CARINA_OUT (where to write the results as JSON), CARINA_PLUGIN (editors/nvim, optional).
local bin, dir, out = os.getenv('CARINA_LSP'), os.getenv('CARINA_DIR'), os.getenv('CARINA_OUT')
local results = { errors = {} }

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd('qa!')
end

local function fail(msg)
  table.insert(results.errors, msg)
  finish()
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/wait.crn'))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'carina'
  local id = vim.lsp.start_client({ name = 'carina-lsp', cmd = { bin }, root_dir = dir })
  if not id then return fail('start_client failed') end
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  if not vim.wait(60000, function() return client.initialized end, 20) then
    return fail('client not initialized')
  end

  -- Diagnostics: wait for the semantic phase (the misspelt enum value in until).
  local function codes()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(out, { line = d.lnum, col = d.col, code = code, message = d.message })
    end
    return out
  end
  vim.wait(60000, function()
    for _, d in ipairs(codes()) do
      if d.code == 'wait-until-type-mismatch' then return true end
    end
    return false
  end, 20)
  results.diagnostics = codes()

  local uri = vim.uri_from_bufnr(buf)
  local function request(method, params)
    local resp = vim.lsp.buf_request_sync(buf, method, params, 60000)
    if not resp or not resp[id] then return nil end
    if resp[id].err then return { error = resp[id].err.message } end
    return resp[id].result
  end

  -- Completion inside the wait block, at the start of the depends_on line's indentation.
  local comp = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = 2, character = 0 } })
  results.completion = {}
  local items = comp and (comp.items or comp) or {}
  for _, it in ipairs(items) do table.insert(results.completion, it.label) end

  -- Hover on the `wait` keyword.
  local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = 0, character = 19 } })
  results.hover = hover and hover.contents and (hover.contents.value or hover.contents) or vim.NIL

  -- Formatting, applied to the buffer by the client.
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ timeout_ms = 60000, bufnr = buf })
  else
    vim.lsp.buf.formatting_sync(nil, 60000)
  end
  results.formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  vim.lsp.stop_client(id)
end)
if not ok then fail(tostring(err)) else finish() end
