/**
 * The token endpoint's transport discipline without a server (the fast set of `npm run mutate`,
 * test/MUTATION.md): plain http only where the manifest rules allow it, the cap on an answer, the
 * token response checked (bearer, sendable), every failure translated into `TokenRequestFailed`
 * from safe parts only (registered error codes, statuses, origins — never the server's text, a
 * token or the client secret), the authorization request and the callback check, and the span.
 * The endpoint is a `fetch` function; `oauth4webapi` itself runs for real. Over real sockets:
 * hostileTokenEndpoint.test.ts and transportFetch.test.ts.
 */
import { onlyFailure } from "#test-target"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { assert, describe, it } from "../../support/effectVitest.js"
import { type RecordedSpan, recordingTracer } from "../../support/execute.js"
import { oauthAuthAt } from "../../support/oauthAuth.js"
import * as Endpoint from "../../../src/internal/client/oauth/endpoint.js"
import { Refused } from "../../../src/internal/client/oauth/transportFetch.js"

const SECRET = "CLIENT-SECRET-4242"
const ORIGIN = "https://auth.example.test"

const auth = oauthAuthAt(ORIGIN)

interface Seen {
  readonly url: string
  readonly body: URLSearchParams
  readonly authorization: string | null
}

const server = (answer: (seen: Seen, signal: AbortSignal | undefined) => Response | Promise<Response>) => {
  const seen: Array<Seen> = []
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = {
      url: String(input),
      body: new URLSearchParams(String(init?.body ?? "")),
      authorization: new Headers(init?.headers).get("authorization")
    }
    seen.push(request)
    return answer(request, init?.signal ?? undefined)
  }
  return { seen, fetch: fetch as typeof globalThis.fetch }
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })

const bearer = (extra: Record<string, unknown> = {}) => json({ access_token: "AT-1", token_type: "bearer", ...extra })

const endpointOver = (fake: ReturnType<typeof server>, overrides: Partial<Endpoint.Options> = {}) =>
  Effect.map(Endpoint.load, (library) =>
    Endpoint.make({
      api: "Orders",
      auth: auth(),
      clientId: "machine",
      clientSecret: Redacted.make(SECRET),
      clientAuthentication: "client_secret_basic",
      allowHttp: false,
      timeoutMs: 30_000,
      maxResponseBytes: 200,
      fetch: fake.fetch,
      ...overrides
    }, library))

const failure = (exit: Exit.Exit<unknown, unknown>) => {
  assert.isTrue(Exit.isFailure(exit), `expected a failure, got ${String(exit)}`)
  const error = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(error, String(exit))
  assert.notInclude(JSON.stringify(error), SECRET)
  return error as { readonly _tag: string; readonly message: string; readonly status?: number; readonly error?: string; readonly grant: string }
}

const prefix = (grant = "client_credentials", origin = ORIGIN) => `Orders: the ${grant} request to the token endpoint ${origin} failed:`
const END = "; nothing was sent to the API"

/** The message of a client credentials request whose token endpoint answers `answer`. */
const messageOf = (answer: Parameters<typeof server>[0], overrides: Partial<Endpoint.Options> = {}) =>
  Effect.gen(function*() {
    const endpoint = yield* endpointOver(server(answer), overrides)
    const error = failure(yield* Effect.exit(endpoint.clientCredentials([])))
    return error.message
  })

