/**
 * The `HttpClient` service by its key alone: Effect 4's (`effect/http/HttpClient` declares it as
 * `"effect/HttpClient"`). See `../v3/HttpClientKey.ts` for why.
 */
import * as Context from "effect/Context"
import type * as HttpClient_ from "effect/http/HttpClient"

/** @internal */
export type HttpClient = HttpClient_.HttpClient

/** @internal */
export const HttpClient: Context.Service<HttpClient, HttpClient> = Context.Service<HttpClient>("effect/HttpClient")
