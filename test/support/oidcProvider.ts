/**
 * A real OAuth 2 / OpenID Connect server for tests: `oidc-provider` (a certified implementation)
 * on 127.0.0.1, port 0, configured the way the OAuth tests need it —
 *
 * - clients: `machine` (client credentials), `web` (authorization code + refresh, confidential),
 *   `native` (public, PKCE, loopback redirect on any port — RFC 8252 §7.3), and `api` (the
 *   resource server, which introspects the tokens it receives);
 * - a consent-free interaction: the account signing in is the test browser's `x-test-account`
 *   header, and every requested scope is granted;
 * - refresh token rotation always on (with the provider's reuse detection: a spent refresh token
 *   presented again revokes the whole grant), revocation and introspection on;
 * - RFC 8707 resource indicators, with the test API as the one resource server;
 * - every token endpoint request counted at the server, by grant type;
 * - a clock the test controls (`clock`): `Date` is faked for the whole process, so the server's
 *   expiry and the client's agree and move together.
 *
 * Beside it, `startApi` is a protected REST API that asks the server's introspection endpoint
 * about every bearer token it receives — the independent oracle for "which token, whose, and is
 * it still valid", recorded per request.
 */
import { generateKeyPairSync, type JsonWebKey } from "node:crypto"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import Provider, { type Adapter, type AdapterPayload, errors as ProviderErrors } from "oidc-provider"
import { vi } from "vitest"
import { closeServer } from "./server.js"

export interface ClientInfo {
  readonly id: string
  readonly secret: string | undefined
}

export interface Introspection {
  readonly active: boolean
  readonly sub?: string
  readonly client_id?: string
  readonly exp?: number
  readonly aud?: string | ReadonlyArray<string>
  readonly scope?: string
  readonly token_type?: string
}

export interface TokenRequest {
  readonly grantType: string
  readonly clientId: string | undefined
  readonly resource: string | undefined
  readonly scope: string | undefined
  readonly status: number
}

export interface IssuedTokens {
  readonly accessToken: string
  readonly refreshToken: string
  readonly expiresIn: number
}

export interface OidcServer {
  readonly issuer: string
  readonly tokenUrl: string
  readonly authorizationUrl: string
  readonly revocationUrl: string
  /** The test API's base URL, which is also the resource server's identifier (RFC 8707). */
  readonly resource: string
  readonly apiScopes: ReadonlyArray<string>
  readonly clients: {
    readonly machine: ClientInfo & { readonly secret: string }
    readonly web: ClientInfo & { readonly secret: string; readonly redirectUri: string }
    readonly native: ClientInfo
    readonly api: ClientInfo & { readonly secret: string }
  }
  /** Every token endpoint request, in the order the server received them. */
  readonly tokenRequests: Array<TokenRequest>
  readonly hitsOf: (grantType: string) => number
  /** What the server says about a token, asked as the resource server asks. */
  readonly introspect: (token: string) => Promise<Introspection>
  /**
   * Revokes a token at the server as its client would (RFC 7009). The provider then revokes every
   * token of the grant: an access token's refresh token too.
   */
  readonly revoke: (token: string, client: ClientInfo) => Promise<void>
  /** Ends one access token at the server and nothing else (its grant and refresh token stay). */
  readonly invalidate: (accessToken: string) => Promise<void>
  /**
   * Plays the browser: opens the authorization URL signed in as `account`, follows the server's
   * redirects (with its cookies) through the consent-free interaction, and returns the first
   * redirect that leaves the server — the callback, not yet requested.
   */
  readonly browse: (authorizationUrl: string | URL, account: string) => Promise<URL>
  /**
   * The whole authorization code flow for `account` through the `web` client, done by the test
   * itself: real tokens, issued by the server, to seed a store with.
   */
  readonly connect: (account: string, scope?: string) => Promise<IssuedTokens>
  readonly close: () => Promise<void>
}

/**
 * The clock every party reads: `Date` faked for the process (timers are not, so sockets and
 * sleeps behave), frozen until the test moves it.
 */
