-- Headless test of :CarinaConvert (Neovim 0.7 and later), with the real carina-lsp:
--   CARINA_LSP=/path/to/carina-lsp CARINA_CFN=/path/to/cfn nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/convert.lua'
-- CARINA_CFN is the folder of CloudFormation templates (../shared/cfn; without it, testdata/cfn
-- or ../shared/cfn beside the repository); without CARINA_LSP it builds carina-lsp with go.
-- e2e TestNeovimConvert runs it on each Neovim. Exits 0 when every check holds.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
local repo = vim.fn.fnamemodify(plugin, ':h:h')
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype plugin indent on')
vim.cmd('runtime! plugin/carina.lua')

local harness = dofile(here .. '/harness.lua')('nvim :CarinaConvert test')
local check, eq = harness.check, harness.eq

local tmp = vim.fn.resolve(vim.fn.tempname())
vim.fn.mkdir(tmp, 'p')
-- The root of a client for a buffer without a file is the working directory's: not the repository.
vim.cmd('cd ' .. vim.fn.fnameescape(tmp))
local bin = harness.server(repo, tmp)
local cfn = vim.env.CARINA_CFN
if cfn == nil or cfn == '' then
  for _, dir in ipairs({ repo .. '/testdata/cfn', vim.fn.fnamemodify(repo, ':h') .. '/shared/cfn' }) do
    if vim.fn.isdirectory(dir) == 1 then
      cfn = dir
      break
    end
  end
end

local messages = harness.notifications()
-- The plugin's messages come scheduled: wait for the next one, and take it.
local function next_message()
  vim.wait(5000, function()
    return #messages > 0
  end)
  local m = table.remove(messages, 1) or { msg = '' }
  return m.msg, m.level
end
local function lines(buf)
  return vim.api.nvim_buf_get_lines(buf or 0, 0, -1, false)
end
local function errors(buf, code)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if (code == nil and d.severity == vim.diagnostic.severity.ERROR) or d.code == code then
      table.insert(out, ('%d:%d %s %s'):format(d.lnum + 1, d.col + 1, tostring(d.code), d.message))
    end
  end
  return out
end
local function attached(buf)
  for _, c in ipairs(require('carina').clients()) do
    if vim.lsp.buf_is_attached(buf, c.id) then
      return true
    end
  end
  return false
end

local stop_clients = harness.stop_clients

