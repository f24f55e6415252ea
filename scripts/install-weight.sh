#!/usr/bin/env bash
# What `npm install` of each package brings into an empty project, with the peers its README's
# install line names: every package packed (the core's prepack builds them all), each installed into
# a temporary folder of its own; prints, per package, the size of node_modules, the number of
# packages, and the size of the package's own folder. Uses the npm registry for the third-party
# packages.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

tarball() { (cd "$1" && npm pack --silent --pack-destination "$work" "${@:2}" | tail -n 1); }
core="$work/$(tarball "$root")"
openapi="$work/$(tarball "$root/packages/openapi" --ignore-scripts)"
mcp="$work/$(tarball "$root/packages/mcp" --ignore-scripts)"
effect_ai="$work/$(tarball "$root/packages/effect-ai" --ignore-scripts)"
ai_sdk="$work/$(tarball "$root/packages/ai-sdk" --ignore-scripts)"
cli="$work/$(tarball "$root/packages/cli" --ignore-scripts)"
effect=("effect@^3.22" "@effect/platform@^0.97")

kib() { du -sk "$@" 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'; }

# weight NAME INSTALL…: installs into a fresh folder, prints one Markdown row.
weight() {
  local name="$1"
  shift
  local app="$work/app-${name//[@\/]/_}"
  mkdir "$app" && cd "$app"
  echo '{ "name": "weight", "private": true, "type": "module" }' > package.json
  npm install --silent --no-audit --no-fund "$@" >/dev/null
  local packages
  packages="$( (npm ls --all --parseable 2>/dev/null || true) | tail -n +2 | sort -u | wc -l)"
  echo "| \`$name\` | $(kib node_modules) KiB | $packages | $(kib "node_modules/$name") KiB |"
  cd "$root"
}

echo "| package (with its peers) | node_modules | packages | the package itself |"
echo "|---|---:|---:|---:|"
weight rcp-sdk "$core" "${effect[@]}"
weight @rcp-sdk/openapi "$core" "$openapi" "${effect[@]}"
weight @rcp-sdk/mcp "$core" "$mcp" "${effect[@]}"
weight @rcp-sdk/effect-ai "$core" "$effect_ai" "${effect[@]}" "@effect/ai@^0.37"
weight @rcp-sdk/ai-sdk "$core" "$ai_sdk" "${effect[@]}" "ai@^6"
weight @rcp-sdk/cli "$core" "$openapi" "$mcp" "$cli"
