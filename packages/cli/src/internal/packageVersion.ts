/**
 * This package's version, as its package.json states it: for `rcp --version`. Read at run time, so
 * that a release never ships a stale constant.
 */
import { createRequire } from "node:module"

/** @internal */
export const packageVersion = (): string =>
  (createRequire(import.meta.url)("@rcp-sdk/cli/package.json") as { version: string }).version
