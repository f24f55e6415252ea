/**
 * The `HttpClient` service by its key alone (services with one key are one service): a client
 * requires it without importing the HTTP modules, which load only when it sends through them
 * (`transport/choice.ts`). Effect 3: `@effect/platform`'s key; `../v4/HttpClientKey.ts` has Effect 4's.
 */
import type * as HttpClient_ from "@effect/platform/HttpClient"
import * as Context from "effect/Context"

/** @internal */
export type HttpClient = HttpClient_.HttpClient

/** @internal */
export const HttpClient: Context.Tag<HttpClient, HttpClient> = Context.GenericTag<HttpClient>("@effect/platform/HttpClient")
