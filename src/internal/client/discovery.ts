/**
 * Discovery (docs/protocol.md §2): fetch the manifest without any credential, within the manifest cap and the
 * redirect rules; check it is JSON of a version this library reads; decode and validate it; compile
 * its tools for this client's resolvers and register them.
 */
import * as Effects from "#target/Effects.js"
import * as Result from "#target/Result.js"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import type {
  Discovery,
  DiscoverError,
  DiscoverOptions,
  DocumentFetch,
  OAuthClient,
  RegisterError,
  RegisterOptions,
  Service
} from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import * as ExposedName from "../manifest/exposedName.js"
import { RCP_VERSIONS } from "../manifest/model.js"
import * as Poisoning from "../manifest/poisoning.js"
import * as Providers from "../model/providers.js"
import * as Budget from "../result/budget.js"
import { clip, escapeControls } from "../shared/text.js"
import { normalizeUrl, withoutUserinfo } from "../shared/url.js"
import { InvalidResponse } from "../transport/errors.js"
import * as FetchJson from "../transport/fetchJson.js"
import * as CompiledTool from "./compiledTool.js"
import * as Credential from "./credential.js"
import type { Deps } from "./deps.js"
import { InvalidDiscoverOptions, UnsupportedVersion } from "./errors.js"
import * as ApiOAuth from "./oauth/apiOAuth.js"
import * as PinGate from "./pinGate.js"
import { ManifestNotPinned } from "./pinErrors.js"
import * as Settings from "./settings.js"

const unsupportedVersion = (input: unknown, url: string): UnsupportedVersion | undefined => {
  if (typeof input !== "object" || input === null || !("rcpVersion" in input)) return undefined
  const version = (input as { rcpVersion: unknown }).rcpVersion
  return typeof version === "string" && !(RCP_VERSIONS as ReadonlyArray<string>).includes(version)
    ? new UnsupportedVersion({ url, version: escapeControls(JSON.stringify(clip(version, 40))) })
    : undefined
}

/**
 * `discover`'s result options checked (docs/results.md): the API's budget, `fields`, and
 * `toolResults` — an object of each tool's budget and `fields`, by exposed name. An options object
 * is operator code, not trusted to be typed right: each problem names its option.
 */
const resultsOf = (options: DiscoverOptions): CompiledTool.ApiResults | string => {
  const { fields, maxResultChars, maxResultTokens, toolResults } = options
  if (maxResultChars === undefined && maxResultTokens === undefined && fields === undefined && toolResults === undefined) {
    return CompiledTool.NO_RESULTS
  }
  const problems = Budget.check({ maxResultChars, maxResultTokens })
  if (problems.length > 0) return problems.join("; ")
  if (fields !== undefined && typeof fields !== "boolean") return "fields must be true or false"
  const tools = new Map<string, CompiledTool.ToolResults>()
  if (toolResults !== undefined) {
    if (typeof toolResults !== "object" || toolResults === null || Array.isArray(toolResults)) {
      return "toolResults must be an object of result options by tool name"
    }
    for (const name of Object.keys(toolResults)) {
      const own: unknown = toolResults[name]
      const shown = JSON.stringify(clip(name, 64))
      if (typeof own !== "object" || own === null) return `toolResults[${shown}] must be an object`
      const { fields: ownFields, maxResultChars: chars, maxResultTokens: tokens } = own as CompiledTool.ToolResults
      const ownProblems = Budget.check({ maxResultChars: chars, maxResultTokens: tokens })
      if (ownProblems.length > 0) return `toolResults[${shown}]: ${ownProblems.join("; ")}`
      if (ownFields !== undefined && typeof ownFields !== "boolean") return `toolResults[${shown}].fields must be true or false`
      tools.set(name, { maxResultChars: chars, maxResultTokens: tokens, fields: ownFields })
    }
  }
  return {
    budget: maxResultChars === undefined && maxResultTokens === undefined ? undefined : { maxResultChars, maxResultTokens },
    fields: fields ?? false,
    tools
  }
}

/** What an API's OAuth needs from its discovery: the registration, and the services its functions run under. */
interface OAuthSetup {
  readonly registration: OAuthClient | undefined
  readonly services: Context.Context<any>
}

