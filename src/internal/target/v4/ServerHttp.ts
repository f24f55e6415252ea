/**
 * What `rcp-sdk/server` needs of its Effect's HTTP server: Effect 4 here (`effect/http`);
 * `../v3/ServerHttp.ts` is the twin. Effect 4's router is Layer-based only: the value router
 * (`HttpRouter.empty.pipe(HttpRouter.get(…))`) that Effect 3's `Server.route` extends has no
 * counterpart, so `Route` is `never` here and `Server.route` is Effect 3 only (docs/effect4.md
 * §HTTP and AI); `Server.layer` is the one form on both.
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as NetAddress from "effect/net/NetAddress"
import type * as Scope from "effect/Scope"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

/** @internal */
export type Response = HttpServerResponse.HttpServerResponse

/** The router (`effect/http/HttpRouter`, Layer-based). @internal */
export type Router = HttpRouter.HttpRouter

/** @internal */
export type Server = HttpServer.HttpServer

/** @internal */
export type PathInput = HttpRouter.PathInput

/** `body` as `application/json`, serialized now. @internal */
export const json = (body: unknown): Response => HttpServerResponse.jsonUnsafe(body)

/** `GET path` answering with what `response` gives, added to the router when the layer is built. @internal */
export const getLayer = <E, R>(
  path: PathInput,
  response: Effect.Effect<Response, E, R>
): Layer.Layer<never, E, Router | Exclude<R, Scope.Scope>> =>
  HttpRouter.addAll(
    Effect.map(response, (built): readonly [HttpRouter.Route<never, never>] => [HttpRouter.route("GET", path, built)])
  )

/** The host and port the current server listens on; a Unix socket is a defect. @internal */
export const listening: Effect.Effect<{ readonly hostname: string; readonly port: number }, never, Server> =
  Effect.flatMap(HttpServer.HttpServer, ({ address }) =>
    address._tag === "UnixPathAddress"
      ? Effect.die(new Error("Server.origin: the server listens on a Unix socket"))
      : Effect.succeed({ hostname: NetAddress.formatIp(address.address), port: address.port }))

/** Effect 4 has no value router: `Server.route` cannot be called (a type error) on this line. @internal */
export type Route<_M> = never

/** Throws if reached from JavaScript: the Effect 4 line has no value router. @internal */
export const makeRoute = <M>(_response: (manifest: M) => Effect.Effect<Response>): Route<M> =>
  ((): never => {
    throw new Error("Server.route is Effect 3 only: Effect 4 has no value router; serve the manifest with Server.layer")
  }) as unknown as Route<M>
