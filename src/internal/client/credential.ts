/**
 * The credential (docs/protocol.md §3.5): kept `Redacted` from the moment it is obtained until it is written
 * into the one header or query parameter the manifest's `auth` names.
 */
import * as Effects from "#target/Effects.js"
import { Service as ServiceOf } from "#target/Service.js"
import type * as Cause from "effect/Cause"
import type * as Config from "effect/Config"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as Redacted from "effect/Redacted"
import type { CredentialInput, CredentialRequest } from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import * as OAuth2 from "../manifest/oauth2.js"
import * as HeaderValue from "../shared/headerValue.js"
import type * as EffectRequirements from "../shared/requirements.js"
import type { Attached, Outgoing } from "../transport/outgoing.js"
import * as Redact from "../transport/redact.js"
import { CredentialMissing } from "./errors.js"

/**
 * What an Effect-returning credential function requires.
 *
 * @internal
 */
export type Requirements<C> = EffectRequirements.OfFunction<C>

/**
 * A credential function whose Effects run under `services` (what a layer or `discover` captured),
 * so that the function the client keeps requires nothing. A value is returned as it is.
 *
 * @internal
 */
export const withServices = <C extends CredentialInput<any, any>>(
  input: C,
  services: Context.Context<Requirements<C>>
): CredentialInput => {
  if (typeof input !== "function") return input
  return (request, context) => {
    const out = input(request, context)
    // The options' types made the caller provide what the Effect requires (`Requirements`).
    return Effect.isEffect(out) ? Effect.provide(out as Effect.Effect<unknown, unknown, any>, services as Context.Context<any>) as never : out
  }
}

/**
 * The context of the fiber that builds a client (or runs `discover`): the services the options'
 * Effect functions require, which their types made the caller provide (`Requirements`), kept to
 * run each of those functions under.
 *
 * @internal
 */
export const captured: Effect.Effect<Context.Context<any>> = Effect.context<never>() as Effect.Effect<Context.Context<any>>

/**
 * The credential as a service, for when it comes from configuration or another service rather than
 * from the client's options (which win when both are given). Swap the layer to swap the secret.
 *
 * @since 0.1.0
 * @category models
 */
export class Credential extends ServiceOf<Credential, CredentialInput>()("rcp-sdk/Credential") {
  /**
   * A fixed credential, or a function called per request with the call's context. An Effect
   * function's requirements become the layer's, provided to each run.
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layer = <const C extends CredentialInput<any, any>>(
    input: C
  ): Layer.Layer<Credential, never, Requirements<C>> =>
    Layer.effect(Credential, Effect.map(Effect.context<Requirements<C>>(), (services) => withServices(input, services)))

  /**
   * The credential read from configuration, e.g. `Config.redacted("API_TOKEN")`.
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerConfig = (
    config: Config.Config<Redacted.Redacted<string> | string>
  ): Layer.Layer<Credential, Effects.ConfigError> => Layer.effect(Credential, config)
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
  /** `context`: the call's (`execute(call, { context })`), handed to a credential function as it is. */
  readonly obtain: (request: CredentialRequest, context: unknown) => Effect.Effect<Redacted.Redacted<string>, CredentialMissing>
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

// A call without context still asks, with an empty one: `(req, ctx) => ctx.userId` then reads
// undefined (CredentialMissing) rather than throwing on `undefined.userId`, as resolvers do.
const NO_CONTEXT: unknown = Object.freeze({})

/**
 * The credential as configured, checked once. `services`: what a function's Effects run under (the
 * context captured when the client, or `discover`, was built with it).
 *
 * @internal
 */
export const source = <C extends CredentialInput<any, any>>(
  input: C | undefined,
  services?: Context.Context<Requirements<C>>
): Source | undefined => {
  if (input === undefined) return undefined
  if (typeof input === "function" && services !== undefined) return source(withServices(input, services) as CredentialInput)
  if (typeof input !== "function") {
    const value = validate(input)
    // Checked once: the hot path then reuses one succeeded Effect. A value that cannot be sent is
    // reported per call, as the call's `CredentialMissing`.
    const ok = typeof value === "string" ? undefined : Effect.succeed(value)
    return { fixed: true, obtain: (request) => ok ?? Effect.fail(missing(request, value as string)) }
  }
  return {
    fixed: false,
    obtain: (request, context) =>
      Effect.suspend(() => {
        const out = input(request, context ?? NO_CONTEXT)
        // What an Effect requires was provided by `withServices` (above), with the services captured.
        if (Effect.isEffect(out)) return out as Effect.Effect<unknown, unknown>
        if (Predicate.isPromiseLike(out)) return Effect.tryPromise(() => Promise.resolve(out))
        return Effect.succeed(out)
      }).pipe(
        // An interrupted call stays interrupted; anything else the function did is "it failed".
        Effects.catchCause((cause) =>
          Effects.hasInterruptsOnly(cause)
            ? Effect.failCause(cause as Cause.Cause<never>)
            : Effect.fail(missing(request, "the credential function failed"))
        ),
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
  const placed = placement(auth)
  const attached: Attached = {
    apply: apply(placed, credential),
    header: placed.type === "header" ? placed.name : undefined,
    secrets: [Redacted.value(credential)]
  }
  lastAttached.set(auth, { credential, attached })
  return attached
}

/** Where an `oauth2` auth's access token goes (docs/protocol.md §10.1, RFC 6750 §2.1). */
const BEARER: Manifest.AuthHeader = { type: "header", name: OAuth2.HEADER, scheme: "Bearer" }

/**
 * Where the credential goes: the auth itself, or for `oauth2` the bearer header its access token is
 * sent in — so that everything below writes a header or a query parameter, nothing else.
 *
 * @internal
 */
export const placement = (auth: Manifest.Auth): Manifest.AuthNone | Manifest.AuthHeader | Manifest.AuthQuery =>
  auth.type === "oauth2" ? BEARER : auth

/**
 * Writes the credential where `auth` says. Same-origin redirects call this again for each hop.
 * What does not depend on the request (the header's name and value) is computed once.
 *
 * @internal
 */
export const apply = (auth: Manifest.Auth, credential: Redacted.Redacted<string>): (out: Outgoing) => Outgoing => {
  const placed = placement(auth)
  switch (placed.type) {
    case "none":
      return (out) => out
    case "header": {
      const name = placed.name.toLowerCase()
      const secret = Redacted.value(credential)
      const value = placed.scheme === undefined ? secret : `${placed.scheme} ${secret}`
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
        url.searchParams.set(placed.name, Redacted.value(credential))
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
