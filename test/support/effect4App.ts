/**
 * An application folder on Effect 4 with the built Effect 4 tree (`dist/v4`, `npm run
 * build:effect4`) installed as `rcp-sdk`: `effect` is effect@4.1.0 (the `effect4` install), every
 * other dependency the repository's own. For a child process that runs the Effect 4 line by name
 * (`rcp-sdk/client`, …) without packing it; run its scripts with `node --preserve-symlinks` so that
 * `rcp-sdk` finds this folder's `effect`, not the repository's Effect 3.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** The folder; throws if `dist/v4` was not built. */
export const effect4App = (): string => {
  const built = join(root, "dist", "v4")
  if (!existsSync(join(built, "Client.js"))) throw new Error("dist/v4 is not built: npm run build:effect4")
  const app = mkdtempSync(join(tmpdir(), "rcp-effect4-app-"))
  const modules = join(app, "node_modules")
  mkdirSync(join(modules, "rcp-sdk"), { recursive: true })
  const skip = new Set(["effect", "effect4", "@effect", "rcp-sdk", "@rcp-sdk", ".bin"])
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (!skip.has(name) && !name.startsWith(".")) symlinkSync(join(root, "node_modules", name), join(modules, name))
  }
  symlinkSync(join(root, "node_modules", "effect4"), join(modules, "effect"), "dir")
  symlinkSync(built, join(modules, "rcp-sdk", "dist"), "dir")
  const { exports, version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    readonly version: string
    readonly exports: Record<string, string | { readonly import?: string }>
  }
  const entries = Object.fromEntries(
    Object.entries(exports).flatMap(([path, target]) => typeof target === "object" && target.import !== undefined ? [[path, { import: target.import }]] : [])
  )
  writeFileSync(join(modules, "rcp-sdk", "package.json"), JSON.stringify({ name: "rcp-sdk", type: "module", version, exports: entries }))
  return app
}
