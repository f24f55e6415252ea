/**
 * Discovery (SPEC §2): fetch the manifest without any credential, within the manifest cap and the
 * redirect rules; check it is JSON of a version this library reads; decode and validate it; compile
 * its tools for this client's resolvers and register them.
 */
import * as Effect from "effect/Effect"
import * as Manifest from "../Manifest.js"
import type { Deps, Discovery } from "./client.js"
import { DuplicateTool, HttpError, InsecureUrl, InvalidResponse, UnsupportedVersion } from "./clientErrors.js"
import * as CompiledTool from "./compiledTool.js"
import { insecure } from "./execution.js"
import * as Providers from "./providers.js"
import * as Response from "./response.js"
import * as Retry from "./retry.js"
import type * as Transport from "./transport.js"


/** @internal */
export type RegisterError = Manifest.ManifestInvalid | UnsupportedVersion | DuplicateTool | InvalidResponse

/** @internal */
export type DiscoverError = Transport.SendError | HttpError | InsecureUrl | RegisterError

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
    ).concat(Providers.nameWarnings(compiled.map((tool) => tool.model)))
    for (const warning of warnings) yield* Effect.logWarning(warning)
    return { url: source.url, manifest, tools: compiled.map((tool) => tool.model), warnings }
  })

/** @internal */
export const discover = (deps: Deps) => {
  const registerWith = register(deps)
  return (input: string | URL): Effect.Effect<Discovery, DiscoverError> =>
    Effect.gen(function*() {
      const s = deps.settings
      let url: URL
      try {
        url = new URL(input)
      } catch {
        return yield* new InvalidResponse({ target: String(input), reason: "not an absolute URL" })
      }
      const target = url.toString()
      if ((url.protocol !== "https:" && url.protocol !== "http:") || insecure(url, s)) {
        return yield* new InsecureUrl({ url: target })
      }
      const received = yield* Retry.withRetries(
        s.retry,
        "GET",
        deps.transport.send({ method: "GET", url, headers: { accept: "application/json" }, body: undefined }, {
          target,
          timeoutMs: s.timeoutMs,
          maxBytes: s.maxManifestBytes,
          maxRedirects: s.maxRedirects,
          // Discovery never carries a credential, whatever the client is configured with.
          authorize: (out) => out,
          credentialHeader: undefined,
          blockPrivateNetworks: s.blockPrivateNetworks
        })
      )
      if (!Response.isSuccess(received.status)) {
        return yield* new HttpError({ target, status: received.status, body: Response.excerpt(received.body, []) })
      }
      const json = Response.parseJson(Response.text(received.body))
      if (!json.ok) return yield* new InvalidResponse({ target, reason: "the manifest is not JSON" })
      return yield* registerWith(json.value, { url: target })
    }).pipe(Effect.withSpan("RcpClient.discover"))
}
