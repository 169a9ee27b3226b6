-- Drives Neovim's own LSP client on `chess-verify lsp` (started by the
-- guide's configuration, loaded as init.lua): open the PGN file $PGN,
-- wait for its diagnostic, hover a legal move and the illegal one, apply
-- the first quick fix,
-- wait for the diagnostics to clear. What it saw goes to $OUT, a line
-- each.
local out = {}
local function say(s) table.insert(out, s) end
local function done()
  local f = io.open(os.getenv('OUT'), 'w')
  f:write(table.concat(out, '\n') .. '\n')
  f:close()
  vim.cmd('qa!')
end

vim.cmd('edit ' .. os.getenv('PGN'))
local buf = vim.api.nvim_get_current_buf()
vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
local d = vim.diagnostic.get(buf)[1]
if d == nil then
  say('no diagnostic')
  return done()
end
say(string.format('diagnostic %d:%d-%d:%d %s', d.lnum, d.col, d.end_lnum, d.end_col,
  d.message:match('^[^\n]*')))

local client = vim.lsp.get_active_clients()[1]
-- Hover the legal move `e5` on the diagnostic's line.
local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
local e5 = line:find('e5', 1, true) - 1
local at = vim.lsp.util.make_given_range_params({ d.lnum + 1, e5 }, { d.lnum + 1, e5 }, buf,
  client.offset_encoding)
local hover = client.request_sync('textDocument/hover',
  { textDocument = at.textDocument, position = at.range.start }, 10000, buf)
say('hover ' .. ((hover and hover.result and hover.result.contents.value) or 'none'):match('^[^\n]*'))

-- Hover the illegal move itself: the error and the board it was tried in
-- (its first line, and the board's first rank).
local on = vim.lsp.util.make_given_range_params({ d.lnum + 1, d.col }, { d.lnum + 1, d.col }, buf,
  client.offset_encoding)
local wrong = client.request_sync('textDocument/hover',
  { textDocument = on.textDocument, position = on.range.start }, 10000, buf)
local text = (wrong and wrong.result and wrong.result.contents.value) or 'none'
say('hover ' .. text:match('^[^\n]*'))
say('board ' .. (text:match('\n(1 │[^\n]*)') or 'none'))

local params = vim.lsp.util.make_given_range_params({ d.lnum + 1, d.col }, { d.end_lnum + 1, d.end_col },
  buf, client.offset_encoding)
params.context = { diagnostics = {} }
local actions = client.request_sync('textDocument/codeAction', params, 10000, buf)
local action = actions and actions.result and actions.result[1]
if action == nil then
  say('no action')
  return done()
end
say('action ' .. action.title)
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
say(string.format('after %d diagnostics: %s', #vim.diagnostic.get(buf),
  vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]))
done()
