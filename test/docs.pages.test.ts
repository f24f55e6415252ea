/**
 * Every page a user reads — README.md, docs/*.md and each satellite's README — says what the code does, through the one
 * harness of `support/docsHarness.ts`: every TypeScript block compiles against the built packages;
 * every runnable one runs with `node` against a real API on 127.0.0.1 (the manifest of the README,
 * with the credential it needs) and prints exactly the output block under it, and the library
 * prints nothing of its own; every manifest and lock decodes; every shell command names a real npm
 * script, package or `rcp` command and flag, and every `rcp` line runs against that API (those
 * that cannot run here are named in `NOT_RUN` with the reason); every link resolves from the npm
 * page; and the README stays a five-minute read.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { execFile, execFileSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll } from "vitest"
import * as ClientModule from "../src/Client.js"
import * as Lock from "../src/Lock.js"
import * as Manifest from "../src/Manifest.js"
import { blocks, errorTags, read, root, section, tableNames } from "./support/docs.js"
import { type DocsApi, startDocsApi } from "./support/docsApi.js"
import {
  anchors,
  bareFences,
  compileBlocks,
  documentedHosts,
  kindOf,
  KINDS,
  links,
  type Origins,
  packaged,
  pageBlocks,
  pages,
  removeCompiled,
  REPOSITORY,
  RUN_DIR,
  runBlock,
  toDocumented,
  toLocal
} from "./support/docsHarness.js"

const all = pages().flatMap(pageBlocks)
const code = all.filter((block) => block.lang === "ts")
const runnable = code.filter((block) => kindOf(block) === "ts")

/** The README's manifest: what every documented API serves. */
const readmeManifest = (): string => {
  const found = blocks(read("README.md")).filter((block) => kindOf(block) === "json manifest")
  assert.strictEqual(found.length, 1)
  return found[0]!.code
}

/**
 * The `rcp` lines of the pages' shell blocks that this test does not run, and why (each other one
 * runs): a new line is run, or named here.
 */
