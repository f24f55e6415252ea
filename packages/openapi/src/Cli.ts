/**
 * `@rcp-sdk/openapi/cli`: the OpenAPI commands of the `rcp` command (`@rcp-sdk/cli`) as plain
 * functions, apart from any argument parser: `rcp import` (`importCommand`, which returns what to
 * print and the exit code), and `fromOpenApi`, with which the CLI's manifest loading lets
 * `describe`, `tools`, `validate` and `call` take an OpenAPI document wherever they take a
 * manifest. The parser is loaded with a dynamic `import()` (see `internal/load.ts`), so a broken
 * install fails with one line saying what to install.
 *
 * @since 0.2.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { writeFile } from "node:fs/promises"
import * as Manifest from "rcp-sdk/manifest"
import * as Api from "./internal/api.js"
import * as Convert from "./internal/convert.js"
import * as Load from "./internal/load.js"
import * as Mapping from "./internal/mapping.js"
import { sizeWarning } from "./internal/sizeWarning.js"

/**
 * @since 0.2.0
 * @category models
 */
export type LoadError = Convert.ConvertError

/**
 * Whether a failure is one of these commands', printed by `failureLine`.
 *
 * @since 0.2.0
 * @category utils
 */
export const ownsFailure = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error &&
  error._tag === "OpenApiParserMissing"

/**
 * @since 0.2.0
 * @category models
 */
export interface ImportArgs {
  readonly source: string
  readonly baseUrl?: string | undefined
  readonly include?: ReadonlyArray<string> | undefined
  readonly exclude?: ReadonlyArray<string> | undefined
  /** Write the manifest here instead of to stdout. */
  readonly out?: string | undefined
  /** The manifest's auth instead of the spec's: `header:NAME`, `header:NAME:SCHEME` or `query:NAME`. */
  readonly auth?: string | undefined
}

/**
 * `--auth` as a manifest auth: `header:Authorization:Bearer`, `header:X-Api-Key`, `query:key`;
 * `undefined` when it is none of these.
 *
 * @since 0.2.0
 * @category utils
 */
export const parseAuth = (text: string): Manifest.Auth | undefined => {
  const parts = text.split(":")
  if (parts[0] === "query" && parts.length === 2 && parts[1] !== "") return { type: "query", name: parts[1]! }
  if (parts[0] === "header" && (parts.length === 2 || parts.length === 3) && parts[1] !== "" && parts[2] !== "") {
    return parts.length === 3 ? { type: "header", name: parts[1]!, scheme: parts[2]! } : { type: "header", name: parts[1]! }
  }
  return undefined
}

// The library's messages name its options; a terminal user has flags.
const CLI_WORDS: ReadonlyArray<readonly [string, string]> = [
  ["pass the auth option, e.g. { type: \"header\", name: \"Authorization\", scheme: \"Bearer\" }", "pass --auth, e.g. --auth header:Authorization:Bearer"],
  ["pass the auth option", "pass --auth"],
  ["the auth option is not valid", "--auth is not valid"],
  ["pass baseUrl, or allowPrivateServers if that is intended", "pass --base-url URL"],
  ["pass baseUrl", "pass --base-url URL"],
  ["with include/exclude", "with --include/--exclude"]
]

/**
 * A message of the import as the `rcp` command says it: options named by their flags.
 *
 * @since 0.2.0
 * @category utils
 */
export const inCliWords = (text: string): string => CLI_WORDS.reduce((out, [from, to]) => out.split(from).join(to), text)

/**
 * @since 0.2.0
 * @category models
 */
export interface CommandOutput {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

/**
 * The CLI's one line for the missing peer, whatever command needed it.
 *
 * @since 0.2.0
 * @category utils
 */
export const PARSER_MISSING_LINE = "rcp: install @readme/openapi-parser to use rcp import"

/**
 * One line for any failure: the missing parser as the CLI says it, else the error's own tag and message.
 *
 * @since 0.2.0
 * @category utils
 */
export const failureLine = (error: unknown): string => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) {
    return `rcp: ${linesEscaped(error instanceof Error ? error.message : String(error))}`
  }
  if (error._tag === "OpenApiParserMissing") return PARSER_MISSING_LINE
  const message = "message" in error ? String(error.message) : ""
  return `rcp: ${linesEscaped(`${String(error._tag)}: ${inCliWords(message)}`)}`
}

