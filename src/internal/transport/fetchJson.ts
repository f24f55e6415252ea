/**
 * GET one JSON document the way discovery does (docs/protocol.md §Discovery): user info stripped
 * (never sent, never shown), no credential whatever the client holds, the body capped, redirects
 * same-origin only, retried on the usual transient failures. Discovery reads manifests with it;
 * the OpenAPI importer reads specs with it (under its own, larger cap), so both fetch under one
 * set of rules.
 */
import * as Effect from "effect/Effect"
import * as JsonPosition from "../shared/jsonPosition.js"
import { withoutUserinfo } from "../shared/url.js"
import { HttpError, InsecureUrl, InvalidResponse } from "./errors.js"
import { NONE } from "./outgoing.js"
import * as ResponseBody from "./responseBody.js"
import * as Retry from "./retry.js"
import * as Transport from "./rules.js"

/** @internal */
export type FetchError = Transport.SendError | HttpError | InsecureUrl | InvalidResponse

/**
 * What a fetch needs of the client's settings (`../client/settings.ts` has them all).
 *
 * @internal
 */
export interface FetchSettings {
  readonly allowHttp: boolean
  readonly timeoutMs: number
  readonly maxRedirects: number
  readonly retry: Retry.Policy
  readonly blockPrivateNetworks: boolean
}

/** @internal */
export interface Fetched {
  /** The URL the document was requested from, user info stripped. */
  readonly url: string
  readonly json: unknown
}

/**
 * The URL a fetch goes to, user info stripped, refused unless `http(s)` and allowed by the
 * settings. Split from `get` so discovery can check its per-API options in between.
 *
 * @internal
 */
export const target = (input: string | URL, settings: FetchSettings): Effect.Effect<URL, InvalidResponse | InsecureUrl> => {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return Effect.fail(new InvalidResponse({ target: withoutUserinfo(String(input)), reason: "not an absolute URL" }))
  }
  // User info is never sent (a fetch here carries no credential) nor shown.
  url.username = ""
  url.password = ""
  if ((url.protocol !== "https:" && url.protocol !== "http:") || Transport.insecure(url, settings)) {
    return Effect.fail(new InsecureUrl({ url: url.toString() }))
  }
  return Effect.succeed(url)
}

/**
 * GETs a URL `target` accepted and parses its body as JSON; `what` names the document in errors.
 *
 * @internal
 */
export const get = (settings: FetchSettings, transport: Transport.Transport) =>
(
  url: URL,
  options: { readonly maxBytes: number; readonly what: string }
): Effect.Effect<Fetched, FetchError> =>
  Effect.gen(function*() {
    const target = url.toString()
    const received = yield* Retry.withRetries(
      settings.retry,
      "GET",
      transport.send({ method: "GET", url, headers: { accept: "application/json" }, body: undefined }, {
        target,
        timeoutMs: settings.timeoutMs,
        maxBytes: options.maxBytes,
        maxRedirects: settings.maxRedirects,
        // Never a credential here, whatever the client or the API is configured with.
        credential: NONE,
        blockPrivateNetworks: settings.blockPrivateNetworks
      })
    )
    if (!ResponseBody.isSuccess(received.status)) {
      return yield* new HttpError({ target, status: received.status, body: ResponseBody.excerpt(received.body, []) })
    }
    const text = ResponseBody.text(received.body)
    const json = ResponseBody.parseJson(text)
    if (!json.ok) {
      return yield* new InvalidResponse({ target, reason: `the ${options.what} is not JSON: ${JsonPosition.describe(text)}` })
    }
    return { url: target, json: json.value }
  })

/** @internal */
export const fetchJson = (settings: FetchSettings, transport: Transport.Transport) => {
  const fetch = get(settings, transport)
  return (input: string | URL, options: { readonly maxBytes: number; readonly what: string }): Effect.Effect<Fetched, FetchError> =>
    Effect.flatMap(target(input, settings), (url) => fetch(url, options))
}
