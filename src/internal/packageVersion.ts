/**
 * This package's version, as package.json states it: for `rcp --version` and the MCP bridge's
 * server info. Read once at run time, so a release never ships a stale constant.
 */
import { createRequire } from "node:module"

// dist/internal/packageVersion.js (and src/internal/packageVersion.ts) sit two levels below package.json.
/** @internal */
export const packageVersion = (): string =>
  (createRequire(import.meta.url)("../../package.json") as { version: string }).version
