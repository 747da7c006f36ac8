-- :checkhealth carina — the server binary, its version, the clients and the buffers they serve.
local M = {}

-- vim.health (0.9: report_*, 0.10+: start/ok/...) or the health module of Neovim 0.7 and 0.8.
local function reporter()
  local h = vim.health or require('health')
  return {
    start = h.start or h.report_start,
    ok = h.ok or h.report_ok,
    info = h.info or h.report_info,
    warn = h.warn or h.report_warn,
    error = h.error or h.report_error,
  }
end

local function buffers_of(client)
  local out = {}
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.lsp.buf_is_attached(buf, client.id) then
      table.insert(out, buf)
    end
  end
  return out
end

function M.check()
  local r = reporter()
  local carina = require('carina')
  r.start('carina')
  local v = vim.version()
  r.info(('Neovim %d.%d.%d'):format(v.major, v.minor, v.patch))
  if carina.did_setup then
    r.ok("require('carina').setup() was called" .. (carina.config.autostart and ' (autostart)' or ' (autostart off)'))
  else
    r.warn("require('carina').setup() was not called: no server starts for carina buffers", {
      "Call require('carina').setup() in your init.lua (see editors/nvim/README.md)",
    })
  end

  r.start('carina-lsp')
  local exe = carina.executable()
  local path = exe and vim.fn.exepath(exe) or ''
  if path == '' then
    r.error(('the language server %s was not found or is not executable'):format(vim.inspect(exe)), {
      'Install it: go install github.com/carina-rs/carina-lsp/cmd/carina-lsp@latest (and put $(go env GOPATH)/bin on PATH)',
      "or set its path: require('carina').setup({ cmd = { '/path/to/carina-lsp' } })",
    })
  else
    r.ok('found: ' .. path)
    local out = vim.fn.system({ path, 'version' })
    if vim.v.shell_error == 0 then
      r.ok('version: ' .. vim.trim(out))
    else
      r.warn(('%s version failed (exit %d): %s'):format(path, vim.v.shell_error, vim.trim(out)), {
        'An old carina-lsp without the version command: install the current one',
      })
    end
  end

  r.start('clients')
  local clients = carina.clients()
  if #clients == 0 then
    r.info('no carina client is running (open a *.crn file)')
  end
  for _, client in ipairs(clients) do
    local root = client.config.root_dir or '(none)'
    local names = {}
    for _, buf in ipairs(buffers_of(client)) do
      local name = vim.api.nvim_buf_get_name(buf)
      local want = carina.root_dir(name)
      local note = want == client.config.root_dir and '' or (' (its root would be %s)'):format(want)
      table.insert(names, vim.fn.fnamemodify(name, ':~:.') .. note)
    end
    local info = carina.server_info[client.id]
    local server = info and (info.name .. ' ' .. (info.version or '')) or 'no serverInfo yet'
    r.ok(('client %d (%s), root %s, attached to %d buffer(s)%s'):format(
      client.id, server, root, #names, #names > 0 and (': ' .. table.concat(names, ', ')) or ''))
  end
  local unattached = {}
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'carina' then
      local attached = false
      for _, client in ipairs(clients) do
        attached = attached or vim.lsp.buf_is_attached(buf, client.id)
      end
      if not attached then
        table.insert(unattached, vim.api.nvim_buf_get_name(buf))
      end
    end
  end
  if #unattached > 0 then
    r.warn('carina buffers without a client: ' .. table.concat(unattached, ', '), {
      'Check the messages above; :CarinaRestart starts the servers again',
    })
  end
end

return M
