#!/usr/bin/env bash
# What `npm install` of this package brings into an empty project, with the peers the README's
# install line names: the packed tarball (prepack builds it) installed into a temporary folder;
# prints the size of node_modules and the number of packages. Uses the npm registry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)"
mkdir "$work/app" && cd "$work/app"
echo '{ "name": "weight", "private": true, "type": "module" }' > package.json
npm install --silent --no-audit --no-fund "$work/$tarball" "effect@^3.22" "@effect/platform@^0.97"
packages="$(npm ls --all --parseable | tail -n +2 | sort -u | wc -l)"
kib() { du -sk "$@" | awk '{ s += $1 } END { print s }'; }
echo "node_modules: $(kib node_modules) KiB, $packages packages"
echo "of which effect and @effect/platform: $(kib node_modules/effect node_modules/@effect/platform) KiB"
echo "rcp-sdk and its dependencies: $(kib node_modules/rcp-sdk node_modules/undici) KiB"
npm ls --all --depth 1
