/**
 * The library never writes to stdout or stderr (docs/protocol.md §2): in a child process,
 * since the test runner intercepts `console` in its own workers. The child runs the built package by
 * name (`rcp-sdk/*`): on Effect 3 the repository's dist/ beside `@effect/platform`, on Effect 4 the
 * built Effect 4 tree (dist/v4) in an Effect 4 app folder (test/support/effect4App.ts).
 */
import { target } from "#test-target"
import { effect4App } from "./support/effect4App.js"
import { assert, describe, it } from "./support/effectVitest.js"
import { spawnSync } from "node:child_process"
import { copyFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = fileURLToPath(new URL("..", import.meta.url))

describe("output hygiene", () => {
  it("every API — facade on both transports, Effect API under the default logger, manifest functions — prints nothing", () => {
    const app = target === "effect4" ? effect4App() : undefined
    try {
      if (app !== undefined) copyFileSync(join(repoRoot, "test/mjs/silent.mjs"), join(app, "silent.mjs"))
      const run = app === undefined
        ? spawnSync(process.execPath, ["test/mjs/silent.mjs"], { cwd: repoRoot, encoding: "utf8", timeout: 30_000 })
        : spawnSync(process.execPath, ["--preserve-symlinks", "silent.mjs"], {
          cwd: app,
          encoding: "utf8",
          timeout: 30_000,
          env: { ...process.env, RCP_EFFECT: "4" }
        })
      assert.strictEqual(run.stderr, "")
      assert.strictEqual(run.stdout, "")
      assert.strictEqual(run.status, 0)
    } finally {
      if (app !== undefined) rmSync(app, { recursive: true, force: true })
    }
  }, 40_000)
})