export const clock = {
  freeze: (at = Date.UTC(2030, 0, 1)): void => {
    vi.useFakeTimers({ toFake: ["Date"], now: at })
  },
  advance: (seconds: number): void => {
    vi.setSystemTime(Date.now() + seconds * 1000)
  },
  restore: (): void => {
    vi.useRealTimers()
  }
}

// One signing key per process: RSA generation is the slow part of starting a server.
let signingKey: JsonWebKey | undefined
const jwks = () => {
  signingKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })
  return { keys: [{ ...signingKey, use: "sig", alg: "RS256", kid: "test-key" }] }
}

/** The provider's storage: a Map per model, enough for a test and without the quick-start warning. */
const memoryAdapter = () => {
  const records = new Map<string, AdapterPayload>()
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload) {
      records.set(this.key(id), payload)
    }
    async find(id: string) {
      return records.get(this.key(id))
    }
    async findByUserCode(userCode: string) {
      return [...records.values()].find((payload) => payload.userCode === userCode)
    }
    async findByUid(uid: string) {
      return [...records.values()].find((payload) => payload.uid === uid)
    }
    async consume(id: string) {
      const payload = records.get(this.key(id))
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      records.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of records) if (payload.grantId === grantId) records.delete(key)
    }
  }
}

const listen = (server: http.Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))
  })

const basic = (client: ClientInfo): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret ?? "")}`).toString("base64")}`

const form = (client: ClientInfo, body: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { authorization: basic(client), "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body)
})

export interface OidcServerOptions {
  /** Access token lifetime, seconds (default 300). */
  readonly accessTokenTtl?: number
  /** Refresh token lifetime, seconds (default one day). */
  readonly refreshTokenTtl?: number
  /** The resource server's identifier (RFC 8707); default `<issuer>/api/`. */
  readonly resource?: string
}

