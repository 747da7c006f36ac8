-- What the headless plugin tests share: collected failures and the run's end.
--   local t = dofile(here .. '/harness.lua')('nvim plugin smoke test')
--   t.check(cond, msg); t.eq(got, want, msg); t.server(repo, tmp); t.notifications(); t.finish()
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
  -- finish reports the failures and quits Neovim: 1 when a check failed, else 0.
  function t.finish()
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
