/**
 * The `fetch` token requests go through inside a client: the client's own transport (its undici
 * agent, or the `HttpClient` it was given), so the authorization server is reached under the same
 * rules as any API (docs/protocol.md §10.2) — the private-network guard at connection time, a
 * timeout, a size cap, and no redirect followed — with no credential of the API attached.
 *
 * `oauth4webapi` calls it as it would call `fetch`; a refusal by the transport is thrown as
 * `Refused`, which the endpoint translates (`endpoint.ts`) like its own failures.
 */
import * as Effects from "#target/Effects.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Outgoing from "../../transport/outgoing.js"
import type * as Transport from "../../transport/rules.js"

/**
 * The transport's typed refusal, carried through `oauth4webapi` to `endpoint.ts`.
 *
 * @internal
 */
export class Refused extends Error {
  constructor(readonly error: Transport.SendError) {
    super(error._tag)
  }
}

/** @internal */
export interface Options {
  readonly timeoutMs: number
  readonly maxBytes: number
  readonly blockPrivateNetworks: boolean
}

const bodyOf = (body: unknown): string | undefined => {
  if (body === undefined || body === null) return undefined
  // oauth4webapi sends token requests as URLSearchParams; anything else it sends is text too.
  return typeof body === "string" ? body : String(body)
}

/**
 * A `fetch` over `transport`: one attempt, no redirect followed, at most `maxBytes` read.
 *
 * @internal
 */
export const over = (transport: Transport.Transport, options: Options): typeof globalThis.fetch =>
async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const headers: Record<string, string> = {}
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value
  })
  const body = bodyOf(init?.body)
  if (body !== undefined && headers["content-type"] === undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8"
  }
  const sent = transport.send(
    { method: init?.method ?? "GET", url, headers, body },
    {
      target: `the token endpoint ${url.origin}`,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      maxRedirects: 0,
      credential: Outgoing.NONE,
      blockPrivateNetworks: options.blockPrivateNetworks
    }
  )
  const exit = await Effect.runPromiseExit(sent, init?.signal === null || init?.signal === undefined ? {} : { signal: init.signal })
  if (Exit.isFailure(exit)) {
    const failure = Effects.soleFailure(exit.cause)
    if (failure !== undefined) throw new Refused(failure)
    throw new TypeError("the request was interrupted")
  }
  const received = exit.value
  const responseHeaders = new Headers()
  for (const [name, value] of Object.entries(received.headers)) if (value !== undefined) responseHeaders.set(name, value)
  const status = received.status
  const empty = received.body.byteLength === 0 || status === 204 || status === 205 || status === 304
  // A copy on an ArrayBuffer of its own, as `Response` takes it (a token response is a few hundred bytes).
  return new Response(empty ? null : new Uint8Array(received.body), { status, headers: responseHeaders })
}
