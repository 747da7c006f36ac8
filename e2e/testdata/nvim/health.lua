-- Starts carina-lsp through the plugin (editors/nvim) and writes :checkhealth carina's report.
-- Environment: CARINA_LSP (the binary), CARINA_PLUGIN (editors/nvim), CARINA_DIR (a directory with
-- main.crn), CARINA_OUT (where to write the report).
local bin, plugin, dir, out = os.getenv('CARINA_LSP'), os.getenv('CARINA_PLUGIN'), os.getenv('CARINA_DIR'), os.getenv('CARINA_OUT')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin on')
vim.cmd('runtime! plugin/carina.lua ftdetect/carina.vim')
local carina = require('carina')
local ok, err = pcall(function()
  carina.setup({ cmd = { bin } })
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/main.crn'))
  vim.wait(60000, function()
    local cs = carina.clients()
    return #cs == 1 and cs[1].initialized and carina.server_info[cs[1].id] ~= nil
  end, 20)
  vim.cmd('silent checkhealth carina')
end)
local lines = ok and vim.api.nvim_buf_get_lines(0, 0, -1, false) or { 'ERROR: ' .. tostring(err) }
vim.fn.writefile(lines, out)
vim.cmd('qa!')
