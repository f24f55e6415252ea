/**
 * Whose token a call sends (docs/protocol.md §10.2): the piece of the credential step that reads
 * the turn's context. The operator's `subject` function maps the context — the same one the
 * resolvers get — to the application's id for the signed-in user; the call then sends that user's
 * token. Without a `subject` function the client acts as itself (client credentials).
 *
 * It fails closed, like a resolver: a call whose context names no user fails with
 * `CredentialMissing` before any request. It never falls back to the client's own token — a call
 * without a user must not act with the application's (usually wider) rights.
 *
 * A `subject` function may return an Effect whose requirements the client's layer carries in its
 * type, as `Resolver.Requirements` carries the resolvers' (`Requirements` below): they are captured
 * when the layer is built and provided to each run, while the user comes from each call's own
 * context — so two concurrent turns through one client send their own users' tokens.
 */
import * as Effects from "#target/Effects.js"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import type * as EffectRequirements from "../../shared/requirements.js"
import { describeValue } from "../../shared/text.js"
import { CredentialMissing } from "../errors.js"
import type { AuthOAuth2 } from "../../../Manifest.js"
import * as TokenManager from "./tokenManager.js"

/**
 * What the `subject` function is told besides the context: where the token will be sent.
 *
 * @since 0.2.0
 * @category models
 */
export interface SubjectInfo {
  readonly origin: string
  readonly manifestUrl: string
  readonly tool: string
}

/**
 * From the turn's context to the signed-in user's id: a value, a promise or an Effect. `undefined`
 * or `null` means "no user for this call".
 *
 * @since 0.2.0
 * @category models
 */
export type SubjectFn<Ctx = any, R = never> = (
  context: Ctx,
  info: SubjectInfo
) =>
  | string
  | undefined
  | null
  | PromiseLike<string | undefined | null>
  | Effect.Effect<string | undefined | null, unknown, R>

/**
 * The requirements of an Effect-returning `subject` function (never for a plain one).
 *
 * @since 0.2.0
 * @category models
 */
export type Requirements<F> = EffectRequirements.OfFunction<F>

// A call without context still asks, with an empty one: `(ctx) => ctx.userId` then reads undefined.
const NO_CONTEXT: unknown = Object.freeze({})

/**
 * The principal of one call, or `CredentialMissing` naming why there is none. `services` is what
 * the layer captured for an Effect `subject` function.
 *
 * @internal
 */
export const principalFor = <R>(
  auth: AuthOAuth2,
  subject: SubjectFn<any, R> | undefined,
  services: Context.Context<R>,
  context: unknown,
  info: SubjectInfo
): Effect.Effect<TokenManager.Principal, CredentialMissing> => {
  const missing = (reason: string) => new CredentialMissing({ tool: info.tool, origin: info.origin, reason })
  if (subject === undefined) {
    return auth.flows.includes("client_credentials")
      ? Effect.succeed(TokenManager.client)
      : Effect.fail(missing("the API needs a user's authorization and the client has no oauth subject function"))
  }
  if (!auth.flows.includes("authorization_code")) {
    return Effect.fail(missing("the client names a user for each call, but the API offers no user authorization flow"))
  }
  const failed = missing("the oauth subject function failed")
  return Effect.suspend(() => {
    let out: ReturnType<SubjectFn<any, R>>
    try {
      out = subject(context ?? NO_CONTEXT, info)
    } catch {
      return Effect.fail(failed)
    }
    if (Effect.isEffect(out)) {
      return Effect.provide(out as Effect.Effect<unknown, unknown, R>, services).pipe(
        Effects.catchCause((cause) => (Effects.hasInterruptsOnly(cause) ? Effect.failCause(cause) : Effect.fail(failed)))
      ) as Effect.Effect<unknown, CredentialMissing>
    }
    if (Predicate.isPromiseLike(out)) return Effect.tryPromise({ try: () => Promise.resolve(out), catch: () => failed })
    return Effect.succeed(out as unknown)
  }).pipe(Effect.flatMap((value): Effect.Effect<TokenManager.Principal, CredentialMissing> => {
    if (value === undefined || value === null) {
      return Effect.fail(missing("the call's context names no user (the oauth subject function returned nothing)"))
    }
    if (typeof value !== "string" || value === "") {
      const kind = value === "" ? "an empty string" : describeValue(value)
      return Effect.fail(missing(`the oauth subject function returned ${kind}, not a user id`))
    }
    return Effect.succeed(TokenManager.user(value))
  }))
}