const NOT_RUN: ReadonlyArray<readonly [RegExp, string]> = [
  [/--client-id\b/, "acts as a user signed in with rcp login in a browser; docs/credentials.md's example runs that flow"],
  [/^(?:npx @rcp-sdk\/cli|rcp) mcp\b/, "serves MCP until stopped; packages/cli/test/mcp.test.ts drives it with the MCP SDK's client"],
  [/https:\/\/example\.com\//, "no API is documented at example.com: a placeholder"]
]

const apis: Array<DocsApi> = []
/** What each API received while a block ran, by the block's id. */
const received = new Map<string, Array<{ readonly api: string; readonly line: string; readonly authorization: string | undefined }>>()
let origins: Origins = {}
let compiled = ""

beforeAll(async () => {
  for (const name of documentedHosts(code.map((block) => block.code).join("\n"))) {
    apis.push(await startDocsApi(name, readmeManifest()))
  }
  origins = Object.fromEntries(apis.map((api) => [/^https:\/\/([^.]+)/.exec(api.documented)![1]!, api.origin]))
  compiled = compileBlocks(code, origins)
  // The file the examples that read a manifest from disk read: the README's, where its API listens.
  writeFileSync(join(root, RUN_DIR, "manifest.json"), toLocal(readmeManifest(), origins))
  // The lock the pinning example reads: what `rcp lock` writes for the README's API.
  if (origins["api"] !== undefined) {
    // Asynchronously: the API answering it runs in this process.
    await promisify(execFile)(process.execPath, [
      join(root, "packages/cli/dist/bin.js"),
      "lock",
      `${origins["api"]}/rcp/manifest`,
      "--out",
      join(root, RUN_DIR, "rcp.lock.json")
    ])
  }
}, 180_000)

afterAll(async () => {
  removeCompiled()
  await Promise.all(apis.map((api) => api.close()))
})

describe("the pages' blocks", () => {
  it("every block is of a kind the harness knows, and every runnable block shows what it prints", () => {
    assert.isAtLeast(pages().length, 10)
    const unknown = all.filter((block) => !(KINDS as ReadonlyArray<string>).includes(kindOf(block)))
    assert.deepStrictEqual(unknown.map((b) => `${b.page}:${b.line} ${kindOf(b)}`), [])
    const silent = runnable.filter((block) => block.output === undefined)
    assert.deepStrictEqual(silent.map((b) => `${b.page}:${b.line}`), [], "a ```ts block is followed by its ```text output")
    const orphans = all.filter((block, i) => kindOf(block) === "text output" && (i === 0 || all[i - 1]!.output !== block.code))
    assert.deepStrictEqual(orphans.map((b) => `${b.page}:${b.line}`), [], "an output block follows the block it is the output of")
    assert.isAtLeast(runnable.length, 10)
    const bare = pages().flatMap((page) => bareFences(read(page)).map((line) => `${page}:${line}`))
    assert.deepStrictEqual(bare, [], "a block without a kind")
  })

  it("every TypeScript block compiles against the built packages", () => {
    assert.isAtLeast(code.length, 20)
    assert.strictEqual(compiled, "")
  })

  describe("every runnable block prints what its page says", () => {
    for (const block of runnable) {
      it(`${block.page}:${block.line} (${block.section})`, async () => {
        assert.notInclude(compiled, `${block.page}:${block.line}+(`, "it compiles")
        const env: Record<string, string> = { OPENAI_API_KEY: "docs-key" }
        for (const api of apis) {
          const name = /^https:\/\/([^.]+)/.exec(api.documented)![1]!
          env[`${name.toUpperCase()}_TOKEN`] = api.token
        }
        if (origins["api"] !== undefined) env["OPENAI_BASE_URL"] = `${origins["api"]}/v1`
        const before = apis.map((api) => api.requests.length)
        const run = await runBlock(block, env)
        if (process.env["RCP_DOCS_UPDATE"] === "1" && run.stderr === "" && run.code === 0) {
          // For authors: write what it printed into the page's output block (review the diff).
          const page = read(block.page)
          const printed = toDocumented(run.stdout, origins).trimEnd()
          const fenced = (text: string) => `\`\`\`text output\n${text}\n\`\`\``
          const at = page.indexOf(fenced(block.output!), page.indexOf(block.code))
          writeFileSync(join(root, block.page), `${page.slice(0, at)}${fenced(printed)}${page.slice(at + fenced(block.output!).length)}`)
        }
        assert.strictEqual(run.stderr, "", "nothing on stderr")
        assert.strictEqual(run.code, 0)
        assert.strictEqual(toDocumented(run.stdout, origins).trimEnd(), block.output!.trimEnd())
        // It really talked to the API: an example that discovers did reach it.
        received.set(
          block.id,
          apis.flatMap((api, i) =>
            api.requests.slice(before[i]).map((r) => ({
              api: api.documented,
              line: `${r.method} ${r.target}`,
              authorization: r.headers.authorization
            }))
          )
        )
        if (/\bdiscover(OpenApi)?\(|openApiToManifest\(/.test(block.code)) {
          assert.isTrue(apis.some((api, i) => api.requests.length > before[i]!), "the example reached its API")
        }
      }, 60_000)
    }
  })

  it.effect("every manifest and lock decodes, every other JSON block parses", () =>
    Effect.gen(function*() {
      const json = all.filter((block) => block.lang === "json")
      assert.isAtLeast(json.length, 3)
      for (const block of json) {
        const where = `${block.page}:${block.line}`
        const value: unknown = JSON.parse(block.code)
        if (kindOf(block) === "json manifest") {
          yield* Manifest.decode(value).pipe(Effect.mapError((error) => new Error(`${where}: ${error.message}`)))
        }
        if (kindOf(block) === "json lock") {
          yield* Lock.decode(value).pipe(Effect.mapError((error) => new Error(`${where}: ${error.message}`)))
        }
      }
      // The README's manifest is also one a publisher's lint has nothing to say about.
      assert.deepStrictEqual(Manifest.lint(yield* Manifest.decode(JSON.parse(readmeManifest()))), [])
    }))

  it("shell blocks name real npm scripts, real packages and real rcp commands and flags", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      name: string
      scripts: Record<string, string>
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
      workspaces: Array<string>
    }
    const known = new Set([
      pkg.name,
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.devDependencies),
      ...pkg.workspaces.map((ws) => (JSON.parse(read(`${ws}/package.json`)) as { name: string }).name)
    ])
    const help = new Map<string, string>()
    const helpOf = (sub: string) => {
      if (!help.has(sub)) {
        help.set(sub, execFileSync(process.execPath, [join(root, "packages/cli/dist/bin.js"), ...(sub === "" ? [] : [sub]), "--help"], {
          encoding: "utf8",
          env: { ...process.env, NO_COLOR: "1" }
        }))
      }
      return help.get(sub)!
    }
    const lines = all.filter((b) => b.lang === "sh").flatMap((b) => b.code.split("\n").map((line) => ({ b, line })))
    assert.isAtLeast(lines.length, 10)
    for (const { b, line: raw } of lines) {
      const line = raw.replace(/\s+#.*$/, "").replace(/^(\w+=\S+\s+)+/, "").trim()
      if (line === "") continue
      for (const part of line.split("&&").map((p) => p.trim())) {
        const where = `${b.page}:${b.line}: ${part}`
        const words = part.split(/\s+/)
        if (words[0] === "npm" && words[1] === "run") assert.property(pkg.scripts, words[2]!, where)
        else if (words[0] === "npm" && (words[1] === "install" || words[1] === "i")) {
          for (const name of words.slice(2).filter((w) => !w.startsWith("-"))) {
            assert.isTrue(known.has(name.replace(/(.)@.*$/, "$1")), `${where}: unknown package ${name}`)
          }
        } else if (words[0] === "npm") assert.include(["ci", "test"], words[1], where)
        else if ((words[0] === "npx" && (words[1] === "@rcp-sdk/cli" || words[1] === "rcp")) || words[0] === "rcp") {
          const args = words[0] === "rcp" ? words.slice(1) : words.slice(2)
          const sub = args[0] !== undefined && !args[0].startsWith("-") ? args[0] : ""
          const text = helpOf(sub)
          for (const flag of args.filter((w) => w.startsWith("--"))) assert.include(text, flag.replace(/=.*$/, ""), where)
        } else assert.fail(`unchecked command: ${where}`)
      }
    }
  }, 120_000)

  it("the rcp lines a reader runs, run: against the pages' API on 127.0.0.1, each exits 0", async () => {
    const run: Array<string> = []
    const skipped: Array<string> = []
    for (const b of all.filter((block) => block.lang === "sh")) {
      for (const raw of b.code.split("\n")) {
        const line = raw.replace(/\s+#.*$/, "").trim()
        const command = /^((?:\w+=\S+\s+)*)(?:npx @rcp-sdk\/cli|rcp)\s+(.*)$/.exec(line)
        if (command === null) continue
        const where = `${b.page}:${b.line}: ${line}`
        const why = NOT_RUN.find(([pattern]) => pattern.test(line))
        if (why !== undefined) {
          skipped.push(`${where} (${why[1]})`)
          continue
        }
        // `NAME=…` before the command: the credential of the API the line calls.
        const env: Record<string, string> = { NO_COLOR: "1" }
        for (const assignment of command[1]!.trim().split(/\s+/).filter((w) => w !== "")) {
          const api = apis.find((a) => line.includes(a.documented))
          assert.isDefined(api, `${where}: ${assignment} for which API?`)
          env[assignment.slice(0, assignment.indexOf("="))] = api!.token
        }
        const args = toLocal(command[2]!, origins).split(/\s+/)
        const result = await promisify(execFile)(process.execPath, [join(root, "packages/cli/dist/bin.js"), ...args], {
          cwd: join(root, RUN_DIR),
          env: { ...process.env, ...env }
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr })
        )
        assert.strictEqual(result.code, 0, `${where}\n${result.stderr}`)
        assert.notStrictEqual(result.stdout, "", `${where} printed nothing`)
        run.push(where)
      }
    }
    // What the CLI page shows is run, every command of it; what is not run says why.
    assert.isAtLeast(run.filter((where) => where.startsWith("docs/cli.md")).length, 6, run.join("\n"))
    assert.isAtLeast(skipped.length, 1)
  }, 180_000)

  it("every link works from the npm page: files in the package relative, the others absolute to the repository", () => {
    const broken: Array<string> = []
    for (const page of [...pages(), "SECURITY.md", "CHANGELOG.md"]) {
      for (const target of links(read(page))) {
        const [path, anchor] = target.split("#") as [string, string | undefined]
        if (/^https?:/.test(path)) {
          const inRepo = new RegExp(`^${REPOSITORY}/(?:blob|tree)/main/(.+)$`).exec(path)
          if (inRepo !== null && !existsSync(join(root, inRepo[1]!))) broken.push(`${page}: ${target} (no such file)`)
          continue
        }
        if (page.startsWith("packages/") && path !== "") {
          broken.push(`${page}: ${target} (a package's README links to the repository absolutely)`)
          continue
        }
        const file = path === "" ? page : normalize(join(dirname(page), path))
        if (!existsSync(join(root, file))) broken.push(`${page}: ${target} (no such file)`)
        else if (!packaged(file)) broken.push(`${page}: ${target} (not in the package: link ${REPOSITORY}/blob/main/${file})`)
        else if (anchor !== undefined && file.endsWith(".md") && !anchors(read(file)).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`)
        }
      }
    }
    assert.deepStrictEqual(broken, [])
  })

  it("no topic twice: every heading title is on one page only", () => {
    const seen = new Map<string, string>()
    const twice: Array<string> = []
    for (const page of pages()) {
      for (const m of read(page).replace(/^\s*```[\s\S]*?^\s*```/gm, "").matchAll(/^#{2,3} (.+)$/gm)) {
        const title = m[1]!.toLowerCase()
        const other = seen.get(title)
        if (other !== undefined && other !== page) twice.push(`${title}: ${other} and ${page}`)
        else if (other === undefined) seen.set(title, page)
        else twice.push(`${title}: twice in ${page}`)
      }
    }
    assert.deepStrictEqual(twice, [])
  })
})

describe("README.md", () => {
  const readme = read("README.md")

  it("is a five-minute read: at most 300 lines, with the two commands a newcomer needs", () => {
    assert.isAtMost(readme.split("\n").length, 300)
    const sh = blocks(readme).filter((block) => block.lang === "sh").map((block) => block.code.split("\n"))
    assert.isTrue(sh.some((lines) => lines.includes("npm ci && npm run demo") && lines.includes("npm test")))
    assert.include(readme, "ESM only")
    assert.include(readme, "Node ≥ 20")
  })

  it("has one install line per use: the library, the CLI and each integration", () => {
    const install = blocks(section(readme, "Install")).filter((block) => block.lang === "sh")[0]!.code
    for (const name of ["rcp-sdk", "@rcp-sdk/cli", "@rcp-sdk/openapi", "@rcp-sdk/mcp", "@rcp-sdk/effect-ai", "@rcp-sdk/ai-sdk"]) {
      assert.match(install, new RegExp(`^(npm install|npx) ${name.replace("/", "\\/")}\\b`, "m"), name)
    }
  })

  it("points at docs/protocol.md, not at a spec users do not have", () => {
    assert.include(readme, "docs/protocol.md")
    assert.notMatch(readme, /the spec\b/)
    for (const page of pages()) assert.notMatch(read(page), /\bSPEC\b/, page)
  })

  it("names no old subpath: the integrations are the @rcp-sdk/* packages", () => {
    for (const page of pages()) assert.notMatch(read(page), /(?<![@\w/-])rcp-sdk\/(openapi|mcp|ai|ai-sdk)\b/, page)
  })
})

describe("what the quick starts sent", () => {
  const sent = (section: string) => {
    const block = runnable.find((b) => b.page === "README.md" && b.section === section)
    assert.isDefined(block, section)
    const requests = received.get(block!.id)
    assert.isDefined(requests, `${section} ran`)
    return requests!
  }

  it("plain TypeScript: the manifest without the credential, u-42's profile with it, nothing for the call without a user", () => {
    assert.deepStrictEqual(sent("Quick start: plain TypeScript"), [
      { api: "https://api.example.com", line: "GET /rcp/manifest", authorization: undefined },
      { api: "https://api.example.com", line: "GET /users/u-42", authorization: "Bearer api-token" }
    ])
  })

  it("Effect: the enrollment of u-42 with the credential, nothing for the model's wrong arguments", () => {
    assert.deepStrictEqual(sent("Quick start: Effect"), [
      { api: "https://api.example.com", line: "GET /rcp/manifest", authorization: undefined },
      { api: "https://api.example.com", line: "POST /users/u-42/enrollments", authorization: "Bearer api-token" }
    ])
  })
})

describe("docs/client.md", () => {
  it("lists exactly the library's error tags", () => {
    const exported = errorTags(ClientModule)
    assert.isAtLeast(exported.length, 15)
    assert.deepStrictEqual(tableNames(section(read("docs/client.md"), "Errors")).filter((tag) => tag !== "_tag").sort(), exported)
  })
})

it("the runnable blocks exist on the pages they document", () => {
  const byPage = new Set(runnable.map((block) => block.page))
  for (const page of ["README.md", "docs/client.md", "docs/providers.md", "docs/security.md", "docs/mcp.md"]) {
    assert.isTrue(byPage.has(page), `${page} has a runnable example`)
  }
})