describe("the token response", () => {
  it.effect("a bearer token (any case): the tokens redacted, expires_in and scope as sent, an empty refresh token none", () =>
    Effect.gen(function*() {
      const endpoint = yield* endpointOver(server(() => bearer({ token_type: "BeArEr", refresh_token: "RT", expires_in: 120, scope: "a b" })))
      const set = yield* endpoint.clientCredentials([])
      assert.deepStrictEqual([Redacted.value(set.accessToken), Redacted.value(set.refreshToken!), set.expiresIn, set.scope], ["AT-1", "RT", 120, "a b"])
      const bare = yield* (yield* endpointOver(server(() => bearer()))).clientCredentials([])
      assert.deepStrictEqual([bare.refreshToken, bare.expiresIn, bare.scope], [undefined, undefined, undefined])
    }))

  it.effect("a token that is not bearer, or cannot be sent in a header, is refused", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* messageOf(() => bearer({ token_type: "DPoP" })), `${prefix()} it issued a token that is not a bearer token${END}`)
      // An empty one the library refuses first.
      assert.strictEqual(
        yield* messageOf(() => bearer({ access_token: "" })),
        `${prefix()} its answer is not a usable token response (OAUTH_INVALID_RESPONSE)${END}`
      )
      for (const token of ["a\nb", "a\u0000b", "a\u007fb", "a\u0100b"]) {
        assert.strictEqual(
          yield* messageOf(() => bearer({ access_token: token })),
          `${prefix()} it issued an access token that cannot be sent in a header${END}`,
          JSON.stringify(token)
        )
      }
    }))

  it.effect("an answer is read up to the cap: declared or streamed past it is refused; exactly the cap is read", () =>
    Effect.gen(function*() {
      const tooLarge = `${prefix()} its answer is larger than 200 bytes${END}`
      const declared = () => new Response("{}", { status: 200, headers: { "content-type": "application/json", "content-length": "201" } })
      assert.strictEqual(yield* messageOf(declared), tooLarge)
      const declaredNoBody = () => new Response(null, { status: 200, headers: { "content-type": "application/json", "content-length": "201" } })
      assert.strictEqual(yield* messageOf(declaredNoBody), tooLarge)
      const text = JSON.stringify({ access_token: "AT-1", token_type: "bearer" })
      const padded = (size: number) => () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(text))
              controller.enqueue(new TextEncoder().encode(" ".repeat(size - text.length)))
              controller.close()
            }
          }),
          { status: 200, headers: { "content-type": "application/json" } }
        )
      assert.strictEqual(yield* messageOf(padded(201)), tooLarge)
      const exact = yield* (yield* endpointOver(server(padded(200)))).clientCredentials([])
      assert.strictEqual(Redacted.value(exact.accessToken), "AT-1")
      const declaredExact = () => new Response(text, { status: 200, headers: { "content-type": "application/json", "content-length": "200" } })
      assert.strictEqual(Redacted.value((yield* (yield* endpointOver(server(declaredExact))).clientCredentials([])).accessToken), "AT-1")
    }))
})

