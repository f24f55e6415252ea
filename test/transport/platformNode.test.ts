/**
 * The send rules of `execute.test.ts` over other `HttpClient` implementations: @effect/platform-node's
 * node:http and undici clients (the SDK follows same-origin redirects itself and refuses
 * cross-origin ones; a timeout closes the socket). Effect 3 only: @effect/platform-node 4 needs
 * Node >= 22.19 (docs/effect4.md §Tests), so the Effect 4 run has no such clients to try.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import {
  bearer,
  clientLayerOver,
  CREDENTIAL_SECRET,
  eventually,
  POST_BODY as BODY,
  postTool,
  registerAt
} from "../support/execute.js"
import { json, redirect, testServer } from "../support/server.js"
import { watchUnhandledErrors } from "../support/transports.js"

describe("execute: over other HttpClient implementations", () => {
  const clients: ReadonlyArray<readonly [string, Layer.Layer<HttpClient.HttpClient>]> = [
    ["NodeHttpClient (node:http)", NodeHttpClient.layer],
    ["NodeHttpClient (undici)", NodeHttpClient.layerUndici]
  ]
  for (const [label, httpClient] of clients) {
    it.scoped(`${label}: the SDK follows same-origin redirects itself and refuses cross-origin ones`, () =>
      Effect.gen(function*() {
        const other = yield* testServer((_req, res) => json(res, 200, { stolen: true }))
        const server = yield* testServer((req, res) =>
          req.path === "/start"
            ? redirect(res, 307, "/next")
            : req.path === "/next"
            ? redirect(res, 302, other.url("/collect"))
            : json(res, 200, {})
        )
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [postTool(server.origin)], bearer)
          return yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } }))
        }).pipe(Effect.provide(clientLayerOver(httpClient, { credential: CREDENTIAL_SECRET })))
        assert.strictEqual(error._tag, "RedirectRefused")
        assert.deepStrictEqual(server.requests.map((r) => [r.method, r.path, r.body]), [
          ["POST", "/start", BODY],
          ["POST", "/next", BODY]
        ])
        assert.strictEqual(server.requests[1]?.headers.authorization, `Bearer ${CREDENTIAL_SECRET}`)
        assert.strictEqual(other.requests.length, 0)
      }))

    it.scopedLive(`${label}: a timeout closes the socket`, () =>
      Effect.gen(function*() {
        const server = yield* testServer(() => undefined)
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "hang", url: server.url("/hang") }])
          return yield* Effect.flip(Client.execute({ name: "hang" }, { timeout: "200 millis" }))
        }).pipe(Effect.provide(clientLayerOver(httpClient)))
        assert.strictEqual(error._tag, "Timeout")
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
      }))
  }
})

watchUnhandledErrors()
