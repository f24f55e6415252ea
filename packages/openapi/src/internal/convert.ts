/**
 * The whole import: a spec in hand, in a file or at a URL → read and checked against the OpenAPI
 * schema (`load.ts`) → mapped to a manifest (`mapping.ts`), within a budget of work sized by the
 * document (`budget.ts`). Fetching is handed in, so the same steps serve a
 * standalone import (over a transport of its own) and `discover` (over the client's).
 */
import * as Effect from "effect/Effect"
import { resolve as resolvePath } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type * as Client from "rcp-sdk/client"
import type * as OpenApi from "../OpenApi.js"
import * as Budget from "./budget.js"
import { invalid, type OpenApiInvalid, type OpenApiParserMissing } from "./errors.js"
import * as Load from "./load.js"
import * as Mapping from "./mapping.js"
import * as SchemaCheck from "./schemaCheck.js"
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

/** @internal */
export interface Read {
  readonly doc: unknown
  /** Where it came from (http(s) or file:, for relative servers). */
  readonly specUrl: string | undefined
  /** Parsed here from a file or a response: the import's own, used as it is (not copied). */
  readonly fresh: boolean
}

/** The document and where it came from. */
const read = (
  parser: Load.Parser,
  spec: Spec,
  fetch: Fetch,
  maxBytes: number
): Effect.Effect<Read, ConvertError> => {
  const text = spec instanceof URL ? spec.href : typeof spec === "string" ? spec : undefined
  if (text === undefined) return Effect.succeed({ doc: spec, specUrl: undefined, fresh: false })
  if (isUrl(text)) {
    return Effect.map(fetch(text, maxBytes), (fetched) => ({ doc: fetched.json, specUrl: fetched.url, fresh: true }))
  }
  let path: string
  try {
    path = text.startsWith("file:") ? fileURLToPath(text) : resolvePath(text)
  } catch {
    return Effect.fail(invalid(["not a file path or an http(s) URL"], text))
  }
  return Effect.map(Load.readFile(parser, path), (doc) => ({ doc, specUrl: pathToFileURL(path).href, fresh: true }))
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
    const { doc, fresh, specUrl } = yield* read(parser, spec, fetch, options.maxSpecBytes ?? DEFAULT_MAX_SPEC_BYTES)
    return yield* fromDocument(parser, doc, specUrl ?? (typeof spec === "string" ? spec : undefined), options, fetch, fresh)
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
  fetch?: Fetch,
  fresh = false
): Effect.Effect<Mapping.Result, OpenApiInvalid> =>
  Effect.gen(function*() {
    // A turn for the event loop between the long single steps (parsing, the schema check, the mapping).
    yield* Mapping.yieldToLoop
    const loaded = yield* Load.load(parser, doc, { allowExternalRefs: options.allowExternalRefs ?? false, source: specUrl, fresh })
    yield* Mapping.yieldToLoop
    const resolvable = specUrl !== undefined && /^(?:https?|file):/i.test(specUrl) ? specUrl : undefined
    // openIdConnect schemes: their discovery documents, fetched as the choice of auth reaches them.
    const discovered = new Map<string, OAuth2.Discovered>()
    while (fetch !== undefined && discovered.size < MAX_DISCOVERIES) {
      const url = Mapping.discoveryNeeded(loaded.doc, options, resolvable, discovered)
      if (url === undefined) break
      discovered.set(url, yield* OAuth2.discover(url, fetch))
    }
    const budget = Budget.forNodes(loaded.nodes)
    const result = yield* Mapping.toManifestYielding(loaded.doc, options, resolvable, loaded.problems, budget, discovered).pipe(
      Effect.mapError((messages) => invalid(messages, specUrl))
    )
    // A document the schema finds fault with is imported for what is sound in it; when that is
    // nothing at all, what is wrong with it is the answer.
    if (loaded.problems.length > 0 && result.manifest.tools.length === 0) {
      return yield* invalid(loaded.problems.map(SchemaCheck.formatProblem), specUrl)
    }
    return result
  })

/** Whether a JSON document is OpenAPI (or Swagger) rather than an RCP manifest. @internal */
export const isOpenApi = (doc: unknown): boolean =>
  typeof doc === "object" && doc !== null && ("openapi" in doc || "swagger" in doc)
