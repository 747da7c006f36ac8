-- Filetype detection through vim.filetype (Neovim 0.8+ uses it by default; 0.7 uses
-- ftdetect/carina.vim). The language server starts only after require('carina').setup().
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { crn = 'carina' } })
end
