/**
 * This package's version, as its package.json states it: the MCP server's default `version`. Read
 * at run time, so that a release never ships a stale constant.
 */
import { createRequire } from "node:module"

/** @internal */
export const packageVersion = (): string =>
  (createRequire(import.meta.url)("@rcp-sdk/mcp/package.json") as { version: string }).version
