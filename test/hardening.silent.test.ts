/**
 * The library never writes to stdout or stderr (docs/protocol.md §2): in a child process,
 * since the test runner intercepts `console` in its own workers.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const repoRoot = fileURLToPath(new URL("..", import.meta.url))

describe("output hygiene", () => {
  it("every API — facade on both transports, Effect API under the default logger, manifest functions — prints nothing", () => {
    const run = spawnSync(process.execPath, ["test/mjs/silent.mjs"], { cwd: repoRoot, encoding: "utf8", timeout: 30_000 })
    assert.strictEqual(run.stderr, "")
    assert.strictEqual(run.stdout, "")
    assert.strictEqual(run.status, 0)
  }, 40_000)
})