describe("failures, from safe parts only", () => {
  it.effect("an error answer: the status, and the error code only when it is a registered one", () =>
    Effect.gen(function*() {
      const endpoint = yield* endpointOver(server(() => json({ error: "invalid_scope", error_description: SECRET }, 400)))
      const error = failure(yield* Effect.exit(endpoint.clientCredentials([])))
      assert.deepStrictEqual([error._tag, error.status, error.error, error.message], [
        "TokenRequestFailed",
        400,
        "invalid_scope",
        `${prefix()} it answered HTTP 400 (invalid_scope)${END}`
      ])
      const echo = failure(yield* Effect.exit((yield* endpointOver(server(() => json({ error: SECRET }, 400)))).clientCredentials([])))
      assert.deepStrictEqual([echo.status, echo.error, echo.message], [400, undefined, `${prefix()} it answered HTTP 400${END}`])
    }))

  it.effect("an authentication challenge: the status and its registered error code", () =>
    Effect.gen(function*() {
      const challenge = (error: string) => () =>
        json({}, 401, { "www-authenticate": `Bearer error="${error}", error_description="${SECRET}"` })
      const endpoint = yield* endpointOver(server(challenge("invalid_token")))
      const error = failure(yield* Effect.exit(endpoint.clientCredentials([])))
      assert.deepStrictEqual([error.status, error.error, error.message], [
        401,
        "invalid_token",
        `${prefix()} it answered HTTP 401 with an authentication challenge (invalid_token)${END}`
      ])
      assert.strictEqual(yield* messageOf(challenge("nonsense")), `${prefix()} it answered HTTP 401 with an authentication challenge${END}`)
    }))

  it.effect("an answer that is no token response: the status and the library's code", () =>
    Effect.gen(function*() {
      assert.strictEqual(
        yield* messageOf(() => new Response("<html>", { status: 200, headers: { "content-type": "text/html" } })),
        `${prefix()} it answered HTTP 200, which is not a token response (OAUTH_RESPONSE_IS_NOT_JSON)${END}`
      )
      assert.strictEqual(
        yield* messageOf(() => json({ token_type: "bearer" })),
        `${prefix()} its answer is not a usable token response (OAUTH_INVALID_RESPONSE)${END}`
      )
    }))

  it.effect("the library's own processing errors: its code, or a stand-in when it has none; the status of the answer it names", () =>
    Effect.gen(function*() {
      const library = yield* Endpoint.load
      const thrown = (error: Error) => () => Promise.reject(error)
      assert.strictEqual(
        yield* messageOf(thrown(new library.OperationProcessingError(SECRET))),
        `${prefix()} its answer is not a usable token response (OAUTH_INVALID_RESPONSE)${END}`
      )
      assert.strictEqual(
        yield* messageOf(thrown(new library.OperationProcessingError(SECRET, { cause: new Response(null, { status: 418 }), code: "X_CODE" }))),
        `${prefix()} it answered HTTP 418, which is not a token response (X_CODE)${END}`
      )
      assert.strictEqual(
        yield* messageOf(thrown(new library.UnsupportedOperationError(SECRET))),
        `${prefix()} its answer is not a usable token response (OAUTH_UNSUPPORTED_OPERATION)${END}`
      )
    }))

  it.effect("the transport's refusals, each in its words", () =>
    Effect.gen(function*() {
      const refused = (error: ConstructorParameters<typeof Refused>[0]) => () => Promise.reject(new Refused(error))
      const cases: ReadonlyArray<[ConstructorParameters<typeof Refused>[0], string]> = [
        [{ _tag: "Timeout", timeoutMs: 1234 } as never, "it did not answer within 1234 ms"],
        [{ _tag: "ResponseTooLarge", maxBytes: 4321 } as never, "its answer is larger than 4321 bytes"],
        [{ _tag: "BlockedAddress" } as never, "its address is internal, and the client blocks private networks"],
        [{ _tag: "RedirectRefused" } as never, "it answered with a redirect, which a token request does not follow"],
        [{ _tag: "TooManyRedirects" } as never, "it answered with a redirect, which a token request does not follow"],
        [{ _tag: "TransportError" } as never, "it could not be reached"]
      ]
      for (const [error, reason] of cases) assert.strictEqual(yield* messageOf(refused(error)), `${prefix()} ${reason}${END}`)
    }))

  it.effect("unreachable, anything else, and the request's own timeout", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* messageOf(() => Promise.reject(new TypeError("fetch failed"))), `${prefix()} it could not be reached${END}`)
      assert.strictEqual(
        yield* messageOf(() => Promise.reject(Object.assign(new TypeError(SECRET), { code: "X" }))),
        `${prefix()} the request could not be made${END}`
      )
      assert.strictEqual(yield* messageOf(() => Promise.reject(new Error(SECRET))), `${prefix()} the request could not be made${END}`)
      // Answers after a second unless the request is aborted first.
      const stall = (_seen: Seen, signal: AbortSignal | undefined) =>
        new Promise<Response>((resolve, reject) => {
          const answer = setTimeout(() => resolve(bearer()), 1000)
          signal?.addEventListener("abort", () => {
            clearTimeout(answer)
            reject(new Error("aborted"))
          })
        })
      assert.strictEqual(yield* messageOf(stall, { timeoutMs: 20 }), `${prefix()} it did not answer within 20 ms${END}`)
    }))

  it.live("a redirect is not followed", () =>
    Effect.gen(function*() {
      const fake = server(() => new Response(null, { status: 302, headers: { location: "https://evil.example.test/token" } }))
      const error = failure(yield* Effect.exit((yield* endpointOver(fake)).clientCredentials([])))
      assert.strictEqual(error.status, 302)
      assert.deepStrictEqual(fake.seen.map((s) => s.url), [`${ORIGIN}/token`])
    }))
})

