/**
 * Reading the project's documents the way the doc tests check them: fenced code blocks with the
 * section they are in, the text of one section, the names in a table's first column, and a
 * TypeScript compile of snippets against the built package (as a user's code would see it).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const root = fileURLToPath(new URL("../..", import.meta.url))

export const read = (path: string): string => readFileSync(join(root, path), "utf8")

export interface Block {
  readonly lang: string
  /** The words after the language in the fence's info string: ```ts compile → ["compile"]. */
  readonly tags: ReadonlyArray<string>
  /** The nearest `## ` heading above the block. */
  readonly section: string
  readonly code: string
  /** The 1-based line of the opening fence. */
  readonly line: number
}

/** Every fenced block (```lang tag… … ```), in order. */
export const blocks = (markdown: string): Array<Block> => {
  const out: Array<Block> = []
  let section = ""
  const lines = markdown.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith("## ")) section = line.slice(3)
    const open = /^\s*```(\w+)((?: [\w-]+)*)$/.exec(line)
    if (open === null) continue
    const start = i + 1
    const code: Array<string> = []
    for (i++; i < lines.length && lines[i]!.trim() !== "```"; i++) code.push(lines[i]!)
    const tags = open[2]!.split(" ").filter((tag) => tag !== "")
    out.push({ lang: open[1]!, tags, section, code: code.join("\n"), line: start })
  }
  return out
}

const headingLevel = (line: string): number => /^(#+) /.exec(line)?.[1]?.length ?? 0

/** The text under the heading whose title is `title`, up to the next heading of the same or a higher level. */
export const section = (markdown: string, title: string): string => {
  const lines = markdown.split("\n")
  const start = lines.findIndex((line) => headingLevel(line) > 0 && line.replace(/^#+ /, "") === title)
  if (start === -1) throw new Error(`no heading "${title}"`)
  const level = headingLevel(lines[start]!)
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => headingLevel(line) > 0 && headingLevel(line) <= level)
  return (end === -1 ? rest : rest.slice(0, end)).join("\n")
}

/** The backticked names that open table rows: `| \`name\` | …`. */
export const tableNames = (markdown: string): Array<string> =>
  [...markdown.matchAll(/^\| `([\w.]+)` \|/gm)].map((m) => m[1]!)

/** The numbers of the numbered headings: `## 3. Execution` → "3", `### 3.4 Build` → "3.4". */
export const sectionNumbers = (markdown: string): Set<string> =>
  new Set([...markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!))

/**
 * Typechecks `files` (name → code) as modules in a scratch folder inside the package, so that
 * `rcp-sdk/…` imports resolve to the built package. Returns the compiler's output ("" when clean).
 */
export const typecheck = (folder: string, files: ReadonlyArray<{ readonly name: string; readonly code: string }>) => {
  const dir = join(root, folder)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  try {
    for (const file of files) writeFileSync(join(dir, file.name), `${file.code}\nexport {}\n`)
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        extends: "../tsconfig.base.json",
        compilerOptions: { noEmit: true, noUnusedLocals: false },
        files: files.map((file) => file.name)
      })
    )
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], {
      encoding: "utf8"
    })
    return { output: tsc.stdout + tsc.stderr, status: tsc.status }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The code of every `@example` block (```ts fenced) in a module's JSDoc. */
export const jsdocExamples = (source: string): Array<string> =>
  [...source.matchAll(/^\s*\* @example\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```$/gm)].map((m) =>
    m[1]!.split("\n").map((line) => line.replace(/^\s*\* ?/, "")).join("\n")
  )

/** The `_tag` of every error class the client exports: the errors a user can meet. */
export const errorTags = (module: Record<string, unknown>): Array<string> =>
  Object.values(module)
    .filter((value): value is { readonly _tag: string } =>
      typeof value === "function" && typeof (value as { _tag?: unknown })._tag === "string"
    )
    .map((value) => value._tag)
    .sort()

/**
 * The names a public module exports, values and types alike, read from its source (types leave
 * no trace at run time): `export const x`, `export interface X`, `export type { A, B as C }`, ….
 */
export const exportedNames = (source: string): Array<string> => {
  const names = new Set<string>()
  for (const m of source.matchAll(/^export (?:declare )?(?:const|let|function|class|interface|type) (\w+)/gm)) {
    names.add(m[1]!)
  }
  for (const m of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()!.trim()
      if (name !== "") names.add(name)
    }
  }
  return [...names].sort()
}
