/**
 * The library's own CPU per `execute`, with a transport that answers at once (no network, no
 * server): what rcp-sdk adds to a call, measured as process CPU time, so load from other jobs on
 * the machine changes it little. `node bench/build/cpu.js [calls]` (after `npm run bench` built
 * it); run it under `node --cpu-prof` to see where that CPU goes.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Resolver from "rcp-sdk/resolver"
import type * as Client from "../dist/Client.js"
import type * as Transport from "../dist/internal/transport/rules.js"
import { argsOf, item, rcpManifest, TOKEN } from "./common.js"

// Internal (not an export of the package, which ships bundles only): loaded from the bench's own
// compile of src/ (bench/tsconfig.core.json → bench/build/core/); typed by the package's declarations.
const InternalClient: typeof import("../dist/internal/client/client.js") = await import(
  new URL("./core/internal/client/client.js", import.meta.url).href
)
const calls = Number(process.argv[2] ?? 50_000)
const body = new TextEncoder().encode(JSON.stringify(item("item-1", "en")))
const transport: Transport.Transport = {
  send: (request, options) =>
    Effect.sync(() => {
      const out = options.credential.apply(request)
      if (out.headers["authorization"] !== `Bearer ${TOKEN}`) throw new Error("the credential was not attached")
      return { status: 200, headers: { "content-type": "application/json", "content-length": String(body.length) }, body, url: out.url }
    })
}
class Service extends Context.Tag("bench/cpu/Service")<Service, Client.Service>() {}
const runtime = ManagedRuntime.make(
  Layer.scoped(Service, InternalClient.makeWith({ credential: TOKEN }, transport)).pipe(Layer.provide(Resolver.layerEmpty))
)
const client = await runtime.runPromise(Service)
await runtime.runPromise(client.register(rcpManifest("http://127.0.0.1:9", 1), { url: "http://127.0.0.1:9/rcp" }))
const block = (n: number) =>
  runtime.runPromise(Effect.gen(function*() {
    for (let i = 0; i < n; i++) {
      const result = yield* client.execute({ name: "get_item", arguments: argsOf(i) })
      if ((result.data as { price?: unknown }).price !== 12.5) throw new Error("unexpected result")
    }
  }))
await block(calls / 4)
const perCall: Array<number> = []
for (let k = 0; k < 5; k++) {
  const start = process.cpuUsage()
  await block(calls)
  const used = process.cpuUsage(start)
  perCall.push((used.user + used.system) / calls)
}
perCall.sort((a, b) => a - b)
await runtime.dispose()
process.stdout.write(`CPU per execute, µs (5 blocks of ${calls}): min ${perCall[0]!.toFixed(2)}, median ${perCall[2]!.toFixed(2)}\n`)
