/**
 * Helpers for the execution tests: a client layer over real fetch that also records every URL it
 * tried to reach, manifest and tool builders, a recording tracer and logger, a recording server
 * that accepts very long request lines and headers, and `eventually` for real-time polling.
 */
import { FetchHttpClient, HttpClient } from "#target/Http.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { assert } from "vitest"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import { type Handler, type Recorded, type TestServer, testServer } from "./server.js"

/** Distinctive values that must never show up in an error, a span or a log line. */
export const RESOLVED_SECRET = "RESOLVED-SECRET-77"
export const CREDENTIAL_SECRET = "CRED-SECRET-99"
export const MODEL_SECRET = "MODEL-SECRET-55"

export interface Attempts {
  /** Every URL the HTTP client was asked to fetch, in order (redirect hops included). */
  readonly urls: Array<string>
}

/** Fetch, recording each URL it is asked for: proof that nothing at all went out. */
export const recordingFetch = (attempts: Attempts): Layer.Layer<HttpClient.HttpClient> =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) =>
      HttpClient.transform(client, (response, request) =>
        Effect.suspend(() => {
          attempts.urls.push(request.url)
          return response
        })))
  ).pipe(Layer.provide(FetchHttpClient.layer))

export type Resolvers = Record<string, Resolver.ResolverFn<any, never>>

/** The client under test: `Client.layer(options)` over fetch, with the given resolvers. */
export const clientLayer = (
  options: Client.Options = {},
  resolvers: Resolvers = {},
  attempts: Attempts = { urls: [] }
): Layer.Layer<Client.RcpClient> =>
  Client.layer(options).pipe(
    Layer.provide(Resolver.layer(resolvers)),
    Layer.provide(recordingFetch(attempts))
  )

/** The client under test over another HttpClient implementation (node:http, undici). */
export const clientLayerOver = (
  httpClient: Layer.Layer<HttpClient.HttpClient>,
  options: Client.Options = {},
  resolvers: Resolvers = {}
): Layer.Layer<Client.RcpClient> =>
  Client.layer(options).pipe(Layer.provide(Resolver.layer(resolvers)), Layer.provide(httpClient))

export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [k: string]: Json }

export interface ToolInput {
  readonly name: string
  readonly description?: string
  readonly method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly params?: ReadonlyArray<
    { readonly name: string; readonly type: "string" | "number" | "boolean"; readonly required?: boolean }
  >
  readonly url: string
  readonly queryParams?: Record<string, string>
  readonly headers?: Record<string, string>
  readonly body?: Json
  readonly responseMappings?: Record<string, string>
  readonly tags?: ReadonlyArray<string>
}

export type AuthInput =
  | { readonly type: "none" }
  | { readonly type: "header"; readonly name: string; readonly scheme?: string }
  | { readonly type: "query"; readonly name: string }

/** A manifest object as a server would serve it. */
export const manifest = (tools: ReadonlyArray<ToolInput>, auth?: AuthInput) => ({
  rcpVersion: "0.1",
  ...(auth === undefined ? {} : { auth }),
  tools: tools.map((tool) => ({
    description: `The ${tool.name} tool.`,
    method: "GET",
    params: [],
    ...tool
  }))
})

/** A POST tool sending `{ text, n: 1 }` as JSON; `POST_BODY` is what it sends for `text: "hello"`. */
export const postTool = (origin: string, path = "/start"): ToolInput => ({
  name: "submit",
  method: "POST",
  params: [{ name: "text", type: "string" }],
  url: `${origin}${path}`,
  body: { text: "{{text}}", n: 1 }
})

/**
 * The tools the model-integration tests give an agent: `search` (GET, an optional `limit`) and
 * `enroll` (POST), whose `userId` is meant to be resolver-bound.
 */
export const agentTools = (origin: string): Array<ToolInput> => [
  {
    name: "search",
    description: "Search courses.",
    params: [{ name: "q", type: "string" }, { name: "limit", type: "number", required: false }],
    url: `${origin}/search`,
    queryParams: { q: "{{q}}", limit: "{{limit}}" }
  },
  {
    name: "enroll",
    description: "Enroll the user.",
    method: "POST",
    params: [{ name: "userId", type: "string" }, { name: "courseId", type: "string" }],
    url: `${origin}/users/{{userId}}/enrollments`,
    body: { courseId: "{{courseId}}" }
  },
]

export const POST_BODY = JSON.stringify({ text: "hello", n: 1 })

export const bearer: AuthInput = { type: "header", name: "Authorization", scheme: "Bearer" }

/** Registers `tools` as if discovered at `{server}/rcp/manifest`. */
export const registerAt = (server: { readonly origin: string }, tools: ReadonlyArray<ToolInput>, auth?: AuthInput) =>
  Client.register(manifest(tools, auth), { url: `${server.origin}/rcp/manifest` }).pipe(Effect.orDie)

/** Waits (in real time, whatever the test clock) until `condition` holds; fails the test after `ms`. */
export const eventually = (label: string, condition: () => boolean, ms = 3_000): Effect.Effect<void> =>
  Effect.promise(async () => {
    const deadline = Date.now() + ms
    while (!condition()) {
      if (Date.now() > deadline) assert.fail(`timed out waiting for: ${label}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })

/** Milliseconds since `start`, in real time. */
export const since = (start: number): number => Date.now() - start

// The recording tracer and logger are written per Effect (their APIs differ): the kit has them.
export { type RecordedSpan, recordingLogger, recordingTracer } from "#test-target"

export { safeStringify } from "./stringify.js"

/** Asserts that none of `secrets` appears in `text`, naming where it was found. */
export const assertNoSecrets = (where: string, text: string, secrets: ReadonlyArray<string>): void => {
  for (const secret of secrets) {
    assert.isFalse(text.includes(secret), `${where} contains the secret ${secret}: ${text.slice(0, 400)}`)
  }
}

/** The raw path segments of a request target (before `?`), still percent-encoded. */
export const rawSegments = (request: Recorded): Array<string> => {
  const q = request.target.indexOf("?")
  return (q === -1 ? request.target : request.target.slice(0, q)).split("/").slice(1)
}

/** The sorted distinct query keys a request arrived with. */
export const queryKeys = (request: Recorded): Array<string> => [...new Set(request.query.keys())].sort()

/** The sorted names of the `x-` headers a request arrived with. */
export const customHeaders = (request: Recorded): Array<string> =>
  Object.keys(request.headers).filter((name) => name.startsWith("x-")).sort()

/**
 * Like `testServer` from `./server.js`, but Node's 16 KiB limit on the request line and headers
 * is raised, so a 100 kB argument in the path, the query or a header can arrive.
 */
export const largeHeaderServer = (handler: Handler): Effect.Effect<TestServer, never, Scope.Scope> =>
  testServer(handler, { maxHeaderSize: 4 * 1024 * 1024 })
