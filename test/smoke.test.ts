import { FetchHttpClient } from "@effect/platform"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "../src/Client.js"
import * as Resolver from "../src/Resolver.js"
import { json, testServer } from "./support/server.js"

describe("smoke", () => {
  it.scoped("discover + execute get_profile", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") {
          return json(res, 200, {
            rcpVersion: "0.1",
            auth: { type: "header", name: "Authorization", scheme: "Bearer" },
            tools: [{
              name: "get_profile",
              description: "Get the current user's profile.",
              method: "GET",
              params: [{ name: "userId", type: "string", description: "the user's id" }],
              url: `http://127.0.0.1:${server.port}/users/{{userId}}`,
              responseMappings: { name: "@name" }
            }]
          })
        }
        if (req.path === "/redir") { res.writeHead(302, { location: "/users/zz" }); return res.end() }
        return json(res, 200, { name: "Ada", path: req.path })
      })
      const layer = Client.layer({ credential: "tok-123" }).pipe(
        Layer.provide(Resolver.layer({ userId: (ctx: { currentUserId?: string }) => ctx.currentUserId })),
        Layer.provide(FetchHttpClient.layer)
      )
      const out = yield* Effect.gen(function*() {
        const d = yield* Client.discover(server.url("/rcp/manifest"))
        console.log(Client.describeManifest(d.manifest, d.tools))
        console.log(JSON.stringify(d.tools))
        const r = yield* Client.execute({ name: "get_profile", arguments: "{}" }, { context: { currentUserId: "u 42/x" } }).pipe(Effect.either)
        console.log(r)
        const r2 = yield* Client.execute({ name: "get_profile", arguments: "{}" }, { context: { currentUserId: "u-42" } })
        const r3 = yield* Client.execute({ name: "get_profile", arguments: {} }).pipe(Effect.flip)
        const b = yield* Client.buildRequest({ name: "get_profile", arguments: {} }, { context: { currentUserId: "é ü" } })
        return [r2, r3.message, b]
      }).pipe(Effect.provide(layer))
      console.log(out, server.requests.map((r) => [r.target, r.headers.authorization]))
      assert.ok(true)
    }))
})
