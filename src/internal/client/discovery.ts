/**
 * Discovery (docs/protocol.md §2): fetch the manifest without any credential, within the manifest cap and the
 * redirect rules; check it is JSON of a version this library reads; decode and validate it; compile
 * its tools for this client's resolvers and register them.
 */
import * as Effect from "effect/Effect"
import type { Discovery, DiscoverError, DiscoverOptions, RegisterError, RegisterOptions } from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import { RCP_VERSIONS, TOOL_NAME } from "../manifest/model.js"
import * as Poisoning from "../manifest/poisoning.js"
import * as Providers from "../model/providers.js"
import { clip } from "../shared/text.js"
import { normalizeUrl, withoutUserinfo } from "../shared/url.js"
import { InvalidResponse } from "../transport/errors.js"
import * as FetchJson from "../transport/fetchJson.js"
import * as CompiledTool from "./compiledTool.js"
import * as Credential from "./credential.js"
import type { Deps } from "./deps.js"
import { InvalidDiscoverOptions, UnsupportedVersion } from "./errors.js"
import * as PinGate from "./pinGate.js"
import * as Settings from "./settings.js"

const unsupportedVersion = (input: unknown, url: string): UnsupportedVersion | undefined => {
  if (typeof input !== "object" || input === null || !("rcpVersion" in input)) return undefined
  const version = (input as { rcpVersion: unknown }).rcpVersion
  return typeof version === "string" && !(RCP_VERSIONS as ReadonlyArray<string>).includes(version)
    ? new UnsupportedVersion({ url, version: JSON.stringify(version.slice(0, 40)) })
    : undefined
}

/** The API the options describe: its trusted origins checked, its credential read once. */
const apiOf = (
  url: string,
  options: DiscoverOptions
): Effect.Effect<CompiledTool.Api, InvalidDiscoverOptions | InvalidResponse> => {
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    return Effect.fail(new InvalidResponse({ target: url, reason: "the manifest's URL is not an absolute URL" }))
  }
  const trusted = Settings.origins(options.trustedOrigins, "trustedOrigins")
  if (trusted._tag === "Invalid") return Effect.fail(new InvalidDiscoverOptions({ url, problem: trusted.problem }))
  return Effect.succeed({
    url,
    origin,
    prefix: options.prefix ?? "",
    trusted: trusted.origins,
    credential: Credential.source(options.credential)
  })
}

/** Lines the operator should read: resolvers no param uses, and a client-wide credential that will not be sent here. */
const warningsFor = (deps: Deps, api: CompiledTool.Api, manifest: Manifest.Manifest, usesClientCredential: boolean) => {
  const warnings = CompiledTool.unusedResolvers(manifest, deps.resolvers.names).map(
    (name) => `resolver "${name}" matches no param of any tool in ${api.url}`
  )
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

/** Validates the manifest, compiles it for this API, and registers it. */
const add = (
  deps: Deps,
  api: CompiledTool.Api,
  input: unknown,
  pin: PinGate.Expected
): Effect.Effect<Discovery, RegisterError> =>
  Effect.gen(function*() {
    const unsupported = unsupportedVersion(input, api.url)
    if (unsupported !== undefined) return yield* unsupported
    // A tool this library cannot read (a newer param type, style or encoding) is set aside, with a warning.
    const readable = yield* deps.codec.decodeReadable(input, { source: api.url, allowHttp: deps.settings.allowHttp })
    // Before anything is compiled or registered: only what the operator approved goes further.
    const approved = yield* PinGate.approve(readable.manifest, api, pin)
    const manifest = approved.manifest
    const badName = manifest.tools.find((tool) => !TOOL_NAME.test(api.prefix + tool.name))
    if (badName !== undefined) {
      return yield* new InvalidDiscoverOptions({
        url: api.url,
        problem: `the prefix ${JSON.stringify(clip(api.prefix))} makes tool "${badName.name}" exposed as ` +
          `"${clip(api.prefix + badName.name, 80)}", which is not a valid tool name (1 to 64 of A-Z a-z 0-9 _ -)`
      })
    }
    const compiled = manifest.tools.map((tool) => CompiledTool.compile(manifest, tool, api, deps.resolvers.names))
    const usesClientCredential = manifest.auth !== undefined && manifest.auth.type !== "none" &&
      api.credential === undefined && deps.settings.credential?.fixed === true
    // Poisoning checks (README "Poisoning checks"), names compared with the other APIs' tools too.
    const others = deps.registry.names().filter((name) => deps.registry.get(name)?.manifestUrl !== api.url)
    const screened = Poisoning.screen(manifest, compiled.map((tool) => tool.name), others, deps.settings)
    const exposed = screened.refused.size === 0 ? compiled : compiled.filter((_, i) => !screened.refused.has(i))
    const conflict = deps.registry.add(api.url, exposed, { origin: api.origin, usesClientCredential })
    if (conflict !== undefined) return yield* conflict
    const tools = exposed.map((tool) => tool.model)
    const warnings = [...readable.warnings, ...approved.warnings, ...warningsFor(deps, api, manifest, usesClientCredential)].concat(
      Providers.nameWarnings(tools),
      screened.warnings
    )
    // Returned as values; logged at Debug only, which no default logger prints (stdout may be a
    // protocol: an MCP bridge, a CLI piping JSON).
    for (const warning of warnings) yield* Effect.logDebug(warning)
    return { url: api.url, manifest, tools, warnings }
  })

/** @internal */
export const register = (deps: Deps) =>
(input: unknown, options: RegisterOptions): Effect.Effect<Discovery, RegisterError> =>
  // The url as registered and shown anywhere (errors, warnings, the result): user info is a credential.
  Effect.flatMap(apiOf(withoutUserinfo(normalizeUrl(options.url)), options), (api) =>
    Effect.flatMap(PinGate.expected(deps.settings, deps.codec, api.url, options), (pin) => add(deps, api, input, pin)))

/** @internal */
export const discover = (deps: Deps) => {
  const fetch = FetchJson.get(deps.settings, deps.transport)
  return (input: string | URL, options: DiscoverOptions = {}): Effect.Effect<Discovery, DiscoverError> =>
  Effect.gen(function*() {
    const url = yield* FetchJson.target(input, deps.settings)
    const api = yield* apiOf(url.toString(), options)
    const pin = yield* PinGate.expected(deps.settings, deps.codec, api.url, options)
    const fetched = yield* fetch(url, { maxBytes: deps.settings.maxManifestBytes, what: "manifest" })
    return yield* add(deps, api, fetched.json, pin)
  }).pipe(Effect.withSpan("RcpClient.discover"))
}