local function run()
  require('carina').setup({ cmd = { bin } })

  -- A CloudFormation resource pasted into a configuration: the server reads it as Carina and
  -- finds syntax errors, until :'<,'>CarinaConvert replaces it with Carina.
  local conf = tmp .. '/conf'
  vim.fn.mkdir(conf .. '/.git', 'p')
  vim.fn.writefile({ '# the logs', '' }, conf .. '/main.crn')
  -- What an earlier paste made, which a later one reads (below).
  vim.fn.writefile({ 'let logs = awscc.s3.Bucket {', "  bucket_name = 'logs'", '}' }, conf .. '/logs.crn')
  vim.cmd('edit ' .. conf .. '/main.crn')
  local buf = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function()
    return attached(buf)
  end), 'no carina client attached to main.crn')
  local yaml = {
    'LogBucket:',
    '  Type: AWS::S3::Bucket',
    '  Properties:',
    '    BucketName: !Ref LogBucketName',
    '    VersioningConfiguration:',
    '      Status: Enabled',
  }
  vim.api.nvim_buf_set_lines(buf, 2, 2, false, yaml)
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { '', "let log_bucket = 'taken'" })
  local before = lines(buf)
  check(vim.wait(10000, function()
    return #errors(buf, 'syntax') > 0
  end), 'the YAML in main.crn gives no syntax diagnostic: ' .. vim.inspect(vim.diagnostic.get(buf)))

  -- The visual selection of the YAML lines, then the command over it.
  vim.cmd('normal! 3GV8G\27')
  vim.cmd("'<,'>CarinaConvert")
  local text = table.concat(lines(buf), '\n')
  eq(lines(buf)[1], '# the logs', 'the line above the range')
  eq({ unpack(lines(buf), #lines(buf) - 1) }, { '', "let log_bucket = 'taken'" }, 'the lines below the range')
  -- The buffer's URI went with the text: the configuration binds log_bucket already.
  check(text:find('let log_bucket_2 = awscc.s3.Bucket {', 1, true) ~= nil, 'the range holds Carina, named apart from the configuration: ' .. text)
  check(text:find('bucket_name', 1, true) ~= nil and text:find('VersioningConfiguration.Status.enabled', 1, true) ~= nil, 'the properties, converted: ' .. text)
  check(text:find('Type:', 1, true) == nil and text:find('provider awscc', 1, true) == nil, 'no YAML left, and no provider block (a fragment): ' .. text)
  local msg, level = next_message()
  eq(msg, 'carina: converted 1 of 1 resource; 1 note in the quickfix list (:copen)', 'the summary')
  eq(level, vim.log.levels.INFO, 'the summary level')

  -- What is left to do is in the quickfix list, at its place in the YAML.
  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  eq(qf.title, 'carina: converted from main.crn', 'the quickfix title')
  eq(#qf.items, 1, 'the left notes in the quickfix list: ' .. vim.inspect(qf.items))
  if qf.items[1] then
    local item = qf.items[1]
    eq({ item.bufnr, item.lnum, item.col }, { buf, 6, 17 }, 'the note is at !Ref LogBucketName (buffer, line, column)')
    check(item.text:find('Resources.LogBucket.Properties.BucketName: ', 1, true) == 1 and item.text:find('LogBucketName names no parameter', 1, true) ~= nil, 'the note: what, then the message: ' .. item.text)
  end

  -- The Carina text parses: the syntax errors go, and nothing is an error.
  check(vim.wait(10000, function()
    return #errors(buf, 'syntax') == 0
  end), 'syntax diagnostics after the conversion: ' .. vim.inspect(errors(buf, 'syntax')))
  vim.wait(1000) -- what the server publishes after the syntax errors are gone
  eq(errors(buf), {}, 'errors in the converted configuration')

  -- One undo brings the YAML back.
  vim.cmd('silent undo')
  eq(lines(buf), before, 'the buffer after one undo')
  vim.cmd('silent redo')
  check(table.concat(lines(buf), '\n') == text, 'redo brings the Carina text back')

  -- A text that is not CloudFormation: an error naming the place, nothing changed.
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'Resources: [' })
  local broken = lines(buf)
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  vim.cmd(#broken .. 'CarinaConvert')
  msg, level = next_message()
  eq(level, vim.log.levels.ERROR, 'a broken text: the level')
  check(msg:find('carina: :CarinaConvert: CloudFormation: 1:', 1, true) == 1, 'a broken text: the server\'s message: ' .. msg)
  check(msg:find('(line ' .. #broken .. ' of the buffer)', 1, true) ~= nil, 'a broken text: its line in the buffer: ' .. msg)
  eq(lines(buf), broken, 'a broken text: the buffer')
  eq(vim.api.nvim_buf_get_changedtick(buf), tick, 'a broken text: the buffer\'s changedtick')
  eq(vim.fn.getqflist({ title = 1 }).title, 'carina: converted from main.crn', 'a broken text: the quickfix list stays')

  -- Half typed: an unclosed quote.
  vim.api.nvim_buf_set_lines(buf, -2, -1, false, { 'Queue:', '  Type: AWS::SQS::Queue', '  Properties:', '    QueueName: "jobs' })
  broken = lines(buf)
  tick = vim.api.nvim_buf_get_changedtick(buf)
  vim.cmd(('%d,%dCarinaConvert'):format(#broken - 3, #broken))
  msg, level = next_message()
  check(level == vim.log.levels.ERROR and msg:find('CloudFormation: %d+:%d+: ') ~= nil, 'a half-typed text: ' .. msg)
  eq(vim.api.nvim_buf_get_changedtick(buf), tick, 'a half-typed text: the buffer\'s changedtick')

  -- No range in a carina buffer: what to do.
  vim.cmd('CarinaConvert')
  msg, level = next_message()
  check(level == vim.log.levels.ERROR and msg:find("'<,'>CarinaConvert", 1, true) ~= nil, 'no range in a carina buffer: ' .. msg)
  eq(vim.api.nvim_buf_get_changedtick(buf), tick, 'no range in a carina buffer: the buffer\'s changedtick')
  vim.cmd('edit!')

  -- A paste naming a resource of an earlier one (Logs, in logs.crn) reads its binding.
  vim.cmd('edit ' .. conf .. '/policy.crn')
  local pbuf = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function()
    return attached(pbuf)
  end), 'no carina client attached to policy.crn')
  vim.api.nvim_buf_set_lines(pbuf, 0, -1, false, {
    'LogsPolicy:',
    '  Type: AWS::S3::BucketPolicy',
    '  Properties:',
    '    Bucket: !Ref Logs',
    "    PolicyDocument: {Statement: [{Effect: Allow, Principal: '*', Action: 's3:GetObject', Resource: !Sub '${Logs.Arn}/*'}]}",
  })
  vim.cmd('%CarinaConvert')
  text = table.concat(lines(pbuf), '\n')
  check(text:find('\n  bucket = logs.bucket_name\n', 1, true) ~= nil and text:find('"${logs.arn}/*"', 1, true) ~= nil, 'the paste reads logs: ' .. text)
  msg = next_message()
  eq(msg, 'carina: converted 1 of 1 resource', 'the summary of the paste reading logs')
  check(vim.wait(10000, function()
    return #errors(pbuf, 'syntax') == 0
  end), 'syntax diagnostics after the paste reading logs: ' .. vim.inspect(errors(pbuf, 'syntax')))
  vim.wait(1000)
  eq(errors(pbuf), {}, 'errors after the paste reading logs')
  vim.cmd('edit! ' .. conf .. '/main.crn')

  -- A whole template file: a new carina buffer next to it, not written.
  check(cfn ~= nil, 'no CloudFormation templates (set CARINA_CFN, or put ../shared/cfn beside the repository)')
  if cfn == nil then
    return
  end
  local templates = tmp .. '/templates'
  vim.fn.mkdir(templates, 'p')
  local yaml_template = templates .. '/FindInMapAZs.yaml'
  vim.fn.writefile(vim.fn.readfile(cfn .. '/VPC/FindInMapAZs.yaml', 'b'), yaml_template, 'b')
  local source = vim.api.nvim_get_current_win()
  vim.cmd('CarinaConvert templates/FindInMapAZs.yaml') -- relative to the working directory, tmp
  local out = vim.api.nvim_get_current_buf()
  check(vim.api.nvim_get_current_win() ~= source, 'the template\'s conversion opens in a new window')
  eq(vim.api.nvim_buf_get_name(out), templates .. '/FindInMapAZs.crn', 'the new buffer\'s name')
  eq(vim.bo[out].filetype, 'carina', 'the new buffer\'s filetype')
  eq(vim.bo[out].modified, true, 'the new buffer is modified')
  eq(vim.fn.filereadable(templates .. '/FindInMapAZs.crn'), 0, 'the .crn is not written')
  text = table.concat(lines(out), '\n')
  check(text:find('\nprovider awscc {\n', 1, true) ~= nil, 'a configuration with the provider block: ' .. text:sub(1, 400))
  check(text:find('= awscc.ec2.Vpc {', 1, true) ~= nil, 'the VPC, converted')
  msg = next_message()
  check(msg:find('^carina: converted (%d+) of %1 resources; %d+ notes? in the quickfix list') ~= nil, 'the template\'s summary: ' .. msg)
  qf = vim.fn.getqflist({ title = 1, items = 1 })
  eq(qf.title, 'carina: converted from FindInMapAZs.yaml', 'the template\'s quickfix title')
  check(#qf.items > 0, 'the template\'s left notes')
  local nlines = #vim.fn.readfile(yaml_template)
  for _, item in ipairs(qf.items) do
    check(vim.api.nvim_buf_get_name(item.bufnr) == yaml_template and item.lnum >= 1 and item.lnum <= nlines and item.col >= 1, 'a note in the template: ' .. vim.inspect(item))
  end
  check(vim.wait(10000, function()
    return attached(out)
  end), 'no carina client attached to the new buffer')

  -- Again: FindInMapAZs.crn is open now, so the result goes into an unnamed carina buffer.
  vim.cmd('only')
  vim.cmd('CarinaConvert %:r.yaml') -- from FindInMapAZs.crn: the template beside it
  local again = vim.api.nvim_get_current_buf()
  check(again ~= out, 'a second conversion: another buffer')
  eq(vim.api.nvim_buf_get_name(again), '', 'a second conversion: an unnamed buffer')
  eq(vim.bo[again].filetype, 'carina', 'a second conversion: filetype')
  eq(lines(again), lines(out), 'a second conversion: the same text')
  msg = next_message()
  check(msg:find('FindInMapAZs.crn is open, so the result is in an unnamed buffer', 1, true) ~= nil, 'a second conversion: the summary says why: ' .. msg)
  check(vim.wait(10000, function()
    return attached(again)
  end), 'no carina client attached to the unnamed buffer')
  vim.cmd('only')

  -- A JSON template in its buffer, with no carina client running: one is started, attached to no
  -- buffer, and the result goes into an unnamed buffer, the .crn beside it existing already.
  check(stop_clients(), 'the clients stop')
  local json_template = templates .. '/compliant-bucket.json'
  vim.fn.writefile(vim.fn.readfile(cfn .. '/S3/compliant-bucket.json', 'b'), json_template, 'b')
  vim.fn.writefile({ 'let mine = 1' }, templates .. '/compliant-bucket.crn')
  vim.cmd('edit ' .. vim.fn.fnameescape(json_template))
  local json = vim.api.nvim_get_current_buf()
  vim.cmd('CarinaConvert')
  local result = vim.api.nvim_get_current_buf()
  check(result ~= json, 'the JSON buffer\'s conversion: a new buffer')
  eq(vim.api.nvim_buf_get_name(result), '', 'the JSON buffer\'s conversion: unnamed, compliant-bucket.crn existing')
  eq(vim.bo[result].filetype, 'carina', 'the JSON buffer\'s conversion: filetype')
  check(table.concat(lines(result), '\n'):find('awscc.s3.Bucket {', 1, true) ~= nil, 'the JSON buffer\'s conversion: the buckets')
  eq(vim.fn.readfile(templates .. '/compliant-bucket.crn'), { 'let mine = 1' }, 'the existing compliant-bucket.crn')
  msg = next_message()
  check(msg:find('compliant-bucket.crn exists, so the result is in an unnamed buffer', 1, true) ~= nil, 'the JSON buffer\'s summary: ' .. msg)
  -- The client the conversion started has the template's root (its directory: no .git above)
  -- and no buffer; the unnamed buffer's (the working directory's root) is another.
  local started
  vim.wait(5000, function()
    for _, c in ipairs(require('carina').clients()) do
      if c.config.root_dir == templates then
        started = c
      end
    end
    return started ~= nil
  end)
  check(started ~= nil, 'no client for the templates\' root: ' .. vim.inspect(vim.tbl_map(function(c)
    return c.config.root_dir
  end, require('carina').clients())))
  if started then
    eq(vim.lsp.get_buffers_by_client_id(started.id), {}, 'the buffers of the client started for the conversion')
  end
  eq(attached(json), false, 'the JSON buffer is not attached to carina-lsp')
  eq(vim.bo[json].modified, false, 'the JSON buffer is unchanged')
  vim.cmd('only')

  -- No server: a clear error.
  require('carina').setup({ cmd = { tmp .. '/no-such-carina-lsp' }, autostart = false })
  stop_clients()
  vim.cmd('buffer ' .. json)
  local nbufs = #vim.api.nvim_list_bufs()
  vim.cmd('CarinaConvert')
  msg, level = next_message()
  eq(level, vim.log.levels.ERROR, 'no server: the level')
  check(msg:find('no carina-lsp to convert with: the language server "' .. tmp .. '/no-such-carina-lsp" was not found', 1, true) ~= nil, 'no server: ' .. msg)
  eq(#vim.api.nvim_list_bufs(), nbufs, 'no server: no new buffer')
end

local ok, err = xpcall(run, debug.traceback)
check(ok, 'the script failed: ' .. tostring(err))
harness.finish(tmp)
