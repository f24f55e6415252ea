/**
 * The operator's side of a user's connection to an OAuth 2 API, through the client (docs/protocol.md
 * §10.5): the URL where the signed-in user connects, the callback that completes it, and
 * disconnecting. Each finds the API's token manager among those discovery built; the flow itself
 * is the manager's. Imports the OAuth wing by type only: it is loaded with every client.
 */
import * as Effect from "effect/Effect"
import type { Service } from "../../../Client.js"
import { normalizeUrl, withoutUserinfo } from "../../shared/url.js"
import type { Deps } from "../deps.js"
import { AuthorizationFailed, OAuthNotConfigured } from "./oauthErrors.js"

const managerAt = (deps: Deps, url: string | URL) => {
  // The URL as discovery registered it (user info is a credential, never part of the key).
  const key = withoutUserinfo(normalizeUrl(url))
  const found = deps.oauthApis.get(key)
  return found === undefined ? Effect.fail(new OAuthNotConfigured({ url: key })) : Effect.succeed(found.oauth.manager)
}

/** @internal */
export const authorizationUrl = (deps: Deps): Service["authorizationUrl"] => (url, subject) =>
  Effect.flatMap(managerAt(deps, url), (manager) => manager.authorizationUrl(subject))

/** @internal */
export const completeAuthorization = (deps: Deps): Service["completeAuthorization"] => (callback, expected) =>
  Effect.suspend(() => {
    // The API is the one whose manager started the authorization the callback's `state` names.
    for (const { oauth } of deps.oauthApis.values()) {
      if (oauth.manager.owns(callback)) return oauth.manager.completeAuthorization(callback, expected)
    }
    return Effect.fail(
      new AuthorizationFailed({
        api: "OAuth 2",
        reason: "it matches no authorization in progress (unknown, already used or expired)"
      })
    )
  })

/** @internal */
export const disconnect = (deps: Deps): Service["disconnect"] => (url, subject) =>
  Effect.flatMap(managerAt(deps, url), (manager) => manager.disconnect(subject))
