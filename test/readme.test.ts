/**
 * Every code block of the README is exercised: TypeScript blocks are compiled (by section, in
 * order, against the built package), shell blocks name real npm scripts and real `rcp` commands
 * and flags, and the error table lists exactly the errors the library exports.
 */
import { assert, describe, it } from "@effect/vitest"
import { execFileSync, spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import * as ClientModule from "../src/Client.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const readme = readFileSync(join(root, "README.md"), "utf8")

interface Block {
  readonly lang: string
  readonly section: string
  readonly code: string
}

const blocks = (): Array<Block> => {
  const out: Array<Block> = []
  let section = ""
  const lines = readme.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith("## ")) section = line.slice(3)
    const open = /^```(\w+)$/.exec(line)
    if (open === null) continue
    const code: Array<string> = []
    for (i++; i < lines.length && lines[i] !== "```"; i++) code.push(lines[i]!)
    out.push({ lang: open[1]!, section, code: code.join("\n") })
  }
  return out
}

describe("README", () => {
  it("has the two commands a newcomer needs", () => {
    assert.include(readme, "npm ci && npm run demo")
    assert.include(readme, "\nnpm test\n")
  })

  it("compiles every TypeScript block against the built package", () => {
    const dir = join(root, ".readme-check")
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir)
    const bySection = new Map<string, Array<string>>()
    for (const block of blocks().filter((b) => b.lang === "ts")) {
      bySection.set(block.section, [...(bySection.get(block.section) ?? []), block.code])
    }
    assert.isAtLeast(bySection.size, 3)
    const files: Array<string> = []
    for (const [, codes] of bySection) {
      // One module per section: later blocks build on earlier ones; repeated imports appear once.
      const seen = new Set<string>()
      const lines = codes.join("\n").split("\n").filter((line) => {
        if (!line.startsWith("import ")) return true
        if (seen.has(line)) return false
        seen.add(line)
        return true
      })
      const file = `section-${files.length}.ts`
      files.push(file)
      writeFileSync(join(dir, file), `${lines.join("\n")}\nexport {}\n`)
    }
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: "../tsconfig.base.json", compilerOptions: { noEmit: true, noUnusedLocals: false }, files })
    )
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" })
    assert.strictEqual(tsc.stdout + tsc.stderr, "", "README TypeScript blocks must compile")
    assert.strictEqual(tsc.status, 0)
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it("shell blocks use real npm scripts and real rcp commands and flags", () => {
    const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>
    const commands = blocks().filter((b) => b.lang === "sh").flatMap((b) => b.code.split("\n")).filter((l) => l.trim() !== "")
    assert.isAtLeast(commands.length, 6)
    for (const raw of commands) {
      const line = raw.replace(/\s+#.*$/, "").replace(/^(\w+=\S+\s+)+/, "")
      for (const part of line.split("&&").map((p) => p.trim())) {
        const words = part.split(/\s+/)
        if (words[0] === "npm") {
          if (words[1] === "run") assert.property(scripts, words[2]!, part)
          else assert.include(["ci", "test", "install"], words[1], part)
        } else if (words[0] === "npx" && words[1] === "rcp") {
          const sub = words[2]!
          const help = execFileSync(process.execPath, [join(root, "dist/bin.js"), sub, "--help"], {
            encoding: "utf8",
            env: { ...process.env, NO_COLOR: "1" }
          })
          for (const flag of words.filter((w) => w.startsWith("--"))) assert.include(help, flag, part)
        } else {
          assert.fail(`unchecked command in README: ${part}`)
        }
      }
    }
  }, 60_000)

  it("lists exactly the library's error tags", () => {
    const exported = (Object.values(ClientModule) as Array<unknown>)
      .filter((value): value is { readonly _tag: string } =>
        typeof value === "function" && typeof (value as { _tag?: unknown })._tag === "string"
      )
      .map((value) => value._tag)
      .sort()
    const table = [...readme.matchAll(/^\| `(\w+)` \| /gm)].map((m) => m[1]!).filter((tag) => tag !== "_tag").sort()
    assert.isAtLeast(exported.length, 15)
    assert.deepStrictEqual(table, exported)
  })
})
