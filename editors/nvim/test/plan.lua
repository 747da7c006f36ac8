-- Headless test of :CarinaPlan (Neovim 0.7 and later), with the real carina-lsp:
--   CARINA_LSP=/path/to/carina-lsp nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/plan.lua'
-- Without CARINA_LSP it builds carina-lsp with go. Exits 0 when every check holds.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
local repo = vim.fn.fnamemodify(plugin, ':h:h')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin indent on')
vim.cmd('runtime! plugin/carina.lua')

local harness = dofile(here .. '/harness.lua')('nvim :CarinaPlan test')
local check, eq = harness.check, harness.eq

local tmp = vim.fn.resolve(vim.fn.tempname())
vim.fn.mkdir(tmp, 'p')
local bin = harness.server(repo, tmp)
harness.notifications()

-- A configuration whose VPC's create-only cidr_block differs from its state: a replacement.
local conf = tmp .. '/conf'
vim.fn.mkdir(conf, 'p')
vim.fn.writefile({
  'let vpc = awscc.ec2.Vpc {',
  "  cidr_block = '10.1.0.0/16'",
  '}',
}, conf .. '/main.crn')
vim.fn.writefile({
  '{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[',
  '{"resource_type":"ec2.Vpc","identity":"vpc","binding":"vpc","provider":"awscc","identifier":"vpc-1",'
    .. '"attributes":{"cidr_block":"10.0.0.0/16"},"explicit":{"kind":"struct","children":{"cidr_block":{"kind":"leaf"}}}}',
  ']}',
}, conf .. '/carina.state.json')
local want = vim.fn.systemlist({ bin, 'plan', conf })
eq(vim.v.shell_error, 2, 'carina-lsp plan exits 2 for a plan with changes')
check(#want > 3 and want[1] == 'Execution Plan:', 'carina-lsp plan: ' .. vim.inspect(want))

local function plan_text(buf, pattern)
  local found = vim.wait(10000, function()
    return vim.api.nvim_buf_is_valid(buf) and table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n'):find(pattern, 1, true) ~= nil
  end, 20)
  return found, vim.api.nvim_buf_is_valid(buf) and vim.api.nvim_buf_get_lines(buf, 0, -1, false) or {}
end

-- Without a client: the command's plan of the files on disk.
require('carina').setup({ cmd = { bin }, autostart = false, plan_debounce = 50 })
vim.cmd('edit ' .. conf .. '/main.crn')
local source = vim.api.nvim_get_current_win()
local src = vim.api.nvim_get_current_buf()
vim.cmd('CarinaPlan')
local buf = vim.api.nvim_get_current_buf()
check(vim.api.nvim_get_current_win() ~= source, 'the plan opens in a new window')
eq(vim.api.nvim_buf_get_lines(buf, 0, -1, false), want, 'without a client: carina-lsp plan\'s output')
eq(vim.bo[buf].buftype, 'nofile', 'buftype')
eq(vim.bo[buf].modifiable, false, 'modifiable')
eq(vim.api.nvim_buf_get_name(buf), 'carina-plan://' .. conf, 'buffer name')
vim.cmd('close')

-- With the server: its plan of the buffer as edited, which follows the edits.
vim.api.nvim_set_current_win(source)
require('carina').start(src)
local attached = vim.wait(15000, function()
  for _, c in ipairs(require('carina').clients()) do
    if c.initialized and vim.lsp.buf_is_attached(src, c.id) then
      return true
    end
  end
  return false
end, 20)
check(attached, 'the client attached')
vim.cmd('CarinaPlan')
buf = vim.api.nvim_get_current_buf()
local ok, lines = plan_text(buf, '(forces replacement)')
check(ok, 'the server\'s plan shows the replacement: ' .. vim.inspect(lines))
eq(lines, want, 'the server\'s plan is the command\'s')
vim.api.nvim_buf_set_lines(src, 1, 2, false, { "  cidr_block = '10.0.0.0/16'" })
ok, lines = plan_text(buf, 'No changes.')
check(ok, 'the plan follows the edit (unsaved): ' .. vim.inspect(lines))
vim.api.nvim_buf_set_lines(src, 1, 2, false, { "  cidr_block = '10.2.0.0/16'" })
ok, lines = plan_text(buf, '"10.2.0.0/16"')
check(ok, 'and the next one: ' .. vim.inspect(lines))

-- A plan lens runs the same view (vim.lsp.commands), on the document its argument names.
vim.cmd('close')
local again = vim.lsp.commands['carina.showPlan']({ title = '-/+ replace', command = 'carina.showPlan', arguments = { vim.uri_from_bufnr(src) } }, { bufnr = src })
check(again ~= nil and vim.api.nvim_buf_get_name(again) == 'carina-plan://' .. conf, 'the lens command opens the plan buffer')

-- A wait the apply polls: its line (a root: its target is unchanged), what reads it under it,
-- and its lens.
local waits = tmp .. '/waits'
vim.fn.mkdir(waits, 'p')
vim.fn.writefile({
  'let cert = aws.acm.Certificate {',
  "  domain_name = 'example.com'",
  '  validation_method = aws.acm.Certificate.ValidationMethod.dns',
  '}',
  '',
  'let cert_issued = wait cert {',
  '  until = cert.status == aws.acm.Certificate.Status.issued',
  '}',
  '',
  'let zone = aws.route53.HostedZone {',
  '  name = cert_issued.domain_name',
  '}',
}, waits .. '/main.crn')
-- The certificate applied and still pending: the wait has work, and the zone is new.
vim.fn.writefile({
  '{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[',
  '{"resource_type":"acm.Certificate","identity":"cert","binding":"cert","provider":"aws","identifier":"arn-1",'
    .. '"attributes":{"domain_name":"example.com","validation_method":"DNS","status":"PENDING_VALIDATION"}}',
  ']}',
}, waits .. '/carina.state.json')
local waited = vim.fn.systemlist({ bin, 'plan', waits })
check(vim.tbl_contains(waited, '  > cert_issued (until cert.status == aws.acm.Certificate.Status.issued)')
  and vim.tbl_contains(waited, '        └─ + aws.route53.HostedZone zone'),
  'carina-lsp plan shows the wait, the zone under it: ' .. vim.inspect(waited))
vim.cmd('edit ' .. waits .. '/main.crn')
local wsrc = vim.api.nvim_get_current_buf()
require('carina').start(wsrc)
check(vim.wait(15000, function()
  for _, c in ipairs(require('carina').clients()) do
    if c.initialized and vim.lsp.buf_is_attached(wsrc, c.id) then
      return true
    end
  end
  return false
end, 20), 'the client attached to the waits configuration')
local titles = {}
check(vim.wait(10000, function()
  titles = {}
  local res = vim.lsp.buf_request_sync(wsrc, 'textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(wsrc) } }, 2000) or {}
  for _, r in pairs(res) do
    for _, l in ipairs(r.result or {}) do
      if l.command then
        titles[#titles + 1] = l.command.title
      end
    end
  end
  return vim.tbl_contains(titles, '> wait until cert.status == aws.acm.Certificate.Status.issued')
end, 50), 'the wait\'s lens: ' .. vim.inspect(titles))
vim.cmd('CarinaPlan')
ok, lines = plan_text(vim.api.nvim_get_current_buf(), '> cert_issued (until')
check(ok, 'the server\'s plan shows the wait: ' .. vim.inspect(lines))
eq(lines, waited, 'the server\'s plan of the waits is the command\'s')

harness.stop_clients()
harness.finish(tmp)
