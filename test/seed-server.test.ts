/**
 * The seed's server example (shared/seeds/001) run verbatim against the BUILT package (`npm test`
 * builds first; for a local run do `npm run build`): as plain `.mjs`, and as strict TypeScript
 * compiled with tsc. Both must print exactly the seed's manifest entry.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { SEED_WEATHER_TOOL } from "./support/fixtures.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")

const runNode = (file: string) => {
  const run = spawnSync(process.execPath, [file], {
    cwd: root,
    encoding: "utf8",
    timeout: 20_000,
    env: { ...process.env, NODE_OPTIONS: "" }
  })
  assert.strictEqual(run.stderr, "")
  assert.strictEqual(run.status, 0)
  return JSON.parse(run.stdout)
}

describe("the seed's defineTool example, verbatim, against the built package", () => {
  it("runs as plain .mjs and builds the seed's manifest entry", () => {
    assert.deepStrictEqual(runNode("test/mjs/seed-server.mjs"), SEED_WEATHER_TOOL)
  })

  it("compiles as strict TypeScript (t.arg typed against the zod object) and builds the same entry", () => {
    const compiled = spawnSync(process.execPath, [tsc, "-p", "test/seed-server/tsconfig.json"], {
      cwd: root,
      encoding: "utf8",
      timeout: 110_000
    })
    assert.strictEqual(compiled.status, 0, `tsc failed:\n${compiled.stdout}${compiled.stderr}`)
    assert.deepStrictEqual(runNode("test/seed-server/build/seed.js"), SEED_WEATHER_TOOL)
    // tsc loads Effect's and zod's types: tens of seconds on a busy machine.
  }, 120_000)
})

describe("rcp-sdk/server without any schema library installed", () => {
  it("never imports zod, valibot or arktype itself (every import of them blocked)", () => {
    const run = spawnSync(process.execPath, ["test/mjs/server-without-zod.mjs"], { cwd: root, encoding: "utf8", timeout: 20_000 })
    assert.strictEqual(run.stderr, "")
    assert.strictEqual(run.status, 0)
    assert.strictEqual(run.stdout.trim(), "server without zod: ok")
  })
})