describe("where the client secret and tokens go", () => {
  it.effect("plain http: to a loopback host, or anywhere with allowHttp; otherwise nothing is sent", () =>
    Effect.gen(function*() {
      for (const [url, allowHttp] of [["http://127.0.0.1:9/token", false], ["http://localhost:9/token", false], ["http://auth.example.test/token", true]] as const) {
        const fake = server(() => bearer())
        const endpoint = yield* endpointOver(fake, { auth: auth({ tokenUrl: url }), allowHttp })
        assert.strictEqual(Redacted.value((yield* endpoint.clientCredentials([])).accessToken), "AT-1")
        assert.deepStrictEqual(fake.seen.map((s) => s.url), [url])
      }
      const fake = server(() => bearer())
      const endpoint = yield* endpointOver(fake, { auth: auth({ tokenUrl: "http://auth.example.test/token" }) })
      const error = failure(yield* Effect.exit(endpoint.clientCredentials([])))
      assert.strictEqual(error.message, `${prefix("client_credentials", "http://auth.example.test")} its answer is not a usable token response (OAUTH_HTTP_REQUEST_FORBIDDEN)${END}`)
      assert.strictEqual(fake.seen.length, 0)
      const revocation = yield* endpointOver(fake, { auth: auth({ revocationUrl: "http://auth.example.test/revoke" }), allowHttp: false })
      failure(yield* Effect.exit(revocation.revoke(Redacted.make("RT"))))
      assert.strictEqual(fake.seen.length, 0)
    }))

  it.effect("each grant at the token endpoint with the client's authentication and the resource; revocation at its own", () =>
    Effect.gen(function*() {
      const fake = server(() => bearer())
      const endpoint = yield* endpointOver(fake, { auth: auth({ resource: "https://api.example.test/" }) })
      yield* endpoint.clientCredentials(["a", "b"])
      yield* endpoint.clientCredentials([])
      yield* endpoint.refresh(Redacted.make("RT-9"))
      const request = yield* endpoint.authorizationRequest("https://app.example.test/cb", [])
      const parameters = endpoint.checkCallback(new URL(`https://app.example.test/cb?code=C-1&state=${request.state}`), request)
      assert.notStrictEqual(typeof parameters, "string")
      yield* endpoint.exchangeCode(parameters as URLSearchParams, request)
      yield* endpoint.revoke(Redacted.make("RT-9"))
      const form = (s: Seen) => Object.fromEntries(s.body)
      assert.deepStrictEqual(fake.seen.map((s) => s.url), [...Array(4).fill(`${ORIGIN}/token`), `${ORIGIN}/revoke`])
      assert.deepStrictEqual(form(fake.seen[0]!), { resource: "https://api.example.test/", scope: "a b", grant_type: "client_credentials" })
      assert.deepStrictEqual(form(fake.seen[1]!), { resource: "https://api.example.test/", grant_type: "client_credentials" })
      assert.deepStrictEqual(form(fake.seen[2]!), { refresh_token: "RT-9", resource: "https://api.example.test/", grant_type: "refresh_token" })
      assert.deepStrictEqual(form(fake.seen[3]!), {
        redirect_uri: "https://app.example.test/cb",
        code_verifier: Redacted.value(request.verifier),
        code: "C-1",
        resource: "https://api.example.test/",
        grant_type: "authorization_code"
      })
      assert.deepStrictEqual(form(fake.seen[4]!), { token: "RT-9" })
      for (const s of fake.seen) {
        assert.deepStrictEqual(Buffer.from(s.authorization!.slice("Basic ".length), "base64").toString().split(":").map(decodeURIComponent), [
          "machine",
          SECRET
        ])
      }
    }))

  it.effect("without a resource none is sent; each grant's failure names that grant", () =>
    Effect.gen(function*() {
      const fake = server(() => bearer())
      const endpoint = yield* endpointOver(fake)
      yield* endpoint.clientCredentials([])
      yield* endpoint.refresh(Redacted.make("RT-9"))
      const request = yield* endpoint.authorizationRequest("https://app.example.test/cb", [])
      const parameters = endpoint.checkCallback(new URL(`https://app.example.test/cb?code=C-1&state=${request.state}`), request)
      yield* endpoint.exchangeCode(parameters as URLSearchParams, request)
      assert.deepStrictEqual(fake.seen.map((s) => [...s.body.keys()].join(",")), [
        "grant_type",
        "refresh_token,grant_type",
        "redirect_uri,code,code_verifier,grant_type"
      ])
      const notBearer = yield* endpointOver(server(() => bearer({ token_type: "DPoP" })))
      const refused = yield* endpointOver(server(() => json({ error: "invalid_grant" }, 400)))
      const request2 = yield* refused.authorizationRequest("https://app.example.test/cb", [])
      const parameters2 = refused.checkCallback(new URL(`https://app.example.test/cb?code=C-2&state=${request2.state}`), request2)
      const request3 = yield* notBearer.authorizationRequest("https://app.example.test/cb", [])
      const parameters3 = notBearer.checkCallback(new URL(`https://app.example.test/cb?code=C-3&state=${request3.state}`), request3)
      const messages = [
        failure(yield* Effect.exit(notBearer.refresh(Redacted.make("RT")))).message,
        failure(yield* Effect.exit(notBearer.exchangeCode(parameters3 as URLSearchParams, request3))).message,
        failure(yield* Effect.exit(refused.refresh(Redacted.make("RT")))).message,
        failure(yield* Effect.exit(refused.exchangeCode(parameters2 as URLSearchParams, request2))).message
      ]
      assert.deepStrictEqual(messages, [
        `${prefix("refresh_token")} it issued a token that is not a bearer token${END}`,
        `${prefix("authorization_code")} it issued a token that is not a bearer token${END}`,
        `${prefix("refresh_token")} it answered HTTP 400 (invalid_grant)${END}`,
        `${prefix("authorization_code")} it answered HTTP 400 (invalid_grant)${END}`
      ])
    }))

  it.effect("a client without a secret never sends one, whatever its authentication method", () =>
    Effect.gen(function*() {
      const fake = server(() => bearer())
      const error = failure(
        yield* Effect.exit((yield* endpointOver(fake, { clientAuthentication: "client_secret_post", clientSecret: undefined })).clientCredentials([]))
      )
      assert.strictEqual(error.message, `${prefix()} the request could not be made${END}`)
      assert.strictEqual(fake.seen.length, 0)
    }))

  it.effect("client_secret_post puts the secret in the form; none sends no secret", () =>
    Effect.gen(function*() {
      const fake = server(() => bearer())
      yield* (yield* endpointOver(fake, { clientAuthentication: "client_secret_post" })).clientCredentials([])
      yield* (yield* endpointOver(fake, { clientAuthentication: "none", clientSecret: undefined })).clientCredentials([])
      assert.deepStrictEqual(fake.seen.map((s) => [s.authorization, s.body.get("client_id"), s.body.get("client_secret")]), [
        [null, "machine", SECRET],
        [null, "machine", null]
      ])
    }))

  it.effect("revocation: 200 is success (RFC 7009 §2.2); 204, an answer without a body by its status, is not; an error answer is a failure", () =>
    Effect.gen(function*() {
      const fake = server(() => new Response(null, { status: 200 }))
      yield* (yield* endpointOver(fake)).revoke(Redacted.make("RT"))
      assert.deepStrictEqual(fake.seen.map((s) => [s.url, s.body.get("token")]), [[`${ORIGIN}/revoke`, "RT"]])
      const noContent = yield* endpointOver(server(() => new Response(null, { status: 204 })))
      assert.strictEqual(
        failure(yield* Effect.exit(noContent.revoke(Redacted.make("RT")))).message,
        `${prefix("revocation")} it answered HTTP 204, which is not a token response (OAUTH_RESPONSE_IS_NOT_CONFORM)${END}`
      )
      const refused = yield* endpointOver(server(() => json({ error: "unsupported_token_type" }, 400)))
      assert.strictEqual(
        failure(yield* Effect.exit(refused.revoke(Redacted.make("RT")))).message,
        `${prefix("revocation")} it answered HTTP 400 (unsupported_token_type)${END}`
      )
    }))

  it.effect("revocation without a revocationUrl sends nothing", () =>
    Effect.gen(function*() {
      const fake = server(() => bearer())
      const endpoint = yield* endpointOver(fake, { auth: auth({ revocationUrl: undefined }) })
      const error = failure(yield* Effect.exit(endpoint.revoke(Redacted.make("RT"))))
      assert.strictEqual(error.message, `${prefix("revocation")} the manifest names no revocationUrl${END}`)
      assert.strictEqual(fake.seen.length, 0)
    }))

  it.effect("a span per request: the API's name, the grant and the origin, no secret", () =>
    Effect.gen(function*() {
      const spans: Array<RecordedSpan> = []
      const endpoint = yield* endpointOver(server(() => bearer()), { auth: auth({ tokenUrl: `${ORIGIN}/oauth/token?x=1` }) })
      yield* endpoint.refresh(Redacted.make("RT-SECRET")).pipe(Effect.withTracer(recordingTracer(spans)))
      assert.deepStrictEqual(spans.map((s) => [s.name, Object.fromEntries(s.attributes)]), [[
        "RcpOAuth.tokenRequest",
        { "rcp.oauth.api": "Orders", "rcp.oauth.grant": "refresh_token", "server.origin": ORIGIN }
      ]])
    }))
})

