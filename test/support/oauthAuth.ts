/**
 * A manifest's `oauth2` auth for the server-less OAuth tests (endpoint, token manager): the
 * authorization server at `origin` (`/token`, `/authorize`, `/revoke`), both flows, and `defaults`;
 * each test's overrides on top, where an override `undefined` leaves that member out.
 */
import type { AuthOAuth2 } from "../../src/Manifest.js"

export type AuthOverrides = { readonly [K in keyof AuthOAuth2]?: AuthOAuth2[K] | undefined }

export const oauthAuthAt = (origin: string, defaults: AuthOverrides = {}) => (overrides: AuthOverrides = {}): AuthOAuth2 =>
  Object.fromEntries(Object.entries({
    type: "oauth2",
    flows: ["client_credentials", "authorization_code"],
    tokenUrl: `${origin}/token`,
    authorizationUrl: `${origin}/authorize`,
    revocationUrl: `${origin}/revoke`,
    ...defaults,
    ...overrides
  }).filter(([, value]) => value !== undefined)) as unknown as AuthOAuth2
