-- The project configuration (carina-lsp.toml) from Neovim (0.7 and later), headless, with the
-- plugin (editors/nvim): the diagnostics of a file under the configuration, with their severity as
-- Neovim shows it. Environment: CARINA_LSP (the binary), CARINA_PLUGIN (editors/nvim), CARINA_DIR
-- (the configuration's directory), CARINA_FILE (the file to open, in it), CARINA_WANT (how many
-- diagnostics to wait for), CARINA_OUT (where to write the results as JSON).
local bin, plugin, dir, out = os.getenv('CARINA_LSP'), os.getenv('CARINA_PLUGIN'), os.getenv('CARINA_DIR'), os.getenv('CARINA_OUT')
local file, want = os.getenv('CARINA_FILE'), tonumber(os.getenv('CARINA_WANT'))
local results = { errors = {}, diagnostics = {} }

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

local names = { [vim.diagnostic.severity.ERROR] = 'error', [vim.diagnostic.severity.WARN] = 'warning', [vim.diagnostic.severity.INFO] = 'info', [vim.diagnostic.severity.HINT] = 'hint' }

local ok, err = pcall(function()
  carina.setup({ cmd = { bin } })
  vim.cmd('cd ' .. vim.fn.fnameescape(dir))
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/' .. file))
  local buf = vim.api.nvim_get_current_buf()
  if not vim.wait(60000, function() return #vim.diagnostic.get(buf) >= want end, 20) then
    error('fewer than ' .. want .. ' diagnostics: ' .. vim.inspect(vim.diagnostic.get(buf)))
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(results.diagnostics, { line = d.lnum, col = d.col, code = code, severity = names[d.severity] })
  end
end)
if not ok then table.insert(results.errors, tostring(err)) end
finish()
