/**
 * This package's version, as package.json states it: for `rcp --version` and the MCP bridge's
 * server info. Read once at run time, so a release never ships a stale constant.
 */
import { createRequire } from "node:module"

// By the package's own name (its exports include ./package.json): wherever the build puts this
// code (a bundle, a chunk, src/ under vitest), the package's own package.json is what resolves.
/** @internal */
export const packageVersion = (): string =>
  (createRequire(import.meta.url)("rcp-sdk/package.json") as { version: string }).version
