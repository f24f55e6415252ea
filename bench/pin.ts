/**
 * What pinning adds to a discovery (docs/lock.md): the time to pin a large manifest — GitHub's REST
 * API imported with `@rcp-sdk/openapi` (~1,000 tools) — next to the time to decode it, which every
 * discovery pays anyway. `npm run bench:pin`; the median of `BENCH_PIN_ROUNDS` (default 20) rounds
 * after one warm-up. Not part of `npm test`.
 */
import { openApiToManifest } from "@rcp-sdk/openapi"
import * as Effect from "effect/Effect"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Lock from "rcp-sdk/lock"
import * as Manifest from "rcp-sdk/manifest"

const require = createRequire(import.meta.url)
const spec = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
const rounds = Number(process.env.BENCH_PIN_ROUNDS ?? 20)
const url = "https://api.github.com/rcp/manifest"

const { manifest } = await openApiToManifest(spec)
const json: unknown = JSON.parse(JSON.stringify(manifest))
const bytes = JSON.stringify(manifest).length

const median = (f: () => unknown): number => {
  f()
  const times: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    f()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

const decodeMs = median(() => Effect.runSync(Manifest.decode(json)))
const pinMs = median(() => Lock.pin(url, manifest))
const lock = Lock.make([{ url, manifest }])
const diffMs = median(() => Lock.diff(lock.apis[url]!, url, manifest))
const lockBytes = Lock.format(lock).length

process.stdout.write(
  [
    `Node ${process.version}, median of ${rounds} rounds after one warm-up`,
    "",
    "| manifest | tools | manifest KiB | decode ms | pin ms | pin + compare ms | lock KiB |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| GitHub REST (imported) | ${manifest.tools.length} | ${(bytes / 1024).toFixed(0)} | ${decodeMs.toFixed(1)} | ` +
    `${pinMs.toFixed(1)} | ${diffMs.toFixed(1)} | ${(lockBytes / 1024).toFixed(0)} |`,
    ""
  ].join("\n")
)
