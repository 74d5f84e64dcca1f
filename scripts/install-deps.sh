#!/bin/sh
# Installs the workspace exactly as locked. better-sqlite3 (the demo's session
# store) falls back to building from source when its prebuilt binary cannot be
# downloaded (these machines reach only the npm registry); node-gyp then needs
# Node's headers. Point it at the ones installed beside node, when they are
# there, instead of letting it try to download them.
set -eu
if [ -z "${npm_config_nodedir:-}" ]; then
  prefix=$(dirname "$(dirname "$(command -v node)")")
  if [ -f "$prefix/include/node/node.h" ]; then
    npm_config_nodedir=$prefix
    export npm_config_nodedir
  fi
fi
exec pnpm install --frozen-lockfile "$@"
