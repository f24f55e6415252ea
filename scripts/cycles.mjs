#!/usr/bin/env node
/**
 * The import graph of `src/` and its cycles. Every import counts — type-only ones too, since a type
 * cycle between internal modules is still two modules that cannot be read one after the other —
 * except a type-only import of a public module (`src/X.ts`): internal modules import the public
 * models that way (as @effect/platform's `internal/httpClient.ts` imports `HttpClient.ts`).
 *
 *   node scripts/cycles.mjs          prints each cycle, exits 1 if there is one
 *   node scripts/cycles.mjs --json   prints { edges, typeEdges, cycles } as JSON: `typeEdges` are the
 *                                    type-only imports of public modules left out of `edges`
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "src")

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : []
  )

// `import x, { a } from "…"`, `import * as x from "…"`, `export { a } from "…"`, `export * from "…"`; the
// clause is matched by shape, so a statement can never swallow the next one.
const CLAUSE = String.raw`(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?)`
const STATEMENT = new RegExp(String.raw`^(import|export)\s+(type\s+)?${CLAUSE}\s*from\s*"([^"]+)"`, "gm")
const SIDE_EFFECT = /^import\s+"([^"]+)"/gm

const name = (file) => relative(root, file).replaceAll("\\", "/")

/**
 * Edges between modules of `src/`, by path relative to it; with `typeEdges`, the type-only imports
 * of public modules too (kept apart: they are no cycle, but a leaf must have none).
 */
export const importGraph = (typeEdges = {}) => {
  const edges = {}
  for (const file of files(root)) {
    const source = readFileSync(file, "utf8")
    const targets = new Set()
    const typeTargets = new Set()
    const add = (specifier, typeOnly) => {
      // The Effect-version boundary (docs/effect4.md): a module importing "#target/X.js" depends on
      // both twins, internal/target/v3/X.ts and internal/target/v4/X.ts.
      if (specifier.startsWith("#target/")) {
        const module = specifier.slice("#target/".length).replace(/\.js$/, ".ts")
        for (const target of ["v3", "v4"]) targets.add(`internal/target/${target}/${module}`)
        return
      }
      if (!specifier.startsWith(".")) return
      const target = name(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")))
      const isPublic = !target.includes("/")
      if (typeOnly && isPublic) typeTargets.add(target)
      else targets.add(target)
    }
    for (const match of source.matchAll(STATEMENT)) add(match[3], match[2] !== undefined)
    for (const match of source.matchAll(SIDE_EFFECT)) add(match[1], false)
    edges[name(file)] = [...targets].sort()
    typeEdges[name(file)] = [...typeTargets].filter((target) => !targets.has(target)).sort()
  }
  return edges
}

/** Every strongly connected component of more than one module (or a module importing itself). */
export const cycles = (edges) => {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const out = []
  const visit = (node) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of edges[node] ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)))
    }
    if (low.get(node) !== index.get(node)) return
    const component = []
    for (let member; member !== node;) {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    }
    if (component.length > 1 || (edges[node] ?? []).includes(node)) out.push(component.sort())
  }
  for (const node of Object.keys(edges)) if (!index.has(node)) visit(node)
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const typeEdges = {}
  const edges = importGraph(typeEdges)
  const found = cycles(edges)
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ edges, typeEdges, cycles: found })}\n`)
  } else {
    for (const cycle of found) process.stdout.write(`cycle: ${cycle.join(" ↔ ")}\n`)
    if (found.length === 0) process.stdout.write(`no import cycle among ${Object.keys(edges).length} modules\n`)
  }
  process.exitCode = found.length === 0 ? 0 : 1
}
