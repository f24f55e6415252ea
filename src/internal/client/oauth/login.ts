/**
 * `rcp login <manifest-url>` as a library function (docs/protocol.md §10.5): the authorization
 * code flow with PKCE for a native app (RFC 8252) — a one-shot HTTP listener on 127.0.0.1, an
 * ephemeral port, the user's browser sent to the authorization server — and the tokens saved in
 * the user's configuration directory, in a file only they can read (`fileStore.ts`).
 *
 * The flow itself is the token manager's (`authorizationUrl`, `completeAuthorization`): the
 * same PKCE, state and code exchange an application's web callback uses. What is here is the
 * listener: it answers only `GET /callback` carrying this login's `state` (anything else gets a
 * 404 or a 400 and the login keeps waiting, so a stray local request cannot end it), shows the
 * user a static page without the code, and is closed when the login ends, however it ends.
 */
import * as Effects from "#target/Effects.js"
import * as Result from "#target/Result.js"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as FileStore from "./fileStore.js"
import { AuthorizationFailed } from "./oauthErrors.js"
import * as TokenManager from "./tokenManager.js"
import { TokenStore } from "./tokenStore.js"

/**
 * What `login` needs: the API (its manifest's `auth` and URL), the client registered for the CLI
 * (usually public: no secret), and how to show the user the URL to open.
 *
 * @since 0.2.0
 * @category models
 */
export interface LoginOptions extends
  Pick<
    TokenManager.Options,
    "auth" | "manifestUrl" | "clientId" | "clientSecret" | "clientAuthentication" | "scopes" | "trustedOrigins" | "allowHttp" | "name" | "timeout" | "fetch"
  >
{
  /** Whose tokens these are in the store; default `"default"` (the one person at this terminal). */
  readonly subject?: string | undefined
  /** Where the token file goes; default `credentialsDirectory()` (`$XDG_CONFIG_HOME/rcp/credentials`). */
  readonly directory?: string | undefined
  /** Shows the user the URL to open (the CLI prints it, and may open a browser). */
  readonly onAuthorizationUrl: (url: URL) => void | PromiseLike<void>
  /** How long to wait for the browser to come back; default 5 minutes. */
  readonly waitFor?: Effects.DurationInput | undefined
}

/**
 * A completed login; no token in it.
 *
 * @since 0.2.0
 * @category models
 */
export interface LoginResult {
  /** The key of the tokens in the store (the manifest URL). */
  readonly api: string
  readonly subject: string
  /** The file that holds them. */
  readonly file: string
  /** The scopes granted, as the server reported them. */
  readonly scope: string | undefined
  /** When the access token expires (epoch milliseconds), if the server said. */
  readonly expiresAt: number | undefined
}

/**
 * What a login can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type LoginError = TokenManager.CompleteError

const PAGE_HEADERS: http.OutgoingHttpHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'"
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c]!)

const page = (response: http.ServerResponse, status: number, title: string, text: string) => {
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`
  response.writeHead(status, { ...PAGE_HEADERS, "content-length": Buffer.byteLength(body) })
  response.end(body)
}

const spoken = (duration: Duration.Duration): string => {
  const ms = Duration.toMillis(duration)
  return ms < 1000 ? `${Math.round(ms)} ms` : ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} minutes`
}

interface Callback {
  readonly url: URL
  readonly answer: (ok: boolean, text: string) => void
}

/** The loopback listener, closed (every connection with it) when the scope ends. */
const listen = (onRequest: http.RequestListener) =>
  Effect.acquireRelease(
    Effects.callback<http.Server, never>((resume) => {
      const server = http.createServer(onRequest)
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effects.callback<void, never>((resume) => {
        server.close(() => resume(Effect.void))
        server.closeAllConnections()
      })
  )

/**
 * Runs the login: starts the listener, hands the user the authorization URL, waits for the
 * browser's return, exchanges the code and saves the tokens. Succeeds with where they are, never
 * with the tokens themselves.
 *
 * @since 0.2.0
 * @category constructors
 */
export const login = (options: LoginOptions): Effect.Effect<LoginResult, LoginError> =>
  Effect.scoped(Effect.gen(function*() {
    const subject = options.subject ?? "default"
    const directory = options.directory ?? FileStore.credentialsDirectory()
    const store = FileStore.make(directory)
    const received = yield* Deferred.make<Callback>()
    let expectedState: string | undefined
    let answered = false

    const server = yield* listen((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1")
      if (request.method !== "GET" || url.pathname !== "/callback") return page(response, 404, "Not found", "Nothing here.")
      if (expectedState === undefined || url.searchParams.get("state") !== expectedState) {
        return page(response, 400, "Unknown sign-in", "This answer does not belong to the sign-in in progress.")
      }
      if (answered) return page(response, 409, "Already answered", "This sign-in has already been answered.")
      answered = true
      // The first matching answer ends the wait; the browser's page is written when the login is done.
      Effects.deferredDone(
        received,
        Effect.succeed({
          url: new URL(`${redirectUri}${url.search}`),
          answer: (ok, text) => page(response, ok ? 200 : 400, ok ? "Signed in" : "Sign-in failed", text)
        })
      )
    })
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`

    const manager = yield* TokenManager.make({ ...options, redirectUri }).pipe(Effect.provideService(TokenStore, store))
    const url = yield* manager.authorizationUrl(subject)
    expectedState = url.searchParams.get("state") ?? undefined
    yield* Effect.tryPromise({
      try: async () => options.onAuthorizationUrl(new URL(url)),
      catch: () => new AuthorizationFailed({ api: manager.name, reason: "the authorization URL could not be shown" })
    })

    const waitFor = Effects.durationOf(options.waitFor ?? Duration.minutes(5))
    const callback = yield* Effects.timeoutFail(Deferred.await(received), waitFor, () =>
      new AuthorizationFailed({
        api: manager.name,
        reason: `the browser did not come back within ${spoken(waitFor)}`
      }))
    const completed = yield* Effects.result(manager.completeAuthorization(callback.url, { subject }))
    if (Result.isFailure(completed)) {
      callback.answer(false, `Signing in to ${manager.name} did not complete. Return to the terminal for details.`)
      return yield* Effect.fail(Result.failureOf(completed))
    }
    callback.answer(true, `You are signed in to ${manager.name}. You can close this window and return to the terminal.`)
    const tokens = yield* store.get({ api: manager.api, subject })
    return {
      api: manager.api,
      subject,
      file: FileStore.fileOf(directory, { api: manager.api, subject }),
      scope: tokens?.scope,
      expiresAt: tokens?.expiresAt
    }
  }))

/**
 * Forgets the tokens `login` saved (revoking the refresh token where the manifest names a
 * revocation endpoint): `rcp logout <manifest-url>`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const logout = (
  options: Omit<LoginOptions, "onAuthorizationUrl" | "waitFor">
): Effect.Effect<{ readonly revoked: boolean }, LoginError> =>
  Effect.scoped(Effect.gen(function*() {
    const store = FileStore.make(options.directory ?? FileStore.credentialsDirectory())
    const manager = yield* TokenManager.make(options).pipe(Effect.provideService(TokenStore, store))
    return yield* manager.disconnect(options.subject ?? "default")
  }))
