/**
 * The whole import: a spec in hand, in a file or at a URL → validated and dereferenced by the
 * parser → mapped to a manifest (`mapping.ts`). Fetching is handed in, so the same steps serve a
 * standalone import (over a transport of its own) and `discover` (over the client's).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { resolve as resolvePath } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type * as Client from "rcp-sdk/client"
import type * as OpenApi from "../OpenApi.js"
import { invalid, type OpenApiInvalid, type OpenApiParserMissing } from "./errors.js"
import * as Load from "./load.js"
import * as Mapping from "./mapping.js"
import * as OAuth2 from "./oauth2.js"

/** @internal */
export type Options = OpenApi.Options

/** @internal */
export type Spec = OpenApi.Spec

/** @internal */
export const DEFAULT_MAX_SPEC_BYTES = 32 * 1024 * 1024

/** @internal */
export type Fetch = (url: string, maxBytes: number) => Effect.Effect<Client.Fetched, Client.FetchError>

/** @internal */
export type ConvertError = OpenApiInvalid | OpenApiParserMissing | Client.FetchError

/** @internal */
export const isUrl = (source: string): boolean => /^https?:\/\//i.test(source)

/** The document and where it came from (`specUrl`: http(s) or file:, for relative servers). */
const read = (
  parser: Load.Parser,
  spec: Spec,
  fetch: Fetch,
  maxBytes: number
): Effect.Effect<{ readonly doc: unknown; readonly specUrl: string | undefined }, ConvertError> => {
  const text = spec instanceof URL ? spec.href : typeof spec === "string" ? spec : undefined
  if (text === undefined) return Effect.succeed({ doc: spec, specUrl: undefined })
  if (isUrl(text)) return Effect.map(fetch(text, maxBytes), (fetched) => ({ doc: fetched.json, specUrl: fetched.url }))
  let path: string
  try {
    path = text.startsWith("file:") ? fileURLToPath(text) : resolvePath(text)
  } catch {
    return Effect.fail(invalid(["not a file path or an http(s) URL"], text))
  }
  return Effect.map(Load.readFile(parser, path), (doc) => ({ doc, specUrl: pathToFileURL(path).href }))
}

/** @internal */
export const convert = (
  spec: Spec,
  options: Options,
  fetch: Fetch,
  importer?: Load.Importer
): Effect.Effect<Mapping.Result, ConvertError> =>
  Effect.gen(function*() {
    const parser = yield* Load.parser(importer)
    const { doc, specUrl } = yield* read(parser, spec, fetch, options.maxSpecBytes ?? DEFAULT_MAX_SPEC_BYTES)
    return yield* fromDocument(parser, doc, specUrl ?? (typeof spec === "string" ? spec : undefined), options, fetch)
  }).pipe(Effect.withSpan("OpenApi.toManifest"))

/** How many OpenID Connect discovery documents one import reads at most: a spec is not a crawler. */
const MAX_DISCOVERIES = 4

/**
 * A document already in hand, from `specUrl` (for relative servers and messages).
 *
 * @internal
 */
export const fromDocument = (
  parser: Load.Parser,
  doc: unknown,
  specUrl: string | undefined,
  options: Options,
  fetch?: Fetch
): Effect.Effect<Mapping.Result, OpenApiInvalid> =>
  Effect.gen(function*() {
    const loaded = yield* Load.load(parser, doc, { allowExternalRefs: options.allowExternalRefs ?? false, source: specUrl })
    const resolvable = specUrl !== undefined && /^(?:https?|file):/i.test(specUrl) ? specUrl : undefined
    // openIdConnect schemes: their discovery documents, fetched as the choice of auth reaches them.
    const discovered = new Map<string, OAuth2.Discovered>()
    while (fetch !== undefined && discovered.size < MAX_DISCOVERIES) {
      const url = Mapping.discoveryNeeded(loaded, options, resolvable, discovered)
      if (url === undefined) break
      discovered.set(url, yield* OAuth2.discover(url, fetch))
    }
    const mapped = Mapping.toManifest(loaded, options, resolvable, discovered)
    if (Either.isLeft(mapped)) return yield* invalid(mapped.left, specUrl)
    return mapped.right
  })

/** Whether a JSON document is OpenAPI (or Swagger) rather than an RCP manifest. @internal */
export const isOpenApi = (doc: unknown): boolean =>
  typeof doc === "object" && doc !== null && ("openapi" in doc || "swagger" in doc)
