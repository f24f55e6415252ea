// A cold process's first tool call (test/startup.test.ts): import rcp-sdk/client, discover the
// manifest at argv[2], call its tool `ping`, close — then the process must exit on its own. On exit
// it prints, as JSON: the tool's data and what the model reads of it (shaped after close(): the
// result holds all it needs), the CJS modules loaded, the active resources (but the
// child's own stdio pipes) right after close() and any seen after it, and whether undici's
// process-wide dispatcher was touched.
import { createRequire } from "node:module"

const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1")
const dispatcherBefore = globalThis[GLOBAL_DISPATCHER]
const ours = () => process.getActiveResourcesInfo().filter((name) => name !== "PipeWrap" && name !== "TTYWrap")

const { createRcpClient } = await import("rcp-sdk/client")
const client = createRcpClient({ allowHttp: true })
await client.discover(process.argv[2])
const result = await client.execute({ name: "ping", arguments: {} })
await client.close()
const resourcesAfterClose = ours()

// Neither of these keeps the process alive (unref'd timers are no active resource): one notes any
// resource that appears after close() (a timer set a moment later, say); the other, should the
// process still run long after close() (seconds, where an idle process exits at once), names what
// holds it and ends it, so that the test fails with a reason rather than a timeout.
const seenAfterClose = new Set()
setInterval(() => ours().forEach((name) => seenAfterClose.add(name)), 20).unref()
setTimeout(() => {
  process.stderr.write(`still running 20 s after close(), held by: ${JSON.stringify(ours())}\n`)
  process.exit(3)
}, 20_000).unref()

process.on("exit", () => {
  process.stdout.write(JSON.stringify({
    data: result.data,
    model: result.model.text,
    cjs: Object.keys(createRequire(import.meta.url).cache),
    resourcesAfterClose,
    seenAfterClose: [...seenAfterClose],
    dispatcherUntouched: globalThis[GLOBAL_DISPATCHER] === dispatcherBefore
  }))
})