describe("the authorization request and its callback", () => {
  it.effect("the URL: client, redirect, code, scope, state, an S256 challenge of the verifier, the resource", () =>
    Effect.gen(function*() {
      const library = yield* Endpoint.load
      const endpoint = yield* endpointOver(server(() => bearer()), { auth: auth({ resource: "https://api.example.test/" }) })
      const request = yield* endpoint.authorizationRequest("https://app.example.test/cb", ["a", "b"])
      assert.strictEqual(request.url.origin + request.url.pathname, `${ORIGIN}/authorize`)
      assert.deepStrictEqual(Object.fromEntries(request.url.searchParams), {
        client_id: "machine",
        redirect_uri: "https://app.example.test/cb",
        response_type: "code",
        scope: "a b",
        state: request.state,
        code_challenge: yield* Effect.promise(() => library.calculatePKCECodeChallenge(Redacted.value(request.verifier))),
        code_challenge_method: "S256",
        resource: "https://api.example.test/"
      })
      assert.strictEqual(request.redirectUri, "https://app.example.test/cb")
      const plain = yield* (yield* endpointOver(server(() => bearer()))).authorizationRequest("https://app.example.test/cb", [])
      assert.deepStrictEqual([plain.url.searchParams.has("scope"), plain.url.searchParams.has("resource")], [false, false])
      assert.notStrictEqual(plain.state, request.state)
    }))

  it.effect("the callback: its parameters when the state matches; a refusal named by its registered code only", () =>
    Effect.gen(function*() {
      const endpoint = yield* endpointOver(server(() => bearer()))
      const request = yield* endpoint.authorizationRequest("https://app.example.test/cb", [])
      const check = (query: string) => endpoint.checkCallback(new URL(`https://app.example.test/cb?${query}`), request)
      const ok = check(`code=C&state=${request.state}`)
      assert.strictEqual(typeof ok === "string" ? ok : ok.get("code"), "C")
      assert.strictEqual(check(`code=C&state=other`), "the authorization response does not match the request (state or issuer)")
      assert.strictEqual(check(`code=C&state=${request.state}&iss=https://evil.example.test`), "the authorization response does not match the request (state or issuer)")
      assert.strictEqual(check(`error=access_denied&state=${request.state}`), `the authorization server answered "access_denied"`)
      assert.strictEqual(check(`error=${SECRET}&state=${request.state}`), "the authorization server refused it")
      // Without a declared issuer the token endpoint's origin stands in.
      assert.notStrictEqual(typeof check(`code=C&state=${request.state}&iss=${ORIGIN}`), "string")
      const declared = yield* endpointOver(server(() => bearer()), { auth: auth({ issuer: "https://issuer.example.test" }) })
      const r2 = yield* declared.authorizationRequest("https://app.example.test/cb", [])
      assert.notStrictEqual(typeof declared.checkCallback(new URL(`https://app.example.test/cb?code=C&state=${r2.state}&iss=https://issuer.example.test`), r2), "string")
      assert.strictEqual(
        declared.checkCallback(new URL(`https://app.example.test/cb?code=C&state=${r2.state}&iss=${ORIGIN}`), r2),
        "the authorization response does not match the request (state or issuer)"
      )
    }))

  it("registered: the codes of the RFCs, nothing else", () => {
    for (const code of ["invalid_request", "invalid_grant", "access_denied", "invalid_target", "registration_not_supported"]) {
      assert.strictEqual(Endpoint.registered(code), code)
    }
    for (const code of [SECRET, "", "INVALID_GRANT", 42, undefined]) assert.strictEqual(Endpoint.registered(code), undefined)
  })
})
