/**
 * Discovery (SPEC §2): fetch the manifest without any credential, within the manifest cap and the
 * redirect rules; check it is JSON of a version this library reads; decode and validate it; compile
 * its tools for this client's resolvers and register them.
 */
import * as Effect from "effect/Effect"
import * as Manifest from "../Manifest.js"
import type { Deps, Discovery } from "./client.js"
import { DuplicateTool, InvalidResponse, UnsupportedVersion } from "./clientErrors.js"
import * as CompiledTool from "./compiledTool.js"
import { type FetchError, fetchJson } from "./fetchJson.js"


/** @internal */
export type RegisterError = Manifest.ManifestInvalid | UnsupportedVersion | DuplicateTool | InvalidResponse

/** @internal */
export type DiscoverError = FetchError | RegisterError

const unsupportedVersion = (input: unknown, url: string): UnsupportedVersion | undefined => {
  if (typeof input !== "object" || input === null || !("rcpVersion" in input)) return undefined
  const version = (input as { rcpVersion: unknown }).rcpVersion
  return typeof version === "string" && version !== Manifest.RCP_VERSION
    ? new UnsupportedVersion({ url, version: JSON.stringify(version.slice(0, 40)) })
    : undefined
}

/** @internal */
export const register = (deps: Deps) =>
(input: unknown, source: { readonly url: string }): Effect.Effect<Discovery, RegisterError> =>
  Effect.gen(function*() {
    let origin: string
    try {
      origin = new URL(source.url).origin
    } catch {
      return yield* new InvalidResponse({ target: source.url, reason: "the manifest's URL is not an absolute URL" })
    }
    const unsupported = unsupportedVersion(input, source.url)
    if (unsupported !== undefined) return yield* unsupported
    const manifest = yield* Manifest.decode(input, { source: source.url, allowHttp: deps.settings.allowHttp })
    const compiled = manifest.tools.map((tool) =>
      CompiledTool.compile(manifest, tool, { url: source.url, origin }, deps.resolvers.names)
    )
    const conflict = deps.registry.add(source.url, compiled)
    if (conflict !== undefined) return yield* conflict
    const warnings = CompiledTool.unusedResolvers(manifest, deps.resolvers.names).map(
      (name) => `resolver "${name}" matches no param of any tool in ${source.url}`
    )
    for (const warning of warnings) yield* Effect.logWarning(warning)
    return { url: source.url, manifest, tools: compiled.map((tool) => tool.model), warnings }
  })

/** @internal */
export const discover = (deps: Deps) => {
  const registerWith = register(deps)
  const fetch = fetchJson(deps.settings, deps.transport)
  return (input: string | URL): Effect.Effect<Discovery, DiscoverError> =>
    fetch(input, { maxBytes: deps.settings.maxManifestBytes, what: "manifest" }).pipe(
      Effect.flatMap((fetched) => registerWith(fetched.json, { url: fetched.url })),
      Effect.withSpan("RcpClient.discover")
    )
}
