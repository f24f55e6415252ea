/**
 * bench/house/compare.mjs, the script that prints the house's before/after table
 * (bench/RESULTS.md §The house): checked on its form, never on its figures — one pair of one row
 * with the built package on both sides prints the table with a ratio, and a folder without a
 * build stops it with the reason instead of a table. Needs the built package (`npm test` builds).
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const compare = join(root, "bench", "house", "compare.mjs")

describe("bench/house/compare.mjs", () => {
  it("prints the markdown table: one row per figure, each side's median and the A/B ratios", async () => {
    const run = await runProcess(process.execPath, [compare, root, root, "--pairs", "1", "--warmup", "0", "--only", "client"], {
      cwd: root
    })
    assert.strictEqual(run.status, 0, run.stderr)
    const rows = run.stdout.split("\n").filter((line) => line.startsWith("| import"))
    assert.strictEqual(rows.length, 1, run.stdout)
    assert.match(rows[0]!, /^\| import `rcp-sdk\/client` \| `node bench\/house\/import\.mjs DIR Client` \| \d+\.\d{3} s \| \d+\.\d{3} s \| \d+\.\d\d× \| \d+\.\d\d× \|$/)
    assert.match(run.stdout, /^A = after: .+; B = before: .+\.\n1 pairs A B after 0 warm-up pair\(s\) per row; Node v\d+/)
  }, 60_000)

  it("stops on a folder without a build, saying so, and prints no table", async () => {
    const empty = mkdtempSync(join(tmpdir(), "rcp-compare-"))
    try {
      const run = await runProcess(process.execPath, [compare, empty, root, "--pairs", "1", "--warmup", "0", "--only", "help"], {
        cwd: root
      })
      assert.notStrictEqual(run.status, 0)
      assert.include(run.stderr, `${empty}: no built rcp`)
      assert.notInclude(run.stdout, "| figure |")
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  }, 60_000)

  it("refuses arguments it does not know", async () => {
    const run = await runProcess(process.execPath, [compare, root, root, "--pair", "3"], { cwd: root })
    assert.strictEqual(run.status, 2)
    assert.match(run.stderr, /^usage: node bench\/house\/compare\.mjs BEFORE_DIR AFTER_DIR/)
  })
})
