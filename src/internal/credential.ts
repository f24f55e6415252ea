/**
 * The credential (SPEC §3.5): kept `Redacted` from the moment it is obtained until it is written
 * into the one header or query parameter the manifest's `auth` names.
 */
import type * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as Redacted from "effect/Redacted"
import type * as Manifest from "../Manifest.js"
import { CredentialMissing } from "./clientErrors.js"
import * as HeaderValue from "./headerValue.js"
import * as Redact from "./redact.js"
import type { Outgoing } from "./request.js"

/**
 * Where the credential will be sent, so a function can pick the right one per API.
 *
 * @since 0.1.0
 * @category models
 */
export interface CredentialRequest {
  readonly origin: string
  readonly manifestUrl: string
  readonly tool: string
}

/**
 * A credential: a value, or a function (sync, async or Effect) called for each request.
 *
 * @since 0.1.0
 * @category models
 */
export type CredentialInput =
  | string
  | Redacted.Redacted<string>
  | ((request: CredentialRequest) =>
    | string
    | Redacted.Redacted<string>
    | undefined
    | null
    | PromiseLike<string | Redacted.Redacted<string> | undefined | null>
    | Effect.Effect<string | Redacted.Redacted<string> | undefined | null, unknown>)

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
 * A credential given as a plain value, checked once: the hot path then skips obtaining it per call.
 * Undefined for functions, and for values `obtain` would refuse (so that it reports them per call).
 *
 * @internal
 */
export const constant = (input: CredentialInput | undefined): Redacted.Redacted<string> | undefined => {
  if (input === undefined || typeof input === "function") return undefined
  const text = Redacted.isRedacted(input) ? Redacted.value(input) : input
  if (typeof text !== "string" || text === "" || HeaderValue.UNSENDABLE.test(text)) return undefined
  return Redacted.isRedacted(input) ? input : Redacted.make(text)
}

/** @internal */
export const obtain = (
  input: CredentialInput | undefined,
  request: CredentialRequest
): Effect.Effect<Redacted.Redacted<string>, CredentialMissing> => {
  const missing = (reason: string) => new CredentialMissing({ tool: request.tool, origin: request.origin, reason })
  const check = (value: unknown): Effect.Effect<Redacted.Redacted<string>, CredentialMissing> => {
    const text = Redacted.isRedacted(value) ? Redacted.value(value as Redacted.Redacted<unknown>) : value
    if (text === undefined || text === null || text === "") return Effect.fail(missing("none is configured"))
    if (typeof text !== "string") return Effect.fail(missing("the configured credential is not a string"))
    if (HeaderValue.UNSENDABLE.test(text)) return Effect.fail(missing("the credential contains characters that cannot be sent"))
    return Effect.succeed(Redacted.isRedacted(value) ? (value as Redacted.Redacted<string>) : Redacted.make(text))
  }
  if (typeof input !== "function") return check(input)
  return Effect.suspend(() => {
    const out = input(request)
    if (Effect.isEffect(out)) return out
    if (Predicate.isPromiseLike(out)) return Effect.tryPromise(() => Promise.resolve(out))
    return Effect.succeed(out)
  }).pipe(
    Effect.catchAllCause(() => Effect.fail(missing("the credential function failed"))),
    Effect.flatMap(check)
  )
}

/**
 * Writes the credential where `auth` says. Same-origin redirects call this again for each hop.
 *
 * @internal
 */
export const apply = (auth: Manifest.Auth, credential: Redacted.Redacted<string>) => (out: Outgoing): Outgoing => {
  switch (auth.type) {
    case "none":
      return out
    case "header": {
      const value = Redacted.value(credential)
      return {
        ...out,
        headers: { ...out.headers, [auth.name.toLowerCase()]: auth.scheme === undefined ? value : `${auth.scheme} ${value}` }
      }
    }
    case "query": {
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
