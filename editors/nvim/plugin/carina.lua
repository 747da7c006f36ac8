-- Filetype detection through vim.filetype (Neovim 0.8+ uses it by default; 0.7 uses
-- ftdetect/carina.vim). The language server starts only after require('carina').setup().
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { crn = 'carina' } })
end

-- :CarinaGraph [svg]: the current configuration's dependency graph (see lua/carina/init.lua).
vim.api.nvim_create_user_command('CarinaGraph', function(opts)
  require('carina').graph(opts.args)
end, {
  nargs = '?',
  complete = function()
    return { 'svg' }
  end,
  desc = 'The dependency graph of the current configuration: its apply order, or svg',
})
