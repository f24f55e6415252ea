// Preloaded with `node --import`: every module Node's ESM loader loads is logged on stderr as
// `LOAD <url>` (test/startup.test.ts reads which modules an import pulls in).
import { register } from "node:module"

register("./loadLogHooks.mjs", import.meta.url)
