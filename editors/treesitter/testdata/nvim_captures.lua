-- Run by TestNeovimLoadsParser: nvim --headless -u NONE -i NONE --cmd "lua _G.carina_ts = {...}" -c "luafile this"
-- with dir (holding parser/carina.so, as :TSInstall or a hand build puts it on the runtimepath),
-- plugin (editors/nvim), file and out. The plugin's treesitter option registers the queries; the
-- script parses file and writes to out one line a query ("query NAME ok") and one a highlight
-- capture ("ROW:COL-ROW:COL NAME", 0-based).
local a = _G.carina_ts
local out = {}
local ok, err = pcall(function()
  vim.opt.runtimepath:prepend(a.dir)
  vim.opt.runtimepath:prepend(a.plugin)
  require('carina').setup({ autostart = false, treesitter = true })
  if vim.treesitter.language and vim.treesitter.language.add then
    vim.treesitter.language.add('carina') -- 0.9+
  else
    vim.treesitter.require_language('carina') -- 0.7, 0.8
  end
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.fn.readfile(a.file))
  local tree = vim.treesitter.get_parser(buf, 'carina'):parse()[1]
  if tree:root():has_error() then error('the sample does not parse clean') end
  local get = vim.treesitter.query.get or vim.treesitter.query.get_query
  for _, name in ipairs({ 'highlights', 'locals', 'folds', 'indents', 'textobjects', 'injections' }) do
    if not get('carina', name) then error('query ' .. name .. ' not found') end
    table.insert(out, 'query ' .. name .. ' ok')
  end
  local q = get('carina', 'highlights')
  for id, node in q:iter_captures(tree:root(), buf, 0, -1) do
    local r1, c1, r2, c2 = node:range()
    table.insert(out, string.format('%d:%d-%d:%d %s', r1, c1, r2, c2, q.captures[id]))
  end
end)
if not ok then out = { 'ERROR ' .. tostring(err) } end
vim.fn.writefile(out, a.out)
vim.cmd('qa!')
