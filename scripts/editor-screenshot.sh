#!/usr/bin/env bash
# Draws guide/neovim.png, the README's picture of chess-verify lsp in a
# real editor: Neovim (with the guide's configuration) opens the shared
# TWIC file at a game that goes on after a dead position, shows the
# diagnostic, and hovers the move. Neovim runs in tmux; its screen is
# turned into HTML by aha and photographed by headless Chromium.
#
# Needs (Debian): neovim tmux aha chromium fonts-dejavu-core, and the
# shared data (VERIFIED_CHESS_DATA or ../shared/data).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${VERIFIED_CHESS_DATA:-../shared/data}"
work="$(mktemp -d)"
trap 'tmux kill-session -t chess-verify-shot 2>/dev/null || true; rm -rf "$work"' EXIT

cargo build --quiet -p chess-verify
# The guide's configuration, with line numbers and no status line.
awk '/^```lua$/ {on=1; next} on && /^```$/ {exit} on' guide/editor.md > "$work/init.lua"
cat >> "$work/init.lua" <<'LUA'
vim.opt.number = true
vim.opt.laststatus = 0
vim.cmd('highlight NormalFloat ctermbg=236 ctermfg=252')
vim.cmd('highlight FloatBorder ctermbg=236 ctermfg=244')
vim.cmd('highlight SpellBad cterm=underline ctermfg=203')
vim.cmd('autocmd FileType markdown highlight! link markdownCode NormalFloat')
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, { border = 'single' })
LUA
cp "$data/twic1599_1000k.pgn" "$work/twic1599_1000k.pgn"

PATH="$PWD/target/debug:$PATH" tmux new-session -d -s chess-verify-shot -x 124 -y 32 \
    "nvim -u $work/init.lua +51 $work/twic1599_1000k.pgn"
sleep 4
tmux send-keys -t chess-verify-shot ':normal 58|' Enter
# Line 51 near the top, so that the hover opens below it.
tmux send-keys -t chess-verify-shot ':normal zt' Enter C-y C-y C-y C-y C-y C-y
sleep 1
tmux send-keys -t chess-verify-shot ':lua vim.lsp.buf.hover()' Enter
sleep 2
tmux capture-pane -t chess-verify-shot -e -p > "$work/screen.ansi"

aha --black --no-header < "$work/screen.ansi" > "$work/screen.pre"
{
    printf '<!doctype html><html><head><meta charset="utf-8"><style>'
    printf 'body{margin:0;background:#000}pre{margin:8px;font:14px/1.25 "DejaVu Sans Mono",monospace;color:#ddd}'
    printf '</style></head><body><pre>'
    cat "$work/screen.pre"
    printf '</pre></body></html>'
} > "$work/screen.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1056,592 --screenshot="$PWD/guide/neovim.png" "file://$work/screen.html" 2>/dev/null
echo "wrote guide/neovim.png"
