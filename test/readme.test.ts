/**
 * Every code block of the README is exercised: TypeScript blocks are compiled (by section, in
 * order, against the built package), shell blocks name real npm scripts and real `rcp` commands
 * and flags, the error table lists exactly the errors the library exports, the hand-written
 * manifest decodes, and the API overview names every export.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as ClientModule from "../src/Client.js"
import * as Manifest from "../src/Manifest.js"
import { blocks as blocksOf, errorTags, exportedNames, read, root, section, tableNames, typecheck } from "./support/docs.js"

const readme = read("README.md")
const blocks = () => blocksOf(readme)

describe("README", () => {
  it("has the two commands a newcomer needs", () => {
    assert.include(readme, "npm ci && npm run demo")
    assert.include(readme, "\nnpm test\n")
  })

  it("compiles every TypeScript block against the built package", () => {
    const bySection = new Map<string, Array<string>>()
    for (const block of blocks().filter((b) => b.lang === "ts")) {
      bySection.set(block.section, [...(bySection.get(block.section) ?? []), block.code])
    }
    assert.isAtLeast(bySection.size, 3)
    const files = [...bySection.values()].map((codes, i) => {
      // One module per section: later blocks build on earlier ones; repeated imports appear once.
      const seen = new Set<string>()
      const lines = codes.join("\n").split("\n").filter((line) => {
        if (!line.startsWith("import ")) return true
        if (seen.has(line)) return false
        seen.add(line)
        return true
      })
      return { name: `section-${i}.ts`, code: lines.join("\n") }
    })
    const tsc = typecheck(".readme-check", files)
    assert.strictEqual(tsc.output, "", "README TypeScript blocks must compile")
    assert.strictEqual(tsc.status, 0)
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
        } else if (words[0] === "npx" && (words[1] === "rcp" || words[1] === "@rcp-sdk/cli")) {
          const sub = words[2]!
          const help = execFileSync(process.execPath, [join(root, "packages/cli/dist/bin.js"), sub, "--help"], {
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
    const exported = errorTags(ClientModule)
    assert.isAtLeast(exported.length, 15)
    assert.deepStrictEqual(tableNames(section(readme, "Errors")).filter((tag) => tag !== "_tag").sort(), exported)
  })

  it("the hand-written manifest decodes, and lint has no advice for it", () => {
    const manifests = blocks().filter((b) => b.lang === "json" && b.section === "A manifest")
    assert.strictEqual(manifests.length, 1)
    const manifest = Effect.runSync(Manifest.decode(JSON.parse(manifests[0]!.code)))
    assert.isAtLeast(manifest.tools.length, 3)
    assert.deepStrictEqual(Manifest.lint(manifest), [])
  })

  it("the API overview names every export of every public module", () => {
    const overview = section(readme, "API overview")
    const modules = [
      ["src/Manifest.ts", "rcp-sdk/manifest"],
      ["src/Resolver.ts", "rcp-sdk/resolver"],
      ["src/Client.ts", "rcp-sdk/client"],
      ["src/Errors.ts", "rcp-sdk/errors"],
      ["src/Providers.ts", "rcp-sdk/providers"],
      ["src/Server.ts", "rcp-sdk/server"],
      ["src/Lock.ts", "rcp-sdk/lock"],
      ["src/OAuth.ts", "rcp-sdk/oauth"],
      ["packages/ai-sdk/src/AiSdk.ts", "@rcp-sdk/ai-sdk"],
      ["packages/effect-ai/src/EffectAi.ts", "@rcp-sdk/effect-ai"],
      ["packages/mcp/src/Mcp.ts", "@rcp-sdk/mcp"]
    ] as const
    for (const [module, entry] of modules) {
      const text = section(overview, entry)
      const names = exportedNames(read(module))
      assert.isAtLeast(names.length, 3, module)
      const missing = names.filter((name) => !text.includes(`\`${name}\``))
      assert.deepStrictEqual(missing, [], `README "API overview" → ${entry} does not list these`)
    }
  })

  it("points at docs/protocol.md, not at a spec users do not have", () => {
    assert.include(readme, "docs/protocol.md")
    assert.notMatch(readme, /\bSPEC\b|the spec\b/)
  })
})
