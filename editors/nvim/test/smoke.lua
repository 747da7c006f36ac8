-- Headless smoke test of the Neovim plugin (Neovim 0.7 and later):
--   nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/smoke.lua'
-- Uses editors/testdata/fake_lsp.js (needs node) as the server. Exits 0 when every check holds.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')
vim.cmd('runtime! plugin/carina.lua')

local harness = dofile(here .. '/harness.lua')('nvim plugin smoke test')
local check, eq = harness.check, harness.eq

local tmp = vim.fn.resolve(vim.fn.tempname())
local root = tmp .. '/repo'
local conf = root .. '/envs/prod'
local loose = tmp .. '/loose/net'
vim.fn.mkdir(root .. '/.git', 'p')
vim.fn.mkdir(conf, 'p')
vim.fn.mkdir(loose, 'p')
vim.fn.mkdir(tmp .. '/marked/.carina', 'p')
vim.fn.mkdir(tmp .. '/marked/a/b', 'p')
local main = conf .. '/main.crn'
vim.fn.writefile({
  'let cert_issued = wait cert {',
  '  until   = cert.status == aws.acm.Certificate.Status.Issued',
  '  timeout = 75min',
  '}',
}, main)
vim.fn.writefile({ 'let x = 1' }, conf .. '/wait.crn')
vim.fn.writefile({ 'let y = 2' }, loose .. '/main.crn')

local carina = require('carina')

-- Root detection.
eq(carina.root_dir(main), root, 'root of a file under .git')
eq(carina.root_dir(conf), root, 'root of a directory under .git')
eq(carina.root_dir(loose .. '/main.crn'), loose, 'root of a file with no marker: its directory')
eq(carina.root_dir(tmp .. '/marked/a/b/x.crn'), tmp .. '/marked', 'root under .carina')

-- Missing server: a message, no client.
local messages = {}
vim.notify = function(msg)
  table.insert(messages, msg)
end
carina.setup({ cmd = { tmp .. '/no-such-carina-lsp' } })
vim.cmd('edit ' .. main)
eq(vim.bo.filetype, 'carina', 'filetype of *.crn')
eq(vim.bo.commentstring, '# %s', 'commentstring')
local function syn(line, col)
  return vim.fn.synIDattr(vim.fn.synID(line, col, 1), 'name')
end
eq(syn(1, 19), 'carinaWait', 'wait is a keyword')
eq(syn(2, 3), 'carinaKeyword', 'until is a keyword')
eq(syn(3, 13), 'carinaDuration', '75min is a duration')
-- Each wait ends at its event; the minute only guards against a hang on a busy machine.
vim.wait(60000, function()
  return #messages > 0
end)
check(#messages == 1 and messages[1]:find('no%-such%-carina%-lsp') ~= nil, 'missing server message: ' .. vim.inspect(messages))
eq(#carina.clients(), 0, 'no client for a missing server')
local function health()
  vim.cmd('silent checkhealth carina')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.cmd('tabclose')
  return report
end
local report = health()
check(report:find('no%-such%-carina%-lsp" was not found') ~= nil, 'checkhealth names the missing server: ' .. report)
check(report:find('setup%(%) was called') ~= nil, 'checkhealth sees setup(): ' .. report)
vim.cmd('bwipeout!')

-- A working (fake) server.
local log = tmp .. '/lsp.log'
carina.setup({
  cmd = { 'node', vim.fn.fnamemodify(plugin, ':h') .. '/testdata/fake_lsp.js', log, '--extra' },
  schemas = { '/schemas/aws.json' },
})
vim.cmd('edit ' .. main)
local function logged()
  if vim.fn.filereadable(log) == 0 then
    return {}
  end
  local out = {}
  for _, l in ipairs(vim.fn.readfile(log)) do
    table.insert(out, vim.fn.json_decode(l))
  end
  return out
end
local function find(method, n)
  local seen = 0
  for _, m in ipairs(logged()) do
    if m.method == method then
      seen = seen + 1
      if seen == (n or 1) then
        return m
      end
    end
  end
end
check(vim.wait(60000, function()
  return find('textDocument/didOpen') ~= nil
end), 'no didOpen reached the server: ' .. vim.inspect(logged()))
local init = find('initialize')
check(init ~= nil, 'no initialize')
if init then
  eq(init.params.initializationOptions, { schemas = { '/schemas/aws.json' }, inlayHints = { types = false } }, 'initializationOptions')
  eq(init.params.rootUri, vim.uri_from_fname(root), 'rootUri')
  eq(init.args, { '--extra' }, 'server arguments')
end
local open = find('textDocument/didOpen')
if open then
  eq(open.params.textDocument.languageId, 'carina', 'languageId')
  eq(open.params.textDocument.uri, vim.uri_from_fname(main), 'didOpen uri')
end
check(vim.wait(60000, function()
  return find('workspace/didChangeConfiguration') ~= nil
end), 'no workspace/didChangeConfiguration after initialize')
local dcc = find('workspace/didChangeConfiguration')
if dcc then
  eq(dcc.params.settings, { carina = { schemas = { '/schemas/aws.json' }, inlayHints = { types = false } } }, 'settings')
end

-- A second file of the same root reuses the client; a file elsewhere gets its own.
vim.cmd('edit ' .. conf .. '/wait.crn')
vim.wait(60000, function()
  return find('textDocument/didOpen', 2) ~= nil
end)
eq(#carina.clients(), 1, 'one client per root')
vim.cmd('edit ' .. loose .. '/main.crn')
vim.wait(60000, function()
  return #carina.clients() == 2 and find('initialize', 2) ~= nil
end)
eq(#carina.clients(), 2, 'a second root gets a second client')

-- On attach, 'omnifunc' is the LSP's (Neovim 0.8+ sets it by itself, 0.7 does not).
for _, f in ipairs({ main, conf .. '/wait.crn', loose .. '/main.crn' }) do
  eq(vim.bo[vim.fn.bufnr(f)].omnifunc, 'v:lua.vim.lsp.omnifunc', 'omnifunc of ' .. f)
end

-- The stand-in server offers no code lenses: the plugin sets no refresh autocommands.
local ok_au, lens_au = pcall(vim.api.nvim_get_autocmds, { group = 'carina_codelens' })
eq(ok_au and #lens_au or 0, 0, 'code lens autocommands for a server without code lenses')

-- :checkhealth carina: the executable, the clients with their roots and buffers.
report = health()
check(report:find('found: ' .. vim.fn.exepath('node'), 1, true) ~= nil, 'checkhealth names the executable: ' .. report)
check(select(2, report:gsub('client %d+ %(fake%-carina%-lsp', '')) == 2, 'checkhealth lists both clients: ' .. report)
check(report:find('root ' .. root .. ', attached to 2 buffer(s)', 1, true) ~= nil, 'checkhealth: the repo root with its two buffers: ' .. report)
check(report:find('root ' .. loose .. ', attached to 1 buffer(s)', 1, true) ~= nil, 'checkhealth: the loose root: ' .. report)
check(report:find('without a client') == nil, 'checkhealth: every carina buffer has a client: ' .. report)

-- Schema changes reach the running servers.
carina.set_schemas({ '/schemas/other.json' })
vim.wait(60000, function()
  local m = find('workspace/didChangeConfiguration', 3)
  return m ~= nil
end)
local last
for _, m in ipairs(logged()) do
  if m.method == 'workspace/didChangeConfiguration' then
    last = m
  end
end
eq(last and last.params.settings, { carina = { schemas = { '/schemas/other.json' }, inlayHints = { types = false } } }, 'set_schemas')

harness.finish(tmp)
