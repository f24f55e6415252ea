// A cold process's first tool call (test/startup.test.ts): import rcp-sdk/client, discover the
// manifest at argv[2], call its tool `ping`, close. On exit it prints, as JSON: the tool's data and
// what the model reads of it (shaped after close(): the result holds all it needs),
// the CJS modules loaded, the active resources right after close() but the child's own stdio
// pipes, how long the process took to exit after close(), and whether undici's process-wide
// dispatcher was touched.
import { createRequire } from "node:module"

const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1")
const dispatcherBefore = globalThis[GLOBAL_DISPATCHER]
const { createRcpClient } = await import("rcp-sdk/client")
const client = createRcpClient({ allowHttp: true })
await client.discover(process.argv[2])
const result = await client.execute({ name: "ping", arguments: {} })
await client.close()
const closedAt = performance.now()
const resourcesAfterClose = process.getActiveResourcesInfo().filter((name) => name !== "PipeWrap" && name !== "TTYWrap")
process.on("exit", () => {
  process.stdout.write(JSON.stringify({
    data: result.data,
    model: result.model.text,
    cjs: Object.keys(createRequire(import.meta.url).cache),
    resourcesAfterClose,
    exitAfterCloseMs: performance.now() - closedAt,
    dispatcherUntouched: globalThis[GLOBAL_DISPATCHER] === dispatcherBefore
  }))
})
