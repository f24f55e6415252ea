/**
 * The one harness every documentation page goes through (README.md and docs/*.md): what kind each
 * fenced block is, compiling all TypeScript blocks against the built packages in one program,
 * running a runnable block as a user would (`node` on its JavaScript) against the local APIs of
 * `docsApi.ts`, and checking the blocks that do not run where they can.
 *
 * The kinds, by the fence's info string:
 * - ```ts          compiled and run; the next block is ```text output, exactly what it prints
 * - ```ts compile  compiled only: a fragment, a server that keeps running, a model that needs a key
 * - ```text output what the ts block before it prints (stdout; stderr must stay empty)
 * - ```json manifest  decodes as a manifest;  ```json lock  decodes as a lock;  ```json  parses
 * - ```sh          each command names a real npm script, package or `rcp` command and its flags; each
 *                  `rcp` line runs against the local API (docs.pages.test.ts names those it cannot)
 * - ```text        text shown to the reader (a rules table, a message); checked by its page's own test
 */
import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { type Block, blocks, read, root } from "./docs.js"

/**
 * README.md, every page of docs/ (not the generated API reference below docs/api/) and the README
 * of every satellite package (its npm page).
 */
export const pages = (): Array<string> => [
  "README.md",
  ...readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md")).sort().map((file) => `docs/${file}`),
  ...readdirSync(join(root, "packages")).sort().map((dir) => `packages/${dir}/README.md`)
]

export const KINDS = ["ts", "ts compile", "text output", "text", "json", "json manifest", "json lock", "sh"] as const

export const kindOf = (block: Block): string => [block.lang, ...block.tags].join(" ")

export interface PageBlock extends Block {
  readonly page: string
  /** A file name for it: `docs_client_md-3`. */
  readonly id: string
  /** For a runnable block: what it prints. */
  readonly output?: string
}

/** The blocks of a page, each runnable one with the output block that follows it. */
export const pageBlocks = (page: string): Array<PageBlock> => {
  const all = blocks(read(page))
  const slug = page.replace(/\W/g, "_")
  return all.map((block, i) => {
    const next = all[i + 1]
    const output = kindOf(block) === "ts" && next !== undefined && kindOf(next) === "text output" ? next.code : undefined
    return { ...block, page, id: `${slug}-${i}`, ...(output === undefined ? {} : { output }) }
  })
}

/** Every `https://<name>.example.com` origin in a text. */
export const documentedHosts = (code: string): Array<string> =>
  [...new Set([...code.matchAll(/https:\/\/([a-z0-9-]+)\.example\.com/g)].map((m) => m[1]!))]

export interface Origins {
  /** name → where that API really listens. */
  readonly [name: string]: string
}

export const toLocal = (code: string, origins: Origins): string =>
  Object.entries(origins).reduce((text, [name, origin]) => text.replaceAll(`https://${name}.example.com`, origin), code)

export const toDocumented = (text: string, origins: Origins): string =>
  Object.entries(origins).reduce((out, [name, origin]) => out.replaceAll(origin, `https://${name}.example.com`), text)

export const RUN_DIR = ".docs-run"

/**
 * Compiles every TypeScript block in one program, to JavaScript beside it in `.docs-run/` inside
 * the package (so that `rcp-sdk/…` and `@rcp-sdk/…` resolve to the built packages, as in a user's
 * project). Returns the compiler's output ("" when clean).
 */
export const compileBlocks = (code: ReadonlyArray<PageBlock>, origins: Origins): string => {
  const dir = join(root, RUN_DIR)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  for (const block of code) {
    writeFileSync(join(dir, `${block.id}.ts`), `${toLocal(block.code, origins)}\nexport {}\n`)
  }
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../tsconfig.base.json",
      compilerOptions: { rootDir: ".", outDir: ".", noUnusedLocals: false, noUnusedParameters: false },
      files: code.map((block) => `${block.id}.ts`)
    })
  )
  const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" })
  // Name each error by page and line, not by the scratch file.
  let output = tsc.stdout + tsc.stderr
  for (const block of code) output = output.replaceAll(`${block.id}.ts(`, `${block.page}:${block.line}+(`)
  return output
}

export const removeCompiled = () => rmSync(join(root, RUN_DIR), { recursive: true, force: true })

/** Runs a compiled block with `node`, as a user would; resolves with what it printed and its exit code. */
export const runBlock = (block: PageBlock, env: Record<string, string>, timeoutMs = 30_000) =>
  new Promise<{ readonly stdout: string; readonly stderr: string; readonly code: number | null }>((resolve) => {
    const child = spawn(process.execPath, [join(root, RUN_DIR, `${block.id}.js`)], {
      cwd: join(root, RUN_DIR),
      env: { ...process.env, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill(), timeoutMs)
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ stdout, stderr, code })
    })
  })

/** The lines of opening fences that name no kind at all (a bare ```): every block says what it is. */
export const bareFences = (markdown: string): Array<number> => {
  const out: Array<number> = []
  let inside = false
  markdown.split("\n").forEach((line, i) => {
    if (!/^\s*```/.test(line)) return
    if (!inside && line.trim() === "```") out.push(i + 1)
    inside = !inside
  })
  return out
}

/** A `## Title` as GitHub's anchor for it. */
export const anchorOf = (title: string): string =>
  title.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, "").replace(/ /g, "-")

/** The anchors of a page's headings. */
export const anchors = (markdown: string): Set<string> => {
  const out = new Set<string>()
  let fenced = false
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = /^#{1,6} (.+)$/.exec(line)
    if (!fenced && heading !== null) out.add(anchorOf(heading[1]!))
  }
  return out
}

/** Every markdown link target of a page, outside code blocks and code spans. */
export const links = (markdown: string): Array<string> => {
  const prose = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, "").replace(/`[^`\n]*`/g, "")
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!)
}

/** The repository every link to a file outside the package points at. */
export const REPOSITORY = "https://github.com/rcp-sdk/rcp-sdk"

/** What `npm pack` ships (package.json `files`). */
export const packaged = (path: string): boolean => {
  const files = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { files: Array<string> }).files
  return files.some((entry) => path === entry || path.startsWith(`${entry}/`))
}