/** The API the options describe: its trusted origins checked, its credential read once (its Effects run under `services`). */
const apiOf = (
  url: string,
  options: DiscoverOptions,
  services: Context.Context<any>
): Effect.Effect<CompiledTool.Api, InvalidDiscoverOptions | InvalidResponse> => {
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    return Effect.fail(new InvalidResponse({ target: url, reason: "the manifest's URL is not an absolute URL" }))
  }
  const trusted = Settings.origins(options.trustedOrigins, "trustedOrigins")
  if (trusted._tag === "Invalid") return Effect.fail(new InvalidDiscoverOptions({ url, problem: trusted.problem }))
  const results = resultsOf(options)
  if (typeof results === "string") return Effect.fail(new InvalidDiscoverOptions({ url, problem: results }))
  return Effect.succeed({
    url,
    origin,
    prefix: options.prefix ?? "",
    trusted: trusted.origins,
    credential: Credential.source(options.credential, services),
    // Built once the manifest is in hand and has an oauth2 auth (`withOAuth`).
    oauth: undefined,
    results
  })
}

/**
 * Lines the operator should read: resolvers no param uses, a client-wide credential that will not
 * be sent here, and OAuth options that cannot apply.
 */
const warningsFor = (
  deps: Deps,
  api: CompiledTool.Api,
  manifest: Manifest.Manifest,
  exposedNames: ReadonlyArray<string>,
  usesClientCredential: boolean,
  setup: OAuthSetup
) => {
  const warnings = CompiledTool.unusedResolvers(manifest, deps.resolvers.names).map(
    (name) => `resolver "${name}" matches no param of any tool in ${api.url}`
  )
  for (const name of api.results.tools.keys()) {
    if (!exposedNames.includes(name)) {
      warnings.push(`toolResults names ${JSON.stringify(clip(name, 64))}, which is no tool of ${api.url} (tools are named as \`tools\` lists them, prefix included)`)
    }
  }
  const auth = manifest.auth
  if (setup.registration !== undefined && auth?.type !== "oauth2") {
    warnings.push(
      `the oauth option of ${api.url} is not used: its manifest's auth is ${auth?.type ?? "none"}, not oauth2`
    )
  }
  if (auth?.type === "oauth2" && api.oauth === undefined && api.credential === undefined && deps.settings.credential === undefined) {
    warnings.push(
      `${api.url} uses OAuth 2, and was discovered without an oauth client registration or a credential: its ` +
        `tools fail with CredentialMissing; discover it with the oauth option (docs/credentials.md)`
    )
  }
  const home = deps.registry.home()
  if (usesClientCredential && home !== api.origin && !deps.settings.trusted.has(api.origin)) {
    warnings.push(
      `the client-wide credential is sent only to ${home} and the client's trustedOrigins, not to ${api.origin}: ` +
        `the tools of ${api.url} that need a credential fail with CredentialMissing unless it is discovered with ` +
        `a credential of its own`
    )
  }
  return warnings
}

/**
 * The subject function that applies to an API: its own; else the client's, for an API that offers
 * users' authorization (one that offers only client credentials acts as the client).
 */
const subjectFor = (deps: Deps, auth: Manifest.AuthOAuth2, setup: OAuthSetup, registration: OAuthClient) =>
  registration.subject !== undefined
    ? { subject: registration.subject, services: setup.services }
    : auth.flows.includes("authorization_code")
    ? { subject: deps.oauth.subject, services: deps.oauth.services }
    : { subject: undefined, services: setup.services }

/**
 * The API with its OAuth, for a manifest with an `oauth2` auth discovered with a client
 * registration: its token manager runs in a scope of its own (and loads `oauth4webapi`, on first use).
 */
const withOAuth = (
  deps: Deps,
  api: CompiledTool.Api,
  manifest: Manifest.Manifest,
  setup: OAuthSetup
): Effect.Effect<{ readonly api: CompiledTool.Api; readonly scope: Effects.CloseableScope | undefined }, InvalidDiscoverOptions> => {
  const auth = manifest.auth
  const registration = setup.registration
  if (auth?.type !== "oauth2" || registration === undefined) return Effect.succeed({ api, scope: undefined })
  return Effect.gen(function*() {
    const scope = yield* Effects.forkScope(deps.scope)
    const { services, subject } = subjectFor(deps, auth, setup, registration)
    const built = yield* Effects.result(
      ApiOAuth.make({
        auth,
        manifestUrl: api.url,
        registration,
        subject,
        services,
        store: deps.oauth.store,
        trustedOrigins: [...deps.settings.trusted, ...api.trusted],
        allowHttp: deps.settings.allowHttp,
        transport: deps.transport,
        timeoutMs: deps.settings.timeoutMs,
        blockPrivateNetworks: deps.settings.blockPrivateNetworks,
        refreshBefore: deps.oauth.refreshBefore,
        maxCachedUsers: deps.oauth.maxCachedUsers
      }).pipe(Effects.inScope(scope))
    )
    if (Result.isFailure(built)) {
      yield* Scope.close(scope, Exit.void)
      return yield* new InvalidDiscoverOptions({ url: api.url, problem: `oauth: ${Result.failureOf(built)}` })
    }
    return { api: { ...api, oauth: Result.successOf(built) }, scope }
  })
}

