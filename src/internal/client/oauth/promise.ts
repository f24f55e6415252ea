/**
 * The promise shape of OAuth for plain TypeScript (and what the promise facade will expose): the
 * operator's side of a user's connection — the URL to send them to, the callback to complete, the
 * disconnection — and `rcp login`. Each runs the Effect version on a `ManagedRuntime`, and a
 * rejection is the original tagged error (`err._tag`, `instanceof AuthorizationFailed`).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Login from "./login.js"
import type { CompleteError, Options, Service as TokenManagerService } from "./tokenManager.js"
import { TokenManager } from "./tokenManager.js"
import * as TokenStore from "./tokenStore.js"

/**
 * One API's OAuth for plain TypeScript.
 *
 * @since 0.2.0
 * @category models
 */
export interface PromiseTokenManager {
  /** Where `subject` connects this API (PKCE and state kept here for ten minutes). */
  readonly authorizationUrl: (subject: string) => Promise<URL>
  /** Completes the authorization the callback URL answers, for the user signed in to the application now. */
  readonly completeAuthorization: (callback: string | URL, expected: { readonly subject: string }) => Promise<void>
  /** Revokes the user's refresh token where the API allows it, and forgets their tokens. */
  readonly disconnect: (subject: string) => Promise<{ readonly revoked: boolean }>
  /** Ends token requests in flight; later calls reject. */
  readonly close: () => Promise<void>
}

const settle = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

/**
 * The token manager of one API, over the application's store (default: in memory).
 *
 * @since 0.2.0
 * @category constructors
 */
export const createTokenManager = (
  options: Options & { readonly store?: TokenStore.PromiseTokenStore | undefined }
): PromiseTokenManager => {
  const { store, ...managerOptions } = options
  const runtime = ManagedRuntime.make(
    TokenManager.layer(managerOptions).pipe(
      Layer.provide(store === undefined ? TokenStore.layerMemory : TokenStore.layerPromise(store))
    )
  )
  const run = <A, E>(f: (manager: TokenManagerService) => Effect.Effect<A, E>): Promise<A> =>
    runtime.runPromiseExit(Effect.flatMap(TokenManager, f)).then(settle)
  return {
    authorizationUrl: (subject) => run((manager) => manager.authorizationUrl(subject)),
    completeAuthorization: (callback, expected) =>
      run((manager): Effect.Effect<void, CompleteError> => manager.completeAuthorization(callback, expected)),
    disconnect: (subject) => run((manager) => manager.disconnect(subject)),
    close: () => runtime.dispose()
  }
}

/**
 * `rcp login` for plain TypeScript: resolves with where the tokens were saved, never the tokens.
 *
 * @since 0.2.0
 * @category constructors
 */
export const login = (options: Login.LoginOptions): Promise<Login.LoginResult> =>
  Effect.runPromiseExit(Login.login(options)).then(settle)
