-- What the headless plugin tests share: collected failures and the run's end.
--   local t = dofile(here .. '/harness.lua')('nvim plugin smoke test')
--   t.check(cond, msg); t.eq(got, want, msg); t.server(repo, tmp); t.notifications();
--   t.clients(); t.stop_clients(); t.finish(tmp)
return function(name)
  local failures = {}
  local t = {}
  function t.check(cond, msg)
    if not cond then
      table.insert(failures, msg)
    end
  end
  function t.eq(got, want, msg)
    t.check(vim.deep_equal(got, want), ('%s: got %s, want %s'):format(msg, vim.inspect(got), vim.inspect(want)))
  end
  -- server is $CARINA_LSP, else carina-lsp built with go from the repository into tmp.
  function t.server(repo, tmp)
    local bin = vim.env.CARINA_LSP
    if bin == nil or bin == '' then
      bin = tmp .. '/carina-lsp'
      local out = vim.fn.system({ 'go', 'build', '-C', repo, '-o', bin, './cmd/carina-lsp' })
      t.check(vim.v.shell_error == 0, 'go build: ' .. out)
    end
    return bin
  end
  -- notifications replaces vim.notify: what the plugin says goes into the list returned.
  function t.notifications()
    local messages = {}
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
    return messages
  end
  -- clients is every LSP client of this Neovim, those still initializing too, which
  -- vim.lsp.get_clients leaves out. Client ids count up from 1; a script starts a few dozen.
  function t.clients()
    local out = {}
    for id = 1, 1024 do
      local c = vim.lsp.get_client_by_id(id)
      if c then
        table.insert(out, c)
      end
    end
    return out
  end
  local stopped = {}
  -- stop_clients stops every client, those that start meanwhile too, each once (Neovim 0.7 hangs
  -- when a client is asked to stop again), and waits until they have exited: true when they have.
  -- One still initializing is stopped once it has answered: Neovim 0.10 stopping it earlier may
  -- still write "initialized" to it, and hand its id to the next start for the same root.
  function t.stop_clients()
    return vim.wait(10000, function()
      local clients = t.clients()
      for _, c in ipairs(clients) do
        if c.initialized and not stopped[c.id] then
          stopped[c.id] = true
          if vim.fn.has('nvim-0.11') == 1 then
            c:stop()
          else
            c.stop()
          end
        end
      end
      return #clients == 0
    end, 50)
  end
  -- finish stops the clients, removes tmp (when given) once they have exited, reports the
  -- failures and quits Neovim: 1 when a check failed, else 0. Neovim 0.10 quitting while a client
  -- initializes is killed by SIGPIPE: it writes "initialized" to the server it has just stopped.
  function t.finish(tmp)
    t.check(t.stop_clients(), 'the language servers did not exit within 10 s of being stopped')
    if tmp then
      vim.fn.delete(tmp, 'rf')
    end
    if #failures > 0 then
      io.stderr:write(name .. ': ' .. #failures .. ' failure(s)\n')
      for _, f in ipairs(failures) do
        io.stderr:write('  ' .. f .. '\n')
      end
      vim.cmd('cquit 1')
    else
      io.stdout:write(name .. ': ok (' .. vim.fn.matchstr(vim.fn.execute('version'), 'NVIM v[^\n]*') .. ')\n')
      vim.cmd('qall!')
    end
  end
  return t
end
