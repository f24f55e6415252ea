/**
 * GET one JSON document the way discovery does (SPEC §2): no credential whatever the client holds,
 * the body capped, redirects same-origin only, retried on the usual transient failures. Discovery
 * reads manifests with it; the OpenAPI importer reads specs with it (under its own, larger cap),
 * so both fetch under one set of rules.
 */
import * as Effect from "effect/Effect"
import type { Settings } from "./client.js"
import { HttpError, InsecureUrl, InvalidResponse } from "./clientErrors.js"
import { insecure } from "./execution.js"
import * as Response from "./response.js"
import * as Retry from "./retry.js"
import type * as Transport from "./transport.js"

/** @internal */
export type FetchError = Transport.SendError | HttpError | InsecureUrl | InvalidResponse

/** @internal */
export interface Fetched {
  /** Where the document was finally read from (after same-origin redirects). */
  readonly url: string
  readonly json: unknown
}

/** @internal */
export const fetchJson = (settings: Settings, transport: Transport.Transport) =>
(
  input: string | URL,
  options: { readonly maxBytes: number; readonly what: string }
): Effect.Effect<Fetched, FetchError> =>
  Effect.gen(function*() {
    let url: URL
    try {
      url = new URL(input)
    } catch {
      return yield* new InvalidResponse({ target: String(input), reason: "not an absolute URL" })
    }
    const target = url.toString()
    if ((url.protocol !== "https:" && url.protocol !== "http:") || insecure(url, settings)) {
      return yield* new InsecureUrl({ url: target })
    }
    const received = yield* Retry.withRetries(
      settings.retry,
      "GET",
      transport.send({ method: "GET", url, headers: { accept: "application/json" }, body: undefined }, {
        target,
        timeoutMs: settings.timeoutMs,
        maxBytes: options.maxBytes,
        maxRedirects: settings.maxRedirects,
        // Never a credential here, whatever the client is configured with.
        authorize: (out) => out,
        credentialHeader: undefined,
        blockPrivateNetworks: settings.blockPrivateNetworks
      })
    )
    if (!Response.isSuccess(received.status)) {
      return yield* new HttpError({ target, status: received.status, body: Response.excerpt(received.body, []) })
    }
    const json = Response.parseJson(Response.text(received.body))
    if (!json.ok) return yield* new InvalidResponse({ target, reason: `the ${options.what} is not JSON` })
    return { url: target, json: json.value }
  })