export const startOidcServer = async (options: OidcServerOptions = {}): Promise<OidcServer> => {
  const sockets = new Set<Socket>()
  let handler: http.RequestListener = (_req, res) => res.end()
  const server = http.createServer((req, res) => handler(req, res))
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server)
  const issuer = `http://127.0.0.1:${port}`
  const resource = options.resource ?? `${issuer}/api/`
  const apiScopes = ["orders:read", "orders:write"]
  const accessTokenTtl = options.accessTokenTtl ?? 300
  const clients = {
    machine: { id: "machine", secret: "machine-secret-0123456789" },
    web: { id: "web", secret: "web-secret-0123456789", redirectUri: "https://app.example/oauth/callback" },
    native: { id: "native", secret: undefined },
    api: { id: "api", secret: "api-secret-0123456789" }
  } as const
  const tokenRequests: Array<TokenRequest> = []

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    jwks: jwks(),
    clients: [
      {
        client_id: clients.machine.id,
        client_secret: clients.machine.secret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: []
      },
      {
        client_id: clients.web.id,
        client_secret: clients.web.secret,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [clients.web.redirectUri]
      },
      {
        client_id: clients.native.id,
        token_endpoint_auth_method: "none",
        application_type: "native",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        // Any port: a native app's loopback listener takes whichever is free (RFC 8252 §7.3).
        redirect_uris: ["http://127.0.0.1/callback"]
      },
      {
        client_id: clients.api.id,
        client_secret: clients.api.secret,
        grant_types: [],
        response_types: [],
        redirect_uris: []
      }
    ],
    scopes: ["openid", "offline_access", ...apiScopes],
    cookies: { keys: ["rcp-test-cookie-key"] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // Only the resource server may ask, about any token.
      introspection: { enabled: true, allowedPolicy: async (_ctx, client) => client.clientId === clients.api.id },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => client.clientId === token.clientId },
      resourceIndicators: {
        enabled: true,
        // A request without `resource` gets a token for the API all the same.
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new ProviderErrors.InvalidTarget()
          return { scope: apiScopes.join(" "), audience: resource, accessTokenFormat: "opaque", accessTokenTTL: accessTokenTtl }
        }
      }
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      RefreshToken: options.refreshTokenTtl ?? 86_400,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400 * 30
    }
  })

  // Every token endpoint request, counted once the provider has read its grant type.
  provider.use(async (ctx, next) => {
    await next()
    if (ctx.path === "/token" && ctx.method === "POST") {
      // The body as sent: the provider fills a missing `resource` into its params from defaultResource.
      const body = (ctx.oidc as { body?: Record<string, unknown> } | undefined)?.body
      const text = (name: string) => (typeof body?.[name] === "string" ? body[name] as string : undefined)
      tokenRequests.push({
        grantType: text("grant_type") ?? "?",
        clientId: ctx.oidc?.client?.clientId,
        resource: text("resource"),
        scope: text("scope"),
        status: ctx.status
      })
    }
  })

  // The consent-free interaction: sign in as the browser's account, grant what was asked.
  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res)
    const params = details.params as Record<string, string | undefined>
    const header = req.headers["x-test-account"]
    const accountId = typeof header === "string" && header !== "" ? header : "nobody"
    const grant = new provider.Grant({ accountId, clientId: params.client_id! })
    const scope = params.scope ?? ""
    // Without `resource` in the request, the provider reads every scope as the grant's own.
    grant.addOIDCScope(scope)
    grant.addResourceScope(resource, scope.split(" ").filter((s) => apiScopes.includes(s)).join(" "))
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, {
      mergeWithLastSubmission: false
    })
  }

  const callback = provider.callback()
  handler = (req, res) => {
    if ((req.url ?? "").startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
      return
    }
    void callback(req, res)
  }

  const introspect = async (token: string): Promise<Introspection> => {
    const response = await fetch(`${issuer}/token/introspection`, form(clients.api, { token }))
    return (await response.json()) as Introspection
  }

  const revoke = async (token: string, client: ClientInfo): Promise<void> => {
    const response = await fetch(`${issuer}/token/revocation`, form(client, { token }))
    if (response.status !== 200) throw new Error(`revocation answered ${response.status}`)
  }

  const browse = async (authorizationUrl: string | URL, account: string): Promise<URL> => {
    const jar = new Map<string, string>()
    let url = new URL(authorizationUrl)
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url
      const response = await fetch(url, {
        redirect: "manual",
        headers: { "x-test-account": account, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") }
      })
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";")[0]!
        const eq = pair.indexOf("=")
        jar.set(pair.slice(0, eq), pair.slice(eq + 1))
      }
      const location = response.headers.get("location")
      if (location === null) {
        throw new Error(`the authorization server answered ${response.status} without a redirect: ${await response.text()}`)
      }
      await response.body?.cancel()
      url = new URL(location, url)
    }
    throw new Error("too many redirects while playing the browser")
  }

  const connect = async (account: string, scope = "offline_access orders:read"): Promise<IssuedTokens> => {
    // Written by hand on purpose: the oracle must not share code with the client under test.
    const url = new URL(`${issuer}/auth`)
    const verifier = "test-verifier-".padEnd(64, "x")
    const { createHash } = await import("node:crypto")
    url.search = new URLSearchParams({
      client_id: clients.web.id,
      redirect_uri: clients.web.redirectUri,
      response_type: "code",
      scope,
      state: "test-state",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256"
    }).toString()
    const back = await browse(url, account)
    const code = back.searchParams.get("code")
    if (code === null) throw new Error(`no code in the callback: ${back.search}`)
    const response = await fetch(`${issuer}/token`, form(clients.web, {
      grant_type: "authorization_code",
      code,
      redirect_uri: clients.web.redirectUri,
      code_verifier: verifier
    }))
    const body = await response.json() as Record<string, unknown>
    if (response.status !== 200) throw new Error(`the code exchange answered ${response.status}: ${JSON.stringify(body)}`)
    return {
      accessToken: String(body.access_token),
      refreshToken: String(body.refresh_token),
      expiresIn: Number(body.expires_in)
    }
  }

  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    authorizationUrl: `${issuer}/auth`,
    revocationUrl: `${issuer}/token/revocation`,
    resource,
    apiScopes,
    clients,
    tokenRequests,
    hitsOf: (grantType) => tokenRequests.filter((request) => request.grantType === grantType).length,
    introspect,
    revoke,
    invalidate: async (accessToken) => {
      const token = await provider.AccessToken.find(accessToken)
      if (token === undefined) throw new Error("no such access token")
      await token.destroy()
    },
    browse,
    connect,
    close: () => closeServer(server, sockets)
  }
}

