/**
 * `npm run docgen` regenerates docs/api/ into a scratch folder and swaps it in only when every
 * package's run succeeded (scripts/swapDir.mjs): a failed run leaves the folder as it was. The swap
 * itself is tested on folders of its own; the script end to end with a docgen that fails at once
 * (a preload that throws in docgen's process only), so that the whole generation never runs here.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
// @ts-expect-error a script of the repository, plain JavaScript without declarations
import { generateInto } from "../scripts/swapDir.mjs"
import { runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))

const swap = generateInto as <A>(target: string, generate: (scratch: string) => A | Promise<A>) => Promise<A>

/** Every file under a folder with its text, by relative path. */
const tree = (dir: string, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`
      return entry.isDirectory() ? Object.entries(tree(dir, path)) : [[path, readFileSync(join(dir, path), "utf8")]]
    })
  )

const withFolder = async (f: (parent: string, target: string) => Promise<void>) => {
  const parent = mkdtempSync(join(tmpdir(), "rcp-swap-"))
  const target = join(parent, "api")
  mkdirSync(join(target, "rcp-sdk"), { recursive: true })
  writeFileSync(join(target, "index.md"), "# old index\n")
  writeFileSync(join(target, "rcp-sdk", "Client.md"), "# old client\n")
  try {
    await f(parent, target)
  } finally {
    rmSync(parent, { recursive: true, force: true })
  }
}

describe("generateInto (scripts/swapDir.mjs)", () => {
  it("a generation that succeeds replaces the folder whole: new files in, old files gone, no scratch left", () =>
    withFolder(async (parent, target) => {
      const pages = await swap(target, (scratch) => {
        assert.notStrictEqual(scratch, target)
        assert.deepStrictEqual(tree(target), { "index.md": "# old index\n", "rcp-sdk/Client.md": "# old client\n" }, "untouched while generating")
        mkdirSync(join(scratch, "mcp"))
        writeFileSync(join(scratch, "mcp", "Mcp.md"), "# new mcp\n")
        writeFileSync(join(scratch, "index.md"), "# new index\n")
        return 1
      })
      assert.strictEqual(pages, 1)
      assert.deepStrictEqual(tree(target), { "index.md": "# new index\n", "mcp/Mcp.md": "# new mcp\n" })
      assert.deepStrictEqual(readdirSync(parent), ["api"])
    }))

  it("a generation that fails half-way leaves the folder exactly as it was, and the error goes on", () =>
    withFolder(async (parent, target) => {
      const failure = await swap(target, async (scratch) => {
        writeFileSync(join(scratch, "index.md"), "# half\n")
        throw new Error("docgen: an example does not compile")
      }).then(() => undefined, (error: Error) => error)
      assert.strictEqual(failure?.message, "docgen: an example does not compile")
      assert.deepStrictEqual(tree(target), { "index.md": "# old index\n", "rcp-sdk/Client.md": "# old client\n" })
      assert.deepStrictEqual(readdirSync(parent), ["api"])
    }))

  it("a folder that does not exist yet is created", async () => {
    const parent = mkdtempSync(join(tmpdir(), "rcp-swap-"))
    try {
      await swap(join(parent, "api"), (scratch) => writeFileSync(join(scratch, "index.md"), "# first\n"))
      assert.deepStrictEqual(tree(join(parent, "api")), { "index.md": "# first\n" })
      assert.deepStrictEqual(readdirSync(parent), ["api"])
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})

describe("npm run docgen when docgen fails", () => {
  it("exits non-zero and leaves the output folder as it was", () =>
    withFolder(async (parent, target) => {
      // Preloaded into every node process of the run: it throws in docgen's own (node_modules/.bin/docgen), not in docgen.mjs.
      const failing = join(parent, "failDocgen.cjs")
      writeFileSync(failing, `if (/[\\\\/]docgen$/.test(process.argv[1] ?? "")) throw new Error("docgen broke (test)")\n`)
      const scratchOf = () => readdirSync(root).filter((name) => name.startsWith(".docgen"))
      const scratchBefore = scratchOf()
      const run = await runProcess(process.execPath, [join(root, "scripts/docgen.mjs"), "--out", target], {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: `--require ${failing}` }
      })
      assert.notStrictEqual(run.status, 0)
      assert.include(run.stderr, "docgen broke (test)")
      assert.deepStrictEqual(tree(target), { "index.md": "# old index\n", "rcp-sdk/Client.md": "# old client\n" })
      assert.deepStrictEqual(readdirSync(parent).sort(), ["api", "failDocgen.cjs"])
      assert.deepStrictEqual(scratchOf(), scratchBefore, "the run's own scratch folder is removed")
    }), 60_000)
})
