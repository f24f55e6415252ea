/**
 * GET one JSON document the way discovery does (docs/protocol.md §Discovery): user info stripped
 * (never sent, never shown), no credential whatever the client holds, the body capped, redirects
 * same-origin only, retried on the usual transient failures. Discovery reads manifests with it;
 * the OpenAPI importer reads specs with it (under its own, larger cap), so both fetch under one
 * set of rules.
 */
import * as Effect from "effect/Effect"
import { HttpError, InsecureUrl, InvalidResponse } from "./clientErrors.js"
import * as Credential from "./credential.js"
import * as JsonPosition from "./jsonPosition.js"
import * as Response from "./response.js"
import * as Retry from "./retry.js"
import * as Settings from "./settings.js"
import type * as Transport from "./transport.js"
import { withoutUserinfo } from "./values.js"

/** @internal */
export type FetchError = Transport.SendError | HttpError | InsecureUrl | InvalidResponse

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
export const target = (input: string | URL, settings: Settings.Settings): Effect.Effect<URL, InvalidResponse | InsecureUrl> => {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return Effect.fail(new InvalidResponse({ target: withoutUserinfo(String(input)), reason: "not an absolute URL" }))
  }
  // User info is never sent (a fetch here carries no credential) nor shown.
  url.username = ""
  url.password = ""
  if ((url.protocol !== "https:" && url.protocol !== "http:") || Settings.insecure(url, settings)) {
    return Effect.fail(new InsecureUrl({ url: url.toString() }))
  }
  return Effect.succeed(url)
}

/**
 * GETs a URL `target` accepted and parses its body as JSON; `what` names the document in errors.
 *
 * @internal
 */
export const get = (settings: Settings.Settings, transport: Transport.Transport) =>
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
        credential: Credential.NONE,
        blockPrivateNetworks: settings.blockPrivateNetworks
      })
    )
    if (!Response.isSuccess(received.status)) {
      return yield* new HttpError({ target, status: received.status, body: Response.excerpt(received.body, []) })
    }
    const text = Response.text(received.body)
    const json = Response.parseJson(text)
    if (!json.ok) {
      return yield* new InvalidResponse({ target, reason: `the ${options.what} is not JSON: ${JsonPosition.describe(text)}` })
    }
    return { url: target, json: json.value }
  })

/** @internal */
export const fetchJson = (settings: Settings.Settings, transport: Transport.Transport) => {
  const fetch = get(settings, transport)
  return (input: string | URL, options: { readonly maxBytes: number; readonly what: string }): Effect.Effect<Fetched, FetchError> =>
    Effect.flatMap(target(input, settings), (url) => fetch(url, options))
}
