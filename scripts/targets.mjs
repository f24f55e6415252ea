// The Effect-version boundary after tsc (docs/effect4.md): src/ imports what differs between
// Effect 3 and Effect 4 as "#target/<Module>.js" (tsconfig `paths` point it at
// src/internal/target/v3 or …/v4); tsc keeps such specifiers as written, so each emitted
// .js and .d.ts gets the relative path to its own target's module here. Then it checks what the
// tree imports: no "#target/" left, and an Effect 4 tree reaching no @effect/platform,
// @effect/ai or anything of the repository's own install (`effect4`, node_modules paths).
//
//   node scripts/targets.mjs rewrite <dist dir> <v3|v4>
//
// A satellite with a boundary of its own names it "#<name>-target/X.js" (`@rcp-sdk/effect-ai`:
// "#ai-target/Ai.js", its twins under its own src/internal/target/<v3|v4>), so that the core's
// "#target/…" and its own never meet in one program; both are rewritten the same way, to the
// tree's own internal/target/<target>/.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, sep } from "node:path"

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(js|d\.ts)$/.test(name) ? [path] : []
  })

/** `"#target/X.js"` or `"#<name>-target/X.js"` in quotes, the quote and the module captured. */
const SPECIFIER = /(["'])#(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?target\/([^"']+)\1/g
// A specifier in an import, an export or an `import("…")` type.
const IMPORTED = /(?:from\s*|import\s*\(\s*|import\s*)(["'])([^"']+)\1/g
const FORBIDDEN = {
  v3: [/^effect4(\/|$)/, /node_modules/],
  v4: [/^@effect\//, /^effect4(\/|$)/, /node_modules/]
}

/** Rewrites every "#target/…" (or "#<name>-target/…") under `dist` to `dist/internal/target/<target>/…`; returns the files changed. */
export const rewrite = (dist, target) => {
  const targetDir = join(dist, "internal", "target", target)
  const problems = []
  let changed = 0
  for (const file of files(dist)) {
    const text = readFileSync(file, "utf8")
    const out = text.replace(SPECIFIER, (_, quote, module) => {
      let path = relative(dirname(file), join(targetDir, module)).split(sep).join("/")
      if (!path.startsWith(".")) path = `./${path}`
      return `${quote}${path}${quote}`
    })
    if (out !== text) {
      writeFileSync(file, out)
      changed++
    }
    // Code lines only: JSDoc examples are documentation (checked by the docs build per target).
    const code = out.split("\n").filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line)).join("\n")
    for (const [, , specifier] of code.matchAll(IMPORTED)) {
      if (specifier.startsWith("#") || FORBIDDEN[target].some((pattern) => pattern.test(specifier))) {
        problems.push(`${relative(dist, file)} imports "${specifier}"`)
      }
    }
  }
  if (problems.length > 0) throw new Error(`the ${target} build imports what it must not:\n  ${problems.join("\n  ")}`)
  return changed
}

if (process.argv[2] === "rewrite") {
  const [, , , dist, target] = process.argv
  if (target !== "v3" && target !== "v4") throw new Error("usage: node scripts/targets.mjs rewrite <dist> <v3|v4>")
  rewrite(dist, target)
}
