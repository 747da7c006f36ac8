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

-- :CarinaPlan: what an apply would do to the current configuration, from its local state file
-- (see lua/carina/init.lua, plan()).
vim.api.nvim_create_user_command('CarinaPlan', function()
  require('carina').plan()
end, { nargs = 0, desc = 'The plan of the current configuration against its local state file' })

-- :[range]CarinaConvert [template]: CloudFormation to Carina through the server (see
-- lua/carina/init.lua, convert()). A range in a carina buffer is replaced by the Carina text; a
-- template file, or a yaml/json buffer, is converted into a new buffer; the notes of what is left
-- to do go into the quickfix list.
vim.api.nvim_create_user_command('CarinaConvert', function(opts)
  local args = {}
  if opts.args ~= '' then
    -- %, #, ~ and $VAR as :edit expands them (%:r.yaml: the template beside the current file).
    local ok, file = pcall(vim.fn.expandcmd, opts.args)
    args.file = ok and file ~= '' and file or opts.args
  end
  if opts.range > 0 then
    args.line1, args.line2 = opts.line1, opts.line2
  end
  require('carina').convert(args)
end, {
  nargs = '?',
  range = true,
  complete = 'file',
  desc = 'Convert CloudFormation to Carina: the lines of a range, a template file or the buffer',
})
