/**
 * What `rcp-sdk/server` needs of its Effect's HTTP server (docs/effect4.md §HTTP and AI): a JSON
 * response, a `GET` route as a layer of the Layer-based router, the address the server listens on,
 * and the value router's `route`. Effect 3 here (`@effect/platform`); `../v4/ServerHttp.ts` is the
 * twin (`effect/http`), where the value router has no counterpart.
 */
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import type * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"

/** @internal */
export type Response = HttpServerResponse.HttpServerResponse

/** The Layer-based router (`HttpLayerRouter.HttpRouter`). @internal */
export type Router = HttpLayerRouter.HttpRouter

/** @internal */
export type Server = HttpServer.HttpServer

/** @internal */
export type PathInput = HttpLayerRouter.PathInput

/** `body` as `application/json`, serialized now. @internal */
export const json = (body: unknown): Response => HttpServerResponse.unsafeJson(body)

/** `GET path` answering with what `response` gives, added to the Layer-based router when the layer is built. @internal */
export const getLayer = <E, R>(
  path: PathInput,
  response: Effect.Effect<Response, E, R>
): Layer.Layer<never, E, Router | Exclude<R, Scope.Scope>> =>
  HttpLayerRouter.addAll(Effect.map(response, (built) => [HttpLayerRouter.route("GET", path, built)]))

/** The host and port the current server listens on; a Unix socket is a defect. @internal */
export const listening: Effect.Effect<{ readonly hostname: string; readonly port: number }, never, Server> =
  Effect.flatMap(HttpServer.HttpServer, ({ address }) =>
    address._tag === "UnixAddress"
      ? Effect.dieMessage("Server.origin: the server listens on a Unix socket")
      : Effect.succeed({ hostname: address.hostname, port: address.port }))

/** `Server.route`'s type: the value router's combinator, serving an `M`. @internal */
export type Route<M> = {
  (path: HttpRouter.PathInput, manifest: M): <E, R>(self: HttpRouter.HttpRouter<E, R>) => HttpRouter.HttpRouter<E, R>
  <E, R>(self: HttpRouter.HttpRouter<E, R>, path: HttpRouter.PathInput, manifest: M): HttpRouter.HttpRouter<E, R>
}

/** `GET path` on a value router, answering with `response(manifest)`. @internal */
export const makeRoute = <M>(response: (manifest: M) => Effect.Effect<Response>): Route<M> =>
  dual(
    3,
    <E, R>(self: HttpRouter.HttpRouter<E, R>, path: HttpRouter.PathInput, manifest: M) =>
      HttpRouter.get(self, path, response(manifest))
  )
