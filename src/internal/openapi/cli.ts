/**
 * The CLI's OpenAPI commands as plain functions, apart from any argument parser: `rcp import`
 * (`importCommand`, which returns what to print and the exit code), and the loader that lets
 * `describe`, `tools`, `validate` and `call` take an OpenAPI document wherever they take a
 * manifest (`loadManifestOrOpenApi`). The parser is loaded with a dynamic `import()` (see
 * `load.ts`), so without the optional peer they fail with one line saying to install it.
 */
import * as Cause from "effect/Cause"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { readFile, writeFile } from "node:fs/promises"
import { resolve as resolvePath } from "node:path"
import { pathToFileURL } from "node:url"
import type * as Client from "../client.js"
import * as Api from "./api.js"
import * as Convert from "./convert.js"
import * as Load from "./load.js"
import * as Mapping from "./mapping.js"

/** A source file that cannot be read or is not JSON (nor a YAML OpenAPI document). @internal */
export class SourceError extends Data.TaggedError("SourceError")<{ readonly message: string }> {}

/** @internal */
export type LoadError = Convert.ConvertError | SourceError

/** Whether a failure is one of these commands', printed by `failureLine`. @internal */
export const ownsFailure = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error &&
  (error._tag === "OpenApiParserMissing" || error._tag === "SourceError")

/** @internal */
export interface ImportArgs {
  readonly source: string
  readonly baseUrl?: string | undefined
  readonly include?: ReadonlyArray<string> | undefined
  readonly exclude?: ReadonlyArray<string> | undefined
  /** Write the manifest here instead of to stdout. */
  readonly out?: string | undefined
}

/** @internal */
export interface CommandOutput {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

/** The CLI's one line for the missing peer, whatever command needed it. @internal */
export const PARSER_MISSING_LINE = "rcp: install @readme/openapi-parser to use rcp import"

/** One line for any failure: the missing parser as the CLI says it, else the error's own tag and message. @internal */
export const failureLine = (error: unknown): string => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) {
    return `rcp: ${error instanceof Error ? error.message : String(error)}`
  }
  if (error._tag === "OpenApiParserMissing") return PARSER_MISSING_LINE
  const message = "message" in error ? String(error.message) : ""
  return error._tag === "SourceError" ? `rcp: ${message}` : `rcp: ${String(error._tag)}: ${message}`
}

const warningLines = (warnings: ReadonlyArray<Mapping.Warning>): string =>
  warnings.map((w) => `warning: ${Mapping.formatWarning(w)}\n`).join("")

/**
 * `rcp import <file-or-url> [--base-url URL] [--include P]… [--exclude P]… [--out FILE]`: the
 * manifest as JSON on stdout (or in `out`), each warning on stderr; exit 1 with one line on failure.
 *
 * @internal
 */
export const importCommand = async (args: ImportArgs, importer?: Load.Importer): Promise<CommandOutput> => {
  const options: Api.ImportOptions = { baseUrl: args.baseUrl, include: args.include, exclude: args.exclude }
  const exit = await Effect.runPromiseExit(
    Convert.convert(args.source, options, Api.standaloneFetch(options), importer)
  )
  if (Exit.isFailure(exit)) return { stdout: "", stderr: `${failureLine(Cause.squash(exit.cause))}\n`, exitCode: 1 }
  const { manifest, warnings } = exit.value
  const json = `${JSON.stringify(manifest, null, 2)}\n`
  if (args.out === undefined) return { stdout: json, stderr: warningLines(warnings), exitCode: 0 }
  try {
    await writeFile(args.out, json)
  } catch {
    return { stdout: "", stderr: `${warningLines(warnings)}rcp: cannot write ${args.out}\n`, exitCode: 1 }
  }
  const summary = `rcp: wrote ${manifest.tools.length} tool(s) to ${args.out}, ${warnings.length} warning(s)\n`
  return { stdout: "", stderr: warningLines(warnings) + summary, exitCode: 0 }
}

/** @internal */
export interface Loaded {
  /** An RCP manifest (as read, or imported from OpenAPI), still to be decoded by whoever registers it. */
  readonly document: unknown
  /** Where it came from: the URL, or the file's `file:` URL. */
  readonly url: string
  /** What the OpenAPI import could not represent, as lines; empty for an RCP manifest. */
  readonly warnings: ReadonlyArray<string>
}

/**
 * The document at `source` (an http(s) URL, fetched with `fetch`, or a file): an RCP manifest as
 * it is, an OpenAPI document (recognised by its `openapi`/`swagger` field) imported first.
 *
 * @internal
 */
export const loadManifestOrOpenApi = (
  source: string,
  fetch: Convert.Fetch,
  importer?: Load.Importer
): Effect.Effect<Loaded, Convert.ConvertError | SourceError> =>
  Effect.gen(function*() {
    let document: unknown
    let url: string
    if (Convert.isUrl(source)) {
      const fetched = yield* fetch(source, Convert.DEFAULT_MAX_SPEC_BYTES)
      document = fetched.json
      url = fetched.url
    } else {
      const path = resolvePath(source)
      url = pathToFileURL(path).href
      const text = yield* Effect.tryPromise({
        try: () => readFile(path, "utf8"),
        catch: () => new SourceError({ message: `cannot read ${source}` })
      })
      try {
        document = JSON.parse(text)
      } catch {
        // Not JSON: YAML is read only as OpenAPI (manifests are JSON).
        if (!/^\s*["']?(?:openapi|swagger)["']?\s*:/m.test(text)) {
          return yield* new SourceError({ message: `${source} is not JSON` })
        }
        return yield* fromOpenApi(importer, (parser) => Load.readFile(parser, path), url)
      }
    }
    if (!Convert.isOpenApi(document)) return { document, url, warnings: [] }
    return yield* fromOpenApi(importer, () => Effect.succeed(document), url)
  })

const fromOpenApi = (
  importer: Load.Importer | undefined,
  read: (parser: Load.Parser) => Effect.Effect<unknown, Convert.ConvertError>,
  url: string
): Effect.Effect<Loaded, Convert.ConvertError> =>
  Effect.gen(function*() {
    const parser = yield* Load.parser(importer)
    const doc = yield* read(parser)
    const { manifest, warnings } = yield* Convert.fromDocument(parser, doc, url, {})
    return { document: manifest, url, warnings: warnings.map(Mapping.formatWarning) }
  })

/** `loadManifestOrOpenApi` fetching through a client: discovery's rules for URLs. @internal */
export const loadWith = (
  client: Pick<Client.Service, "fetchJson">,
  source: string
): Effect.Effect<Loaded, LoadError> =>
  loadManifestOrOpenApi(source, (url, maxBytes) => client.fetchJson(url, { maxBytes }))

/** Writes a command's output and sets the exit code. @internal */
export const emit = (output: CommandOutput): Effect.Effect<void> =>
  Effect.sync(() => {
    if (output.stdout !== "") process.stdout.write(output.stdout)
    if (output.stderr !== "") process.stderr.write(output.stderr)
    if (output.exitCode !== 0) process.exitCode = output.exitCode
  })
