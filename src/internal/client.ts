/**
 * The RcpClient service: discovery (SPEC §2) and execution (SPEC §3), in the order the spec gives,
 * with steps 1–5 finished before any request is sent.
 */
import * as Headers from "@effect/platform/Headers"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import * as Manifest from "../Manifest.js"
import * as Resolver from "../Resolver.js"
import {
  CredentialMissing,
  DuplicateTool,
  HttpError,
  InsecureUrl,
  InvalidArguments,
  InvalidResponse,
  ToolNotFound,
  UnsupportedVersion,
  UntrustedOrigin
} from "./clientErrors.js"
import * as CompiledTool from "./compiledTool.js"
import * as Credential from "./credential.js"
import * as JsonPath from "./jsonPath.js"
import * as ModelTool from "./modelTool.js"
import * as PrivateNetwork from "./privateNetwork.js"
import * as Request from "./request.js"
import * as Retry from "./retry.js"
import * as Transport from "./transport.js"
import * as UrlTemplate from "./urlTemplate.js"

/**
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** The credential for authenticated manifests: a value, or a function called per request. */
  readonly credential?: Credential.CredentialInput | undefined
  /** Origins besides each manifest's own that its tools may call (and receive the credential). */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  /** Allow plain `http:` to hosts that are not loopback. Default false. */
  readonly allowHttp?: boolean | undefined
  /** Per-request timeout (all redirects and the body included). Default 30 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** Largest tool response read, in bytes. Default 5 MiB. */
  readonly maxResponseBytes?: number | undefined
  /** Largest manifest read, in bytes. Default 1 MiB. */
  readonly maxManifestBytes?: number | undefined
  /** Most same-origin redirects followed. Default 5. */
  readonly maxRedirects?: number | undefined
  /** Retries of GET (and methods marked safe) on connection errors and 429/502/503/504. Default 2. */
  readonly retry?: Retry.RetryOptions | undefined
  /**
   * Refuse tool and manifest hosts that are, or resolve to, loopback, private, link-local or other
   * internal addresses — checked on the connection's resolved address, at every redirect hop.
   * For server-side deployments; off by default (local development uses loopback). When on, the
   * client sends through its own guarded undici agent, whatever `HttpClient` is provided.
   */
  readonly blockPrivateNetworks?: boolean | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface ToolCall {
  readonly name: string
  /** An object, or the JSON string LLM APIs return. */
  readonly arguments?: unknown
}

/**
 * @since 0.1.0
 * @category models
 */
export interface ExecuteOptions {
  /** Handed to every resolver of this call. */
  readonly context?: unknown
  /** Overrides the client's timeout for this call. */
  readonly timeout?: Duration.DurationInput | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface ToolResult {
  readonly status: number
  readonly data: unknown
}

/**
 * What `buildRequest` returns: the request `execute` would send, credential shown as `<redacted>`.
 *
 * @since 0.1.0
 * @category models
 */
export interface PreparedRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface Discovery {
  readonly url: string
  readonly manifest: Manifest.Manifest
  /** The model-facing tools; resolver-bound params removed. */
  readonly tools: ReadonlyArray<ModelTool.ModelTool>
  /** Resolvers that match no param of this manifest (likely typos), as readable lines. */
  readonly warnings: ReadonlyArray<string>
}

/** @internal */
export type DiscoverError =
  | Transport.SendError
  | HttpError
  | InvalidResponse
  | InsecureUrl
  | UnsupportedVersion
  | Manifest.ManifestInvalid
  | DuplicateTool

/** @internal */
export type BuildError =
  | ToolNotFound
  | InvalidArguments
  | Resolver.ResolverMissing
  | Resolver.ResolverFailed
  | InsecureUrl
  | UntrustedOrigin
  | CredentialMissing

/** @internal */
export type ExecuteError = BuildError | Transport.SendError | HttpError | InvalidResponse

/** @internal */
export interface Service {
  readonly discover: (url: string | URL) => Effect.Effect<Discovery, DiscoverError>
  readonly register: (input: unknown, source: { readonly url: string }) => Effect.Effect<
    Discovery,
    Manifest.ManifestInvalid | UnsupportedVersion | DuplicateTool | InvalidResponse
  >
  readonly tools: Effect.Effect<ReadonlyArray<ModelTool.ModelTool>>
  readonly execute: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<ToolResult, ExecuteError>
  readonly buildRequest: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<PreparedRequest, BuildError>
}

const MiB = 1024 * 1024
const EXCERPT_CHARS = 1024

interface Settings {
  readonly credential: Credential.CredentialInput | undefined
  readonly trusted: ReadonlySet<string>
  readonly allowHttp: boolean
  readonly timeoutMs: number
  readonly maxResponseBytes: number
  readonly maxManifestBytes: number
  readonly maxRedirects: number
  readonly retry: Retry.Policy
  readonly blockPrivateNetworks: boolean
}

const positive = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`rcp-sdk: ${name} must be a non-negative number`)
  return value
}