/** Validates the manifest, compiles it for this API, and registers it. */
const add = (
  deps: Deps,
  discovered: CompiledTool.Api,
  input: unknown,
  pin: PinGate.Expected,
  setup: OAuthSetup
): Effect.Effect<Discovery, RegisterError> =>
  Effect.gen(function*() {
    let api = discovered
    const unsupported = unsupportedVersion(input, api.url)
    if (unsupported !== undefined) return yield* unsupported
    // A tool this library cannot read (a newer param type, style or encoding) is set aside, with a warning.
    const readable = yield* deps.codec.decodeReadable(input, { source: api.url, allowHttp: deps.settings.allowHttp })
    // Before anything is compiled or registered: only what the operator approved goes further.
    const approved = yield* PinGate.approve(readable.manifest, api, pin)
    const manifest = approved.manifest
    // A prefixed name over 64 characters is shortened (with a warning); a prefix with a character
    // no tool name may hold is the operator's mistake.
    const exposedNames = ExposedName.exposedNames(api.prefix, manifest.tools.map((tool) => tool.name))
    if ("problem" in exposedNames) {
      return yield* new InvalidDiscoverOptions({
        url: api.url,
        problem: `the prefix ${JSON.stringify(clip(api.prefix))} makes tool "${exposedNames.tool}" exposed as ` +
          `"${clip(api.prefix + exposedNames.tool, 80)}", which ${exposedNames.problem}`
      })
    }
    const connected = yield* withOAuth(deps, api, manifest, setup)
    api = connected.api
    const compiled = manifest.tools.map((tool, i) => CompiledTool.compile(manifest, tool, api, deps.resolvers.names, exposedNames.names[i]!))
    const usesClientCredential = manifest.auth !== undefined && manifest.auth.type !== "none" &&
      api.oauth === undefined && api.credential === undefined && deps.settings.credential?.fixed === true
    // Poisoning checks (docs/security.md "Poisoning checks"), names compared with the other APIs' tools too.
    const others = deps.registry.names().filter((name) => deps.registry.get(name)?.manifestUrl !== api.url)
    const screened = Poisoning.screen(manifest, compiled.map((tool) => tool.name), others, deps.settings)
    const exposed = screened.refused.size === 0 ? compiled : compiled.filter((_, i) => !screened.refused.has(i))
    const conflict = deps.registry.add(api.url, exposed, { origin: api.origin, usesClientCredential })
    if (conflict !== undefined) {
      if (connected.scope !== undefined) yield* Scope.close(connected.scope, Exit.void)
      return yield* conflict
    }
    // The API's previous OAuth (a discovery of the same URL before this one) ends; this one replaces it.
    const previous = deps.oauthApis.get(api.url)
    if (connected.scope !== undefined && api.oauth !== undefined) {
      deps.oauthApis.set(api.url, { oauth: api.oauth, scope: connected.scope })
    } else deps.oauthApis.delete(api.url)
    if (previous !== undefined) yield* Scope.close(previous.scope, Exit.void)
    const tools = exposed.map((tool) => tool.model)
    const warnings = [
      ...readable.warnings,
      ...approved.warnings,
      ...exposedNames.warnings,
      ...warningsFor(deps, api, manifest, exposedNames.names, usesClientCredential, setup)
    ].concat(
      Providers.nameWarnings(tools),
      screened.warnings
    )
    // Returned as values; logged at Debug only, which no default logger prints (stdout may be a
    // protocol: an MCP bridge, a CLI piping JSON).
    for (const warning of warnings) yield* Effect.logDebug(warning)
    return { url: api.url, manifest, tools, warnings }
  })

