/**
 * The library never writes to stdout or stderr (docs/protocol.md §2): in a child process,
 * since the test runner intercepts `console` in its own workers. The child runs the built Effect 3
 * package (dist/, `rcp-sdk/*` by name beside `@effect/platform`): once, in the Effect 3 run
 * (docs/effect4.md §Tests).
 */
import { target } from "#test-target"
import { assert, describe, it } from "./support/effectVitest.js"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const repoRoot = fileURLToPath(new URL("..", import.meta.url))

describe("output hygiene", () => {
  it.skipIf(target !== "effect3")("every API — facade on both transports, Effect API under the default logger, manifest functions — prints nothing", () => {
    const run = spawnSync(process.execPath, ["test/mjs/silent.mjs"], { cwd: repoRoot, encoding: "utf8", timeout: 30_000 })
    assert.strictEqual(run.stderr, "")
    assert.strictEqual(run.stdout, "")
    assert.strictEqual(run.status, 0)
  }, 40_000)
})