/** @internal */
export const settings = (options: Options): Settings => ({
  credential: options.credential,
  trusted: new Set(
    (options.trustedOrigins ?? []).map((origin, i) => {
      try {
        return new URL(origin).origin
      } catch {
        throw new TypeError(`rcp-sdk: trustedOrigins[${i}] is not a URL origin like "https://api.example.com"`)
      }
    })
  ),
  allowHttp: options.allowHttp ?? false,
  timeoutMs: Duration.toMillis(options.timeout ?? Duration.seconds(30)),
  maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes, 5 * MiB),
  maxManifestBytes: positive("maxManifestBytes", options.maxManifestBytes, MiB),
  maxRedirects: positive("maxRedirects", options.maxRedirects, 5),
  retry: Retry.policy(options.retry),
  blockPrivateNetworks: options.blockPrivateNetworks ?? false
})

const decoder = new TextDecoder("utf-8")

const isJsonType = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType.trim())

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

const excerpt = (body: Uint8Array, secrets: ReadonlyArray<string>): string => {
  // Room for a secret (in its longest, escaped form) that straddles the cut.
  const margin = secrets.reduce((max, secret) => Math.max(max, secret.length * 6), 0)
  const text = decoder.decode(body.subarray(0, (EXCERPT_CHARS + margin) * 4))
  return Credential.redact(text, secrets).slice(0, EXCERPT_CHARS)
}

const insecure = (url: { readonly protocol: string; readonly hostname: string }, s: Settings): boolean =>
  url.protocol === "http:" && !s.allowHttp && !UrlTemplate.isLoopbackHost(url.hostname)

interface Registry {
  readonly tools: ReadonlyMap<string, CompiledTool.CompiledTool>
}