/** @internal */
export const register = (deps: Deps): Service["register"] =>
(input: unknown, options: RegisterOptions): Effect.Effect<Discovery, RegisterError> =>
  // The services the options' Effect functions require: in the caller's context (`Requirements`).
  Effect.flatMap(Credential.captured, (services) =>
    // The url as registered and shown anywhere (errors, warnings, the result): user info is a credential.
    Effect.flatMap(apiOf(withoutUserinfo(normalizeUrl(options.url)), options, services), (api) =>
      Effect.flatMap(
        PinGate.expected(deps.settings, deps.codec, api.url, options),
        (pin) => add(deps, api, input, pin, { registration: options.oauth, services })
      )))

/**
 * Discovery of a document that becomes a manifest by `load` (an OpenAPI import, a bridge): the same
 * steps as `discover` — the target checked, the per-API options read, and the pin decided *before*
 * `load` runs, so a URL the lock does not pin costs no request — then `load` with a fetch of that
 * very URL under discovery's rules, and what it returns registered under the URL, held to the pin.
 * The same fetch reads the other documents the manifest is made from (an OpenID Connect discovery
 * document), under the same rules and without a lock entry of their own: what they contribute is in
 * the manifest, so the pin covers it (docs/lock.md "OpenID Connect discovery"). An importer gets
 * nothing else to fetch with and registers nothing itself, so it cannot skip a step.
 *
 * @internal
 */
export const discoverWith = (deps: Deps) => {
  const fetch = FetchJson.get(deps.settings, deps.transport)
  return <E>(
    input: string | URL,
    load: (fetch: DocumentFetch) => Effect.Effect<unknown, E>,
    options: DiscoverOptions = {}
  ): Effect.Effect<Discovery, DiscoverError | E> =>
    Effect.gen(function*() {
      const services = yield* Credential.captured
      const url = yield* FetchJson.target(input, deps.settings)
      const api = yield* apiOf(url.toString(), options, services)
      const pin = yield* PinGate.expected(deps.settings, deps.codec, api.url, options)
      const manifest = yield* load((fetchOptions) =>
        // Another document the manifest is made from (`DocumentFetch`'s `url`) is not looked up in
        // the lock: what it gives is part of the manifest, which is held to the pin below.
        Effect.flatMap(
          fetchOptions?.url === undefined ? Effect.succeed(url) : FetchJson.target(fetchOptions.url, deps.settings),
          (target) =>
            fetch(target, {
              maxBytes: fetchOptions?.maxBytes ?? deps.settings.maxManifestBytes,
              what: fetchOptions?.what ?? "document"
            })
        )
      )
      return yield* add(deps, api, manifest, pin, { registration: options.oauth, services })
    }).pipe(Effect.withSpan("RcpClient.discoverWith"))
}

/**
 * `fetchJson` of a client with a lock: a URL the lock does not pin is refused before any request,
 * so that no path through the client — an importer's own fetch and `register` included — reads a
 * document the operator did not approve.
 *
 * @internal
 */
export const fetchJson = (deps: Deps) => {
  const fetch = FetchJson.get(deps.settings, deps.transport)
  return (
    input: string | URL,
    options?: { readonly maxBytes?: number | undefined; readonly what?: string | undefined }
  ): Effect.Effect<FetchJson.Fetched, FetchJson.FetchError | ManifestNotPinned> =>
    Effect.flatMap(FetchJson.target(input, deps.settings), (url): Effect.Effect<FetchJson.Fetched, FetchJson.FetchError | ManifestNotPinned> => {
      const lock = deps.settings.lock
      if (lock !== undefined && !Object.hasOwn(lock.apis, url.toString())) {
        return Effect.fail(new ManifestNotPinned({ url: url.toString(), pinned: Object.keys(lock.apis) }))
      }
      return fetch(url, { maxBytes: options?.maxBytes ?? deps.settings.maxManifestBytes, what: options?.what ?? "document" })
    })
}

/** @internal */
export const discover = (deps: Deps): Service["discover"] => {
  const fetch = FetchJson.get(deps.settings, deps.transport)
  return (input: string | URL, options: DiscoverOptions = {}): Effect.Effect<Discovery, DiscoverError> =>
  Effect.gen(function*() {
    const services = yield* Credential.captured
    const url = yield* FetchJson.target(input, deps.settings)
    const api = yield* apiOf(url.toString(), options, services)
    const pin = yield* PinGate.expected(deps.settings, deps.codec, api.url, options)
    const fetched = yield* fetch(url, { maxBytes: deps.settings.maxManifestBytes, what: "manifest" })
    return yield* add(deps, api, fetched.json, pin, { registration: options.oauth, services })
  }).pipe(Effect.withSpan("RcpClient.discover"))
}
