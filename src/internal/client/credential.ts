/**
 * The credential (docs/protocol.md §3.5): kept `Redacted` from the moment it is obtained until it is written
 * into the one header or query parameter the manifest's `auth` names.
 */
import type * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as Redacted from "effect/Redacted"
import type { CredentialInput, CredentialRequest } from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import * as HeaderValue from "../shared/headerValue.js"
import type { Attached, Outgoing } from "../transport/outgoing.js"
import * as Redact from "../transport/redact.js"
import { CredentialMissing } from "./errors.js"

/**
 * The credential as a service, for when it comes from configuration or another service rather than
 * from the client's options (which win when both are given). Swap the layer to swap the secret.
 *
 * @since 0.1.0
 * @category models
 */
export class Credential extends Context.Tag("rcp-sdk/Credential")<Credential, CredentialInput>() {
  /**
   * A fixed credential, or a function called per request.
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layer = (input: CredentialInput): Layer.Layer<Credential> => Layer.succeed(Credential, input)

  /**
   * The credential read from configuration, e.g. `Config.redacted("API_TOKEN")`.
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerConfig = (
    config: Config.Config<Redacted.Redacted<string> | string>
  ): Layer.Layer<Credential, ConfigError.ConfigError> => Layer.effect(Credential, config)
}


/**
 * A configured credential, checked once: a fixed value (a string or `Redacted`) or operator code
 * called per request. `fixed` tells them apart, because a fixed value carries no knowledge of which
 * origin it is for (see docs/protocol.md §3.5), while a function receives the request.
 *
 * @internal
 */
export interface Source {
  readonly fixed: boolean
  readonly obtain: (request: CredentialRequest) => Effect.Effect<Redacted.Redacted<string>, CredentialMissing>
}

/** The one validity rule: the credential, or why it cannot be sent. */
const validate = (value: unknown): Redacted.Redacted<string> | string => {
  const text = Redacted.isRedacted(value) ? Redacted.value(value as Redacted.Redacted<unknown>) : value
  if (text === undefined || text === null || text === "") return "none is configured"
  if (typeof text !== "string") return "the configured credential is not a string"
  if (HeaderValue.UNSENDABLE.test(text)) return "the credential contains characters that cannot be sent"
  return Redacted.isRedacted(value) ? (value as Redacted.Redacted<string>) : Redacted.make(text)
}

const missing = (request: CredentialRequest, reason: string) =>
  new CredentialMissing({ tool: request.tool, origin: request.origin, reason })

const checked = (
  request: CredentialRequest,
  value: unknown
): Effect.Effect<Redacted.Redacted<string>, CredentialMissing> => {
  const out = validate(value)
  return typeof out === "string" ? Effect.fail(missing(request, out)) : Effect.succeed(out)
}

/** @internal */
export const source = (input: CredentialInput | undefined): Source | undefined => {
  if (input === undefined) return undefined
  if (typeof input !== "function") {
    const value = validate(input)
    // Checked once: the hot path then reuses one succeeded Effect. A value that cannot be sent is
    // reported per call, as the call's `CredentialMissing`.
    const ok = typeof value === "string" ? undefined : Effect.succeed(value)
    return { fixed: true, obtain: (request) => ok ?? Effect.fail(missing(request, value as string)) }
  }
  return {
    fixed: false,
    obtain: (request) =>
      Effect.suspend(() => {
        const out = input(request)
        if (Effect.isEffect(out)) return out
        if (Predicate.isPromiseLike(out)) return Effect.tryPromise(() => Promise.resolve(out))
        return Effect.succeed(out)
      }).pipe(
        Effect.catchAllCause(() => Effect.fail(missing(request, "the credential function failed"))),
        Effect.flatMap((value) => checked(request, value))
      )
  }
}

// The last credential attached per auth: a fixed credential is one `Redacted` for the client's
// life, so its calls share one `Attached` instead of building a closure and an array each.
const lastAttached = new WeakMap<Manifest.Auth, { readonly credential: Redacted.Redacted<string>; readonly attached: Attached }>()

/** @internal */
export const attach = (auth: Manifest.Auth, credential: Redacted.Redacted<string>): Attached => {
  const last = lastAttached.get(auth)
  if (last !== undefined && last.credential === credential) return last.attached
  const attached: Attached = {
    apply: apply(auth, credential),
    header: auth.type === "header" ? auth.name : undefined,
    secrets: [Redacted.value(credential)]
  }
  lastAttached.set(auth, { credential, attached })
  return attached
}

/**
 * Writes the credential where `auth` says. Same-origin redirects call this again for each hop.
 * What does not depend on the request (the header's name and value) is computed once.
 *
 * @internal
 */
export const apply = (auth: Manifest.Auth, credential: Redacted.Redacted<string>): (out: Outgoing) => Outgoing => {
  switch (auth.type) {
    case "none":
      return (out) => out
    case "header": {
      const name = auth.name.toLowerCase()
      const secret = Redacted.value(credential)
      const value = auth.scheme === undefined ? secret : `${auth.scheme} ${secret}`
      // "__proto__" is a valid header name; only a spread (or defineProperty) keeps it an own key.
      if (name === "__proto__") return (out) => ({ ...out, headers: { ...out.headers, [name]: value } })
      // Copied key by key: spreading the headers object costs ~15× more, on every call and hop.
      return (out) => {
        const headers: Record<string, string> = {}
        for (const key in out.headers) headers[key] = out.headers[key]!
        headers[name] = value
        return { method: out.method, url: out.url, headers, body: out.body }
      }
    }
    case "query":
      return (out) => {
        const url = new URL(out.url)
        url.searchParams.set(auth.name, Redacted.value(credential))
        return { ...out, url }
      }
  }
}

/** @internal */
export const REDACTED = Redact.REDACTED

/**
 * Replaces every echoed form of each secret in `text` (see `redact.ts`).
 *
 * @internal
 */
export const redact = Redact.redact
