// What the core's bundles (scripts/bundle.mjs) and the CLI's (scripts/bundle-cli.mjs) share: the
// esbuild options of a library bundle, and the removal of tsc's JavaScript of the internal modules
// once the bundles have replaced it.
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"

/**
 * esbuild options of a library bundle: ES modules for Node 20, code two entries share split into
 * dist/chunks/, every package left an import (the packages npm installed beside the library).
 * No keepNames: it re-names every closure as it is created (an Object.defineProperty per closure
 * per call); what could lose its name — a class renamed for a clash within one bundle — is checked
 * by test/startup.test.ts, and no error class is read by its constructor's name (each is a
 * Data.TaggedError with its _tag).
 */
export const libraryBundle = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  logLevel: "warning"
}

/** Removes tsc's JavaScript (and source maps) under `dist/internal`, which nothing loads any more; the declarations stay. */
export const removeInternalJs = (dist) => {
  const internal = join(dist, "internal")
  for (const file of readdirSync(internal, { recursive: true, encoding: "utf8" })) {
    if (file.endsWith(".js") || file.endsWith(".js.map")) rmSync(join(internal, file))
  }
}
