-- Headless test of :CarinaGraph (Neovim 0.7 and later), with the real carina-lsp:
--   CARINA_LSP=/path/to/carina-lsp nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/graph.lua'
-- Without CARINA_LSP it builds carina-lsp with go. Exits 0 when every check holds.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
local repo = vim.fn.fnamemodify(plugin, ':h:h')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin indent on')
vim.cmd('runtime! plugin/carina.lua')

local harness = dofile(here .. '/harness.lua')('nvim :CarinaGraph test')
local check, eq = harness.check, harness.eq
local finish = harness.finish

local tmp = vim.fn.resolve(vim.fn.tempname())
vim.fn.mkdir(tmp, 'p')
local bin = harness.server(repo, tmp)

local messages = harness.notifications()
local function last_message()
  vim.wait(1000, function()
    return #messages > 0
  end)
  local m = messages[#messages]
  for i = #messages, 1, -1 do
    messages[i] = nil -- in place: vim.notify appends to this list
  end
  return m and m.msg or ''
end

require('carina').setup({ cmd = { bin }, autostart = false })

-- A configuration of two files, with a wait.
local conf = tmp .. '/conf'
vim.fn.mkdir(conf, 'p')
vim.fn.writefile({
  'let cert = aws.acm.Certificate {',
  "  domain_name       = 'example.com'",
  "  validation_method = 'DNS'",
  '}',
}, conf .. '/main.crn')
vim.fn.writefile({
  'let cert_issued = wait cert {',
  '  until   = cert.status == aws.acm.Certificate.Status.Issued',
  '  timeout = 75min',
  '}',
  'let cdn = awscc.cloudfront.Distribution {',
  '  distribution_config = {',
  '    viewer_certificate = { acm_certificate_arn = cert_issued.arn }',
  '  }',
  '}',
}, conf .. '/wait.crn')
local want = vim.fn.systemlist({ bin, 'graph', '-format', 'order', conf })
check(#want > 3 and want[1]:find('^# apply order') ~= nil, 'carina-lsp graph -format order: ' .. vim.inspect(want))

-- :CarinaGraph: the order in a scratch buffer in a new window; the file's window stays.
vim.cmd('edit ' .. conf .. '/wait.crn')
local source = vim.api.nvim_get_current_win()
vim.cmd('CarinaGraph')
local buf = vim.api.nvim_get_current_buf()
check(vim.api.nvim_get_current_win() ~= source, 'the graph opens in a new window')
eq(vim.api.nvim_buf_get_lines(buf, 0, -1, false), want, 'the scratch buffer holds the apply order')
eq(vim.bo[buf].buftype, 'nofile', 'buftype')
eq(vim.bo[buf].modifiable, false, 'modifiable')
check(vim.api.nvim_buf_get_name(buf):find('carina-graph://', 1, true) ~= nil, 'buffer name: ' .. vim.api.nvim_buf_get_name(buf))
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
check(text:find('+ aws.acm.Certificate.cert', 1, true) ~= nil and text:find('> cert_issued', 1, true) ~= nil, 'the order names the resource and the wait: ' .. text)
vim.cmd('close')

-- Unsaved changes: the graph says it read the files on disk.
vim.api.nvim_set_current_win(source)
vim.api.nvim_buf_set_lines(0, -1, -1, false, { 'let extra = aws.s3.Bucket {}' })
vim.cmd('CarinaGraph')
check(last_message():find('unsaved changes', 1, true) ~= nil, 'a word about unsaved changes')
vim.cmd('close')
vim.cmd('edit!')

-- :CarinaGraph svg with a viewer on PATH: the SVG is written to a temporary file and opened.
local fakebin = tmp .. '/bin'
vim.fn.mkdir(fakebin, 'p')
local opened = tmp .. '/opened'
-- Written aside and moved: the redirection creates the file before echo fills it, and the wait
-- below would see it empty.
vim.fn.writefile({ '#!/bin/sh', 'echo "$1" > ' .. opened .. '.part && mv ' .. opened .. '.part ' .. opened }, fakebin .. '/xdg-open')
vim.fn.setfperm(fakebin .. '/xdg-open', 'rwxr-xr-x')
local path = vim.env.PATH
vim.env.PATH = fakebin .. ':' .. path
local svg = require('carina').graph('svg')
check(svg ~= nil and vim.fn.filereadable(svg) == 1, 'the svg file: ' .. tostring(svg))
check(svg == nil or not vim.startswith(svg, conf), 'the svg is not written into the configuration')
local content = svg and table.concat(vim.fn.readfile(svg), '\n') or ''
check(content:find('<svg', 1, true) ~= nil and content:find('<title>cert_issued</title>', 1, true) ~= nil, 'an SVG drawing the wait')
check(vim.wait(5000, function()
  return vim.fn.filereadable(opened) == 1
end), 'xdg-open was not run')
if vim.fn.filereadable(opened) == 1 then
  eq(vim.fn.readfile(opened), { svg }, 'xdg-open got the svg')
end
check(last_message():find('opened with xdg-open', 1, true) ~= nil, 'the message names the viewer')

-- No viewer: the message says where the file is.
vim.env.PATH = tmp .. '/empty'
vim.fn.delete(opened)
vim.cmd('CarinaGraph svg')
local m = last_message()
check(m:find('the graph is in ' .. tmp, 1, true) ~= nil or m:find('the graph is in /', 1, true) ~= nil, 'the message says where: ' .. m)
check(m:find('no xdg%-open') ~= nil, 'the message says there is no viewer: ' .. m)
vim.env.PATH = path

-- Mistakes: an unknown format, a buffer without a file, a missing binary.
vim.cmd('CarinaGraph pdf')
check(last_message():find('svg, not "pdf"', 1, true) ~= nil, 'an unknown format is named')
vim.cmd('enew')
vim.cmd('CarinaGraph')
check(last_message():find('needs a buffer with a file', 1, true) ~= nil, 'a buffer without a file')
vim.cmd('edit ' .. conf .. '/main.crn')
require('carina').setup({ cmd = { tmp .. '/no-such-carina-lsp' }, autostart = false })
vim.cmd('CarinaGraph')
check(last_message():find('no%-such%-carina%-lsp" was not found') ~= nil, 'a missing binary')

finish(tmp)
