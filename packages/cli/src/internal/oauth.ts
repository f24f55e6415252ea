/**
 * What the commands that reach an OAuth 2 API share (docs/credentials.md, "The rcp command"): the
 * client registered for `rcp` (`--client-id`, a secret only through an environment variable), the
 * token file `rcp login` wrote (`rcp-sdk/oauth`'s file store, under the user's configuration
 * directory), and the one person at this terminal as the user whose tokens a call sends.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import * as Manifest from "rcp-sdk/manifest"
import * as OAuth from "rcp-sdk/oauth"
import type { OptionSpec, Values } from "./command.js"
import { CliError, type Reportable, UsageError } from "./errors.js"
import { clientLayer, type LoadError, read } from "./source.js"

/** The user `rcp login` saves tokens for, and whose tokens `rcp call` and `rcp mcp` send. @internal */
export const SUBJECT = "default"

/** @internal */
export const oauthOptions = {
  "client-id": {
    type: "string",
    value: "ID",
    description: "The OAuth 2 client registered for rcp at the API's authorization server (APIs with an oauth2 auth)"
  },
  "client-secret-env": {
    type: "string",
    value: "VAR",
    description: "The environment variable holding that client's secret, if it has one"
  }
} as const satisfies Record<string, OptionSpec>

/** What `oauthOptions` come to: the registration, and the secret no report may echo. @internal */
export interface Registration {
  readonly client: Client.OAuthClient | undefined
  readonly secrets: ReadonlyArray<string>
}

/** @internal */
export const registration = (
  options: Values<typeof oauthOptions>,
  command: string
): Effect.Effect<Registration, UsageError> => {
  const clientId = options["client-id"]
  const secretEnv = options["client-secret-env"]
  if (clientId === undefined) {
    return secretEnv === undefined
      ? Effect.succeed({ client: undefined, secrets: [] })
      : Effect.fail(new UsageError({ message: "--client-secret-env needs --client-id", command }))
  }
  if (clientId === "") return Effect.fail(new UsageError({ message: "--client-id is empty", command }))
  if (secretEnv === undefined) return Effect.succeed({ client: { clientId }, secrets: [] })
  const secret = process.env[secretEnv]
  return secret === undefined || secret === ""
    ? Effect.fail(new UsageError({ message: `the environment variable ${secretEnv} (from --client-secret-env) is not set`, command }))
    : Effect.succeed({ client: { clientId, clientSecret: secret }, secrets: [secret] })
}

/**
 * A client that sends the tokens `rcp login` saved: the file store as its token store, this
 * terminal's user as every call's subject. Without a registration, the client as it was.
 *
 * @internal
 */
export const withTokenFile = (
  client: Client.OAuthClient | undefined,
  make: (oauth: Client.Options["oauth"]) => Layer.Layer<Client.RcpClient>
): Layer.Layer<Client.RcpClient> =>
  client === undefined
    ? make(undefined)
    : make({ subject: () => SUBJECT }).pipe(Layer.provide(OAuth.layerFileStore()))

/** A user who has not signed in: the command that signs them in, not the model's sentence. @internal */
export const loginHint = (url: string, client: Client.OAuthClient | undefined) => (error: Reportable): Reportable =>
  error._tag === "AuthorizationRequired"
    ? new CliError({
      message: `${error.reason === "expired" ? "the sign-in has expired or was revoked" : "not signed in"} at ${error.api}: ` +
        `run rcp login ${url}${client === undefined ? "" : ` --client-id ${client.clientId}`}`
    })
    : error

/** The API at `url`, read as `rcp login` and `rcp logout` need it: its manifest's oauth2 auth. @internal */
export interface Api {
  readonly manifestUrl: string
  readonly auth: Manifest.AuthOAuth2
}

/** @internal */
export const apiAt = (
  url: string,
  options: { readonly trustedOrigins: ReadonlyArray<string>; readonly allowHttp: boolean }
): Effect.Effect<Api, LoadError | Manifest.ManifestInvalid> =>
  Effect.gen(function*() {
    const loaded = yield* read(url)
    const manifest = yield* Manifest.decode(loaded.document, { allowHttp: options.allowHttp, source: loaded.url })
    const auth = manifest.auth
    if (auth?.type !== "oauth2") {
      return yield* new CliError({
        message: `${loaded.url} does not use OAuth 2 (its auth is ${auth?.type ?? "none"}): nothing to sign in to`
      })
    }
    return { manifestUrl: loaded.url, auth }
  }).pipe(Effect.provide(clientLayer({}, { allowHttp: options.allowHttp, trustedOrigins: options.trustedOrigins })))
