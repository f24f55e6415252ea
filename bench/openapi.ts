/**
 * Time to import GitHub's REST API description (`@octokit/openapi`, ~13 MiB, ~1,000 operations)
 * with `@rcp-sdk/openapi`: `npm run bench:openapi`. Each round is a whole import from the file —
 * read, validate, dereference, map — in this process; the median of `BENCH_OPENAPI_ROUNDS` (default
 * 5) rounds after one warm-up. Not part of `npm test`.
 */
import { openApiToManifest } from "@rcp-sdk/openapi"
import { createRequire } from "node:module"
import * as Path from "node:path"

const require = createRequire(import.meta.url)
const spec = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
const rounds = Number(process.env.BENCH_OPENAPI_ROUNDS ?? 5)

const once = async () => {
  const started = performance.now()
  const result = await openApiToManifest(spec)
  return { ms: performance.now() - started, result }
}

const { result } = await once()
const times: Array<number> = []
for (let i = 0; i < rounds; i++) {
  times.push((await once()).ms)
  process.stderr.write(`round ${i + 1}/${rounds}: ${times[i]!.toFixed(0)} ms\n`)
}
times.sort((a, b) => a - b)
const skipped = result.warnings.filter((w) => w.skipped).length
const row = [
  "GitHub REST (api.github.com.json)",
  (times[Math.floor(times.length / 2)]! / 1000).toFixed(2),
  (times[0]! / 1000).toFixed(2),
  (times[times.length - 1]! / 1000).toFixed(2),
  String(result.manifest.tools.length),
  String(skipped),
  String(result.warnings.length - skipped)
]
process.stdout.write(
  [
    `Node ${process.version}, ${rounds} rounds after one warm-up`,
    "",
    "| spec | median s | min s | max s | tools | skipped | other warnings |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| ${row.join(" | ")} |`,
    ""
  ].join("\n")
)
