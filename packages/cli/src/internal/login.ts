/**
 * `rcp login <manifest-url>` and `rcp logout <manifest-url>` (docs/credentials.md): the user at
 * this terminal signs in to an OAuth 2 API in their browser — the authorization code flow with
 * PKCE through a loopback listener on 127.0.0.1 (`rcp-sdk/oauth`'s `login`) — and the tokens go
 * to a file only they can read, which `rcp call` and `rcp mcp` then use. What is printed is the URL
 * to open and where the tokens went: never a token.
 */
import * as Effect from "effect/Effect"
import * as OAuth from "rcp-sdk/oauth"
import { checkUrl } from "./call.js"
import { define, type OptionSpec, type Values } from "./command.js"
import { summaries } from "./help.js"
import { UsageError, WithSecrets } from "./errors.js"
import { apiAt, oauthOptions, registration, SUBJECT } from "./oauth.js"
import { allowHttpOption } from "./source.js"

const loginOptions = {
  ...oauthOptions,
  trust: {
    type: "string",
    multiple: true,
    value: "ORIGIN",
    description: "An origin besides the manifest's that the authorization server may be on"
  },
  "allow-http": allowHttpOption
} as const satisfies Record<string, OptionSpec>

const NOTES = [
  "--client-id is required: the client registered for rcp at the API's authorization server.",
  "Tokens are saved under $XDG_CONFIG_HOME/rcp/credentials (default ~/.config/rcp/credentials; on Windows",
  "%APPDATA%\\rcp\\credentials), one file per API, readable by you only. rcp call and rcp mcp use them when",
  "given the same --client-id."
]

/** The registration `login` and `logout` cannot do without. */
const required = (given: Values<typeof loginOptions>, command: string) =>
  Effect.flatMap(registration(given, command), ({ client, secrets }) =>
    client === undefined
      ? Effect.fail(new UsageError({ message: "--client-id is required: the OAuth 2 client registered for rcp", command }))
      : Effect.succeed({ client, secrets }))

/** @internal */
export const loginCommand = define({
  name: "login",
  summary: summaries.login,
  positionals: [{ name: "url", description: "The manifest's http(s) URL" }],
  options: loginOptions,
  notes: NOTES,
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const url = yield* checkUrl(positionals[0]!, "login")
      const { client, secrets } = yield* required(options, "login")
      return yield* Effect.gen(function*() {
        const api = yield* apiAt(url, { trustedOrigins: options.trust, allowHttp: options["allow-http"] })
        const result = yield* OAuth.login({
          auth: api.auth,
          manifestUrl: api.manifestUrl,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          trustedOrigins: options.trust,
          allowHttp: options["allow-http"],
          subject: SUBJECT,
          onAuthorizationUrl: (authorizationUrl) =>
            Effect.runPromise(io.err(`Open this URL in your browser to sign in:\n\n  ${authorizationUrl.href}\n\nWaiting for the browser…`))
        })
        const scope = result.scope === undefined ? "" : ` (scope: ${result.scope})`
        yield* io.out(`Signed in to ${api.manifestUrl}${scope}; tokens saved in ${result.file}`)
        return 0
      }).pipe(Effect.mapError((error) => new WithSecrets({ error, secrets })))
    })
})

/** @internal */
export const logoutCommand = define({
  name: "logout",
  summary: summaries.logout,
  positionals: [{ name: "url", description: "The manifest's http(s) URL" }],
  options: loginOptions,
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const url = yield* checkUrl(positionals[0]!, "logout")
      const { client, secrets } = yield* required(options, "logout")
      return yield* Effect.gen(function*() {
        const api = yield* apiAt(url, { trustedOrigins: options.trust, allowHttp: options["allow-http"] })
        const { revoked } = yield* OAuth.logout({
          auth: api.auth,
          manifestUrl: api.manifestUrl,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          trustedOrigins: options.trust,
          allowHttp: options["allow-http"],
          subject: SUBJECT
        })
        yield* io.out(
          `Signed out of ${api.manifestUrl}: tokens deleted${revoked ? ", the refresh token revoked at the server" : ""}`
        )
        return 0
      }).pipe(Effect.mapError((error) => new WithSecrets({ error, secrets })))
    })
})