// ---------------------------------------------------------------------------------------------
// The protected API
// ---------------------------------------------------------------------------------------------

export interface ApiRequest {
  /** The user the request is about (`/api/users/<user>/orders`), or undefined for `/api/orders`. */
  readonly user: string | undefined
  readonly token: string | undefined
  /** What the authorization server said about the token when the request arrived. */
  readonly introspection: Introspection | undefined
  readonly status: number
  readonly at: number
}

export interface TestApi {
  readonly origin: string
  readonly url: (path: string) => string
  readonly requests: Array<ApiRequest>
  /** What `GET /rcp/manifest` answers (404 while undefined): the API's own manifest, for `discover`. */
  manifest: unknown
  readonly close: () => Promise<void>
}

/**
 * The protected REST API: `GET /api/orders` (any valid token) and `GET /api/users/<user>/orders`
 * (a valid token of that user). A missing, expired, revoked or foreign token gets 401 with a
 * `WWW-Authenticate: Bearer error="invalid_token"` challenge (RFC 6750 §3); the wrong user's
 * token gets 403.
 */
export const startApi = async (authority: {
  readonly introspect: (token: string) => Promise<Introspection>
  readonly resource: () => string
}): Promise<TestApi> => {
  const requests: Array<ApiRequest> = []
  const sockets = new Set<Socket>()
  const served: { manifest: unknown } = { manifest: undefined }
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/rcp/manifest" && served.manifest !== undefined) {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(served.manifest))
      return
    }
    void (async () => {
      const at = Date.now()
      const match = /^\/api\/(?:users\/([^/]+)\/)?orders$/.exec(new URL(req.url ?? "/", "http://x").pathname)
      const user = match?.[1] === undefined ? undefined : decodeURIComponent(match[1])
      const header = req.headers.authorization
      const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined
      const introspection = token === undefined ? undefined : await authority.introspect(token)
      const valid = introspection?.active === true && introspection.aud === authority.resource()
      const status = match === null ? 404 : !valid ? 401 : user !== undefined && introspection?.sub !== user ? 403 : 200
      requests.push({ user, token, introspection, status, at })
      const body = JSON.stringify(status === 200 ? { orders: [], sub: introspection?.sub ?? null } : { error: status })
      res.writeHead(status, {
        "content-type": "application/json",
        ...(status === 401 ? { "www-authenticate": "Bearer error=\"invalid_token\"" } : {})
      })
      res.end(body)
    })()
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server)
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    get manifest() {
      return served.manifest
    },
    set manifest(value: unknown) {
      served.manifest = value
    },
    close: () => closeServer(server, sockets)
  }
}

export interface OAuthWorld {
  readonly oidc: OidcServer
  readonly api: TestApi
  readonly close: () => Promise<void>
}

/** The authorization server and the API it protects (whose base URL is the resource identifier). */
export const startOAuthWorld = async (options: Omit<OidcServerOptions, "resource"> = {}): Promise<OAuthWorld> => {
  let oidc: OidcServer | undefined
  const api = await startApi({ introspect: (token) => oidc!.introspect(token), resource: () => oidc!.resource })
  oidc = await startOidcServer({ ...options, resource: api.url("/api/") })
  const started = oidc
  return { oidc: started, api, close: async () => void (await Promise.all([started.close(), api.close()])) }
}

/**
 * A manifest's `auth` block for this server's authorization-code flow (its endpoints and issuer) and
 * the given scopes: what a per-user OAuth API publishes. Tests that check an importer's output spell
 * theirs out instead (that is their oracle).
 */
export const authorizationCodeAuth = (oidc: OidcServer, scopes: ReadonlyArray<string>) => ({
  type: "oauth2" as const,
  flows: ["authorization_code" as const],
  tokenUrl: oidc.tokenUrl,
  authorizationUrl: oidc.authorizationUrl,
  revocationUrl: oidc.revocationUrl,
  issuer: oidc.issuer,
  scopes: [...scopes]
})
