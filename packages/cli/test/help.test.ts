/**
 * `rcp --help`, bare `rcp` and `rcp --version` are answered before the commands load
 * (src/internal/help.ts): checked on what the built `dist/bin.js` loads in a child process (the
 * loader hook of test/support/loadLog.mjs), not on timings — and the help lists exactly the
 * commands the dispatcher runs.
 */
import { assert, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { runProcess } from "../../../test/support/process.js"
import { summaries } from "../src/internal/help.js"
import { commands } from "../src/internal/main.js"

const cli = fileURLToPath(new URL("..", import.meta.url))
const loadLog = join(cli, "..", "..", "test", "support", "loadLog.mjs")

const loadedBy = async (args: ReadonlyArray<string>) => {
  const run = await runProcess(process.execPath, ["--import", loadLog, join(cli, "dist", "bin.js"), ...args], {
    env: { ...process.env, NO_COLOR: "1" }
  })
  const loaded = run.stderr.split("\n").filter((line) => line.startsWith("LOAD file:")).map((line) => line.slice(5))
  return { ...run, loaded }
}

/** What the answers without a command must not load: the command's own graph. */
const COMMAND_ONLY: ReadonlyArray<readonly [string, RegExp]> = [
  ["@effect/platform-node (runtime, file system, terminal)", /\/@effect\/platform-node(-shared)?\//],
  ["@effect/cli", /\/@effect\/cli\//],
  ["@rcp-sdk/openapi", /\/packages\/openapi\/|\/@rcp-sdk\/openapi\//],
  ["the commands (runMain's chunk)", /\/packages\/cli\/dist\/chunks\/runMain-/],
  ["effect/Schema", /\/effect\/dist\/esm\/Schema\.js$/]
]

describe("answers without a command", () => {
  for (const args of [["--help"], [], ["--version"], ["help"]]) {
    it(`rcp ${args.join(" ")} loads the core's client (its check of effect) and the help, nothing of a command`, async () => {
      const run = await loadedBy(args)
      assert.strictEqual(run.status, args.length === 0 ? 2 : 0)
      assert.isTrue(run.loaded.some((url) => /\/dist\/peers\.js$/.test(url)), "the core's check of the installed effect ran")
      for (const [name, pattern] of COMMAND_ONLY) {
        assert.deepStrictEqual(run.loaded.filter((url) => pattern.test(url)), [], name)
      }
      const ours = run.loaded.filter((url) => url.includes("/packages/cli/dist/"))
      assert.isAtMost(ours.length, 4, ours.join("\n"))
    }, 30_000)
  }

  it("a command still loads the runtime: rcp validate --help goes through the dispatcher", async () => {
    const run = await loadedBy(["validate", "--help"])
    assert.strictEqual(run.status, 0, run.stderr)
    assert.isTrue(run.loaded.some((url) => /\/packages\/cli\/dist\/chunks\/runMain-/.test(url)))
    assert.match(run.stdout, /^Usage: rcp validate /)
  }, 30_000)
})

describe("the help's list of commands", () => {
  it("is the dispatcher's, in the same order, with the same summaries", () => {
    assert.deepStrictEqual(commands.map((c) => [c.name, c.summary]), Object.entries(summaries))
  })
})