/** A message may quote the document or the path it came from: each of its lines escaped (issue #29). */
const linesEscaped = (text: string): string => text.split("\n").map(Manifest.escapeControls).join("\n")

const warningLines = (warnings: ReadonlyArray<Mapping.Warning>): string =>
  warnings.map((w) => `warning: ${inCliWords(Mapping.formatWarning(w))}\n`).join("")

/**
 * `rcp import <file-or-url> [--base-url URL] [--include P]… [--exclude P]… [--out FILE]`: the
 * manifest as JSON on stdout (or in `out`), each warning on stderr; exit 1 with one line on failure.
 *
 * @since 0.2.0
 * @category utils
 */
export const importCommand = async (args: ImportArgs, importer?: Load.Importer): Promise<CommandOutput> => {
  const auth = args.auth === undefined ? undefined : parseAuth(args.auth)
  if (args.auth !== undefined && auth === undefined) {
    return { stdout: "", stderr: "rcp: --auth must be header:NAME, header:NAME:SCHEME or query:NAME (e.g. header:Authorization:Bearer)\n", exitCode: 1 }
  }
  const options: Api.ImportOptions = { baseUrl: args.baseUrl, include: args.include, exclude: args.exclude, auth }
  const exit = await Effect.runPromiseExit(
    Convert.convert(args.source, options, Api.standaloneFetch(options), importer)
  )
  if (Exit.isFailure(exit)) return { stdout: "", stderr: `${failureLine(Cause.squash(exit.cause))}\n`, exitCode: 1 }
  const { manifest, warnings } = exit.value
  // Descriptions and names are the document's: printed with every invisible or control character escaped.
  const json = `${Manifest.stringifyJson(manifest, 2)}\n`
  const size = await sizeWarning(manifest)
  const stderr = warningLines(warnings) + (size === undefined ? "" : `warning: ${size}\n`)
  if (args.out === undefined) return { stdout: json, stderr, exitCode: 0 }
  try {
    await writeFile(args.out, json)
  } catch {
    return { stdout: "", stderr: `${stderr}rcp: cannot write ${args.out}\n`, exitCode: 1 }
  }
  const counted = warnings.length + (size === undefined ? 0 : 1)
  const summary = `rcp: wrote ${manifest.tools.length} tool(s) to ${args.out}, ${counted} warning(s)\n`
  return { stdout: "", stderr: stderr + summary, exitCode: 0 }
}

/**
 * @since 0.2.0
 * @category models
 */
export interface Loaded {
  /** An RCP manifest (as read, or imported from OpenAPI), still to be decoded by whoever registers it. */
  readonly document: unknown
  /** Where it came from: the URL, or the file's `file:` URL. */
  readonly url: string
  /** What the OpenAPI import could not represent, as lines; empty for an RCP manifest. */
  readonly warnings: ReadonlyArray<string>
}

/**
 * An OpenAPI document imported as a manifest, its warnings as lines.
 *
 * @since 0.2.0
 * @category utils
 */
export const fromOpenApi = (
  importer: Load.Importer | undefined,
  read: (parser: Load.Parser) => Effect.Effect<unknown, Convert.ConvertError>,
  url: string
): Effect.Effect<Loaded, Convert.ConvertError> =>
  Effect.gen(function*() {
    const parser = yield* Load.parser(importer)
    const doc = yield* read(parser)
    const { manifest, warnings } = yield* Convert.fromDocument(parser, doc, url, {}, Api.standaloneFetch({}))
    return { document: manifest, url, warnings: warnings.map(Mapping.formatWarning) }
  })

/**
 * Whether a parsed JSON document is an OpenAPI or Swagger document (by its `openapi` or `swagger`
 * field), as opposed to an RCP manifest.
 *
 * @since 0.2.0
 * @category guards
 */
export const isOpenApi: (json: unknown) => boolean = Convert.isOpenApi

/**
 * The largest OpenAPI document read from a URL by default, in bytes (32 MiB).
 *
 * @since 0.2.0
 * @category models
 */
export const DEFAULT_MAX_SPEC_BYTES: number = Convert.DEFAULT_MAX_SPEC_BYTES