/** @internal */
export const make = (
  options: Options
): Effect.Effect<Service, never, HttpClient.HttpClient | Resolver.Resolvers | Scope.Scope> =>
  Effect.gen(function*() {
    const s = settings(options)
    const http = Transport.prepareClient(
      s.blockPrivateNetworks ? yield* PrivateNetwork.guardedHttpClient : yield* HttpClient.HttpClient
    )
    const resolvers = yield* Resolver.Resolvers
    const registry = yield* Ref.make<Registry>({ tools: new Map() })

    const register: Service["register"] = (input, source) =>
      Effect.gen(function*() {
        const origin = new URL(source.url).origin
        if (typeof input === "object" && input !== null && "rcpVersion" in input) {
          const version = (input as { rcpVersion: unknown }).rcpVersion
          if (typeof version === "string" && version !== Manifest.RCP_VERSION) {
            return yield* new UnsupportedVersion({ url: source.url, version: JSON.stringify(version.slice(0, 40)) })
          }
        }
        const manifest = yield* Manifest.decode(input, { source: source.url })
        const compiled = manifest.tools.map((tool) =>
          CompiledTool.compile(manifest, tool, { url: source.url, origin }, resolvers.names)
        )
        yield* Ref.modify(registry, (current): readonly [Effect.Effect<void, DuplicateTool>, Registry] => {
          for (const tool of compiled) {
            const existing = current.tools.get(tool.tool.name)
            if (existing !== undefined && existing.manifestUrl !== source.url) {
              return [
                Effect.fail(
                  new DuplicateTool({ tool: tool.tool.name, firstUrl: existing.manifestUrl, secondUrl: source.url })
                ),
                current
              ] as const
            }
          }
          // Re-discovering a URL replaces what it defined before.
          const next = new Map([...current.tools].filter(([, tool]) => tool.manifestUrl !== source.url))
          for (const tool of compiled) next.set(tool.tool.name, tool)
          return [Effect.void, { tools: next }] as const
        }).pipe(Effect.flatten)
        const warnings = CompiledTool.unusedResolvers(manifest, resolvers.names).map(
          (name) => `resolver "${name}" matches no param of any tool in ${source.url}`
        )
        for (const warning of warnings) yield* Effect.logWarning(warning)
        return { url: source.url, manifest, tools: compiled.map((tool) => tool.model), warnings }
      })

    const discover: Service["discover"] = (input) =>
      Effect.gen(function*() {
        let url: URL
        try {
          url = new URL(input)
        } catch {
          return yield* new InvalidResponse({ target: String(input), reason: "not an absolute URL" })
        }
        const target = url.toString()
        if (url.protocol !== "https:" && url.protocol !== "http:") {
          return yield* new InsecureUrl({ url: target })
        }
        if (insecure(url, s)) return yield* new InsecureUrl({ url: target })
        const received = yield* Retry.withRetries(
          s.retry,
          "GET",
          Transport.send(http, { method: "GET", url, headers: { accept: "application/json" }, body: undefined }, {
            target,
            timeoutMs: s.timeoutMs,
            maxBytes: s.maxManifestBytes,
            maxRedirects: s.maxRedirects,
            // Discovery never carries a credential, whatever the client is configured with.
            authorize: (out) => out,
            blockPrivateNetworks: s.blockPrivateNetworks
          })
        )
        if (received.status < 200 || received.status > 299) {
          return yield* new HttpError({ target, status: received.status, body: excerpt(received.body, []) })
        }
        const json = parseJson(decoder.decode(received.body))
        if (!json.ok) return yield* new InvalidResponse({ target, reason: "the manifest is not JSON" })
        return yield* register(json.value, { url: target })
      }).pipe(Effect.withSpan("RcpClient.discover"))

    const lookup = (name: string) =>
      Effect.flatMap(Ref.get(registry), (r) => {
        const tool = r.tools.get(name)
        return tool === undefined
          ? Effect.fail(new ToolNotFound({ tool: String(name), available: [...r.tools.keys()] }))
          : Effect.succeed(tool)
      })

    /** Steps 1–5 of SPEC §3: everything up to the request, nothing sent. */
    const prepare = (call: ToolCall, options: ExecuteOptions | undefined) =>
      Effect.gen(function*() {
        const tool = yield* lookup(call.name)
        yield* Effect.annotateCurrentSpan({ "rcp.tool": tool.tool.name, "http.request.method": tool.tool.method })
        const checked = ModelTool.checkArguments(tool.visible, tool.hiddenNames, call.arguments)
        if (checked._tag === "Invalid") {
          return yield* new InvalidArguments({ tool: tool.tool.name, problems: checked.problems })
        }
        const resolved = yield* Resolver.resolveAll(tool.tool.name, tool.hidden, options?.context).pipe(
          Effect.provideService(Resolver.Resolvers, resolvers)
        )
        const values = new Map(checked.values)
        for (const param of tool.hidden) values.set(param.name, resolved[param.name]!)
        const rendered = Request.render(tool.request, values)
        if (rendered._tag === "Invalid") {
          // A resolved value the URL cannot carry is the operator's to fix, not the model's.
          const fromResolver = rendered.problems.find((p) => tool.hiddenNames.has(p.param))
          if (fromResolver !== undefined) {
            return yield* new Resolver.ResolverFailed({
              tool: tool.tool.name,
              param: fromResolver.param,
              reason: `produced a value that ${fromResolver.problem}`
            })
          }
          return yield* new InvalidArguments({
            tool: tool.tool.name,
            problems: rendered.problems.map((p) => `"${p.param}" ${p.problem}`)
          })
        }
        const request = rendered.request
        yield* Effect.annotateCurrentSpan("server.address", request.url.origin)
        if (insecure(request.url, s)) return yield* new InsecureUrl({ url: tool.tool.url })
        if (request.url.origin !== tool.manifestOrigin && !s.trusted.has(request.url.origin)) {
          return yield* new UntrustedOrigin({
            tool: tool.tool.name,
            origin: request.url.origin,
            manifestOrigin: tool.manifestOrigin
          })
        }
        const credential = tool.auth.type === "none"
          ? undefined
          : yield* Credential.obtain(s.credential, {
            origin: request.url.origin,
            manifestUrl: tool.manifestUrl,
            tool: tool.tool.name
          })
        return { tool, request, credential }
      })

    const buildRequest: Service["buildRequest"] = (call, options) =>
      Effect.map(prepare(call, options), ({ credential, request, tool }) => {
        const shown = credential === undefined
          ? request
          : Credential.apply(tool.auth, Redacted.make(Credential.REDACTED))(request)
        return {
          method: shown.method,
          url: shown.url.toString().replaceAll(encodeURIComponent(Credential.REDACTED), Credential.REDACTED),
          headers: shown.headers,
          body: shown.body
        }
      }).pipe(Effect.withSpan("RcpClient.buildRequest"))

    const execute: Service["execute"] = (call, options) =>
      Effect.gen(function*() {
        const { credential, request, tool } = yield* prepare(call, options)
        const authorize = credential === undefined ? (out: Request.Outgoing) => out : Credential.apply(tool.auth, credential)
        const timeoutMs = options?.timeout === undefined ? s.timeoutMs : Duration.toMillis(options.timeout)
        const send = Retry.withRetries(
          s.retry,
          request.method,
          Transport.send(http, request, {
            target: tool.target,
            timeoutMs,
            maxBytes: s.maxResponseBytes,
            maxRedirects: s.maxRedirects,
            authorize,
            blockPrivateNetworks: s.blockPrivateNetworks
          })
        )
        const authHeader = tool.auth.type === "header" ? tool.auth.name : undefined
        const received = yield* (authHeader === undefined
          ? send
          : Effect.locallyWith(send, Headers.currentRedactedNames, (names) => [...names, authHeader]))
        yield* Effect.annotateCurrentSpan("http.response.status_code", received.status)
        const secrets = credential === undefined ? [] : [Redacted.value(credential)]
        return yield* interpret(tool, received, secrets)
      }).pipe(Effect.withSpan("RcpClient.execute"))

    const tools = Effect.map(Ref.get(registry), (r) => [...r.tools.values()].map((tool) => tool.model))

    return { discover, register, tools, execute, buildRequest }
  })

const interpret = (
  tool: CompiledTool.CompiledTool,
  received: Transport.Received,
  secrets: ReadonlyArray<string>
): Effect.Effect<ToolResult, HttpError | InvalidResponse> => {
  if (received.status < 200 || received.status > 299) {
    return Effect.fail(new HttpError({ target: tool.target, status: received.status, body: excerpt(received.body, secrets) }))
  }
  const text = decoder.decode(received.body)
  let data: unknown = text
  if (isJsonType(received.headers["content-type"]) && text.trim() !== "") {
    const json = parseJson(text)
    if (!json.ok) {
      return Effect.fail(new InvalidResponse({ target: tool.target, reason: "the response says it is JSON but does not parse" }))
    }
    data = json.value
  }
  if (tool.mappings !== undefined) data = JsonPath.applyMappings(tool.mappings, data)
  return Effect.succeed({ status: received.status, data })
}
