/**
 * Reading a spec with `@readme/openapi-parser` (loaded here only, with a dynamic `import()`, on the
 * first import: a client that never imports an OpenAPI document never loads it): validated against the Swagger 2.0 / OpenAPI 3.0 / 3.1 schemas, then
 * dereferenced. External `$ref`s are left alone unless the caller allows them; a circular `$ref`
 * stays a `$ref` at the cycle (`circular: "ignore"`), so nothing downstream can loop on it.
 */
import * as Effect from "effect/Effect"
import { invalid, type OpenApiInvalid, OpenApiParserMissing } from "./errors.js"
import { clip, isRecord } from "./text.js"

/** @internal */
export type Parser = Pick<typeof import("@readme/openapi-parser"), "parse" | "validate" | "dereference">

type Document = Exclude<Parameters<Parser["dereference"]>[0], string>

/** @internal */
export type Importer = () => Promise<Parser>

const defaultImporter: Importer = () => import("@readme/openapi-parser")

/**
 * The parser, or `OpenApiParserMissing` when it is missing from the installation.
 *
 * @internal
 */
export const parser = (importer: Importer = defaultImporter): Effect.Effect<Parser, OpenApiParserMissing> =>
  Effect.tryPromise({ try: importer, catch: () => new OpenApiParserMissing() })

/** @internal */
export interface LoadOptions {
  readonly allowExternalRefs: boolean
  /** How errors name the spec: its URL or file. */
  readonly source: string | undefined
}

// Dereferencing a huge spec takes seconds; a hostile one must not take forever.
const DEREFERENCE_TIMEOUT_MS = 60_000

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
 * Reads a spec file (JSON or YAML) without resolving anything.
 *
 * @internal
 */
export const readFile = (p: Parser, path: string): Effect.Effect<unknown, OpenApiInvalid> =>
  Effect.tryPromise({
    try: () => p.parse(path, { resolve: { external: false } }),
    catch: (error) => invalid([clip(reason(error), 2000)], path)
  })

/**
 * The spec validated and dereferenced, or `OpenApiInvalid` with the parser's messages.
 *
 * @internal
 */
export const load = (
  p: Parser,
  spec: unknown,
  options: LoadOptions
): Effect.Effect<Record<string, unknown>, OpenApiInvalid> =>
  Effect.gen(function*() {
    const copy = asJson(spec)
    if (copy._tag === "No") return yield* invalid([copy.why], options.source)
    const doc = copy.value
    if (!isRecord(doc) || (typeof doc.openapi !== "string" && typeof doc.swagger !== "string")) {
      return yield* invalid(["not an OpenAPI document: it has neither an \"openapi\" nor a \"swagger\" field"], options.source)
    }
    const parserOptions = {
      resolve: { external: options.allowExternalRefs },
      timeoutMs: DEREFERENCE_TIMEOUT_MS
    }
    const fail = (error: unknown) => invalid([clip(reason(error), 2000)], options.source)
    // The parser may annotate what it is given; each step gets its own copy.
    const result = yield* Effect.tryPromise({ try: () => p.validate(structuredClone(doc) as unknown as Document, parserOptions), catch: fail })
    if (!result.valid) {
      const messages = result.errors.map((e) => clip(e.message, 2000))
      return yield* invalid(messages.length > 0 ? messages : ["the parser found the document invalid"], options.source)
    }
    const dereferenced = yield* Effect.tryPromise({
      try: () => p.dereference(doc as unknown as Document, { ...parserOptions, dereference: { circular: "ignore" } }),
      catch: fail
    })
    return dereferenced as unknown as Record<string, unknown>
  })
