/**
 * What every `rcp` subcommand shares: the options that mean the same everywhere, reading a
 * manifest from a URL (through the client's discovery) or a file, and the client they run on —
 * the library's own undici transport, so the command needs nothing a library user does not have.
 */
import * as OpenApiCli from "@rcp-sdk/openapi/cli"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { readFile, stat } from "node:fs/promises"
import { resolve as resolvePath } from "node:path"
import { pathToFileURL } from "node:url"
import * as Client from "rcp-sdk/client"
import * as Manifest from "rcp-sdk/manifest"
import * as Resolver from "rcp-sdk/resolver"
import type { OptionSpec } from "./command.js"
import { CliError } from "./errors.js"
import type { Output } from "./output.js"

/** @internal */
export const sourceArg = { name: "url|file", description: "The manifest (or an OpenAPI document): an http(s) URL or a JSON file" } as const

/** @internal */
export const resolverOption = {
  type: "string",
  multiple: true,
  value: "NAME",
  description: "A param the client resolves (hidden from the model)"
} as const satisfies OptionSpec

/** @internal */
export const allowHttpOption = {
  type: "boolean",
  description: "Allow plain http: to hosts that are not loopback"
} as const satisfies OptionSpec

/** @internal */
export const jsonOption = {
  type: "boolean",
  description: "Print one JSON document (warnings included) instead of text"
} as const satisfies OptionSpec

/** @internal */
export const isUrl = (source: string): boolean => /^https?:\/\//i.test(source)

// The client's default manifest cap, for the small JSON files a command reads (a lock).
const MAX_FILE_BYTES = 1024 * 1024

/**
 * A manifest (or another JSON file: `what`) as JSON, at most `maxBytes` (default 1 MiB); not JSON →
 * where it stops being JSON.
 *
 * @internal
 */
export const readManifestFile = (path: string, what = "manifest", maxBytes = MAX_FILE_BYTES): Effect.Effect<unknown, CliError> =>
  Effect.gen(function*() {
    const cannotRead = (error: unknown) => {
      const code = (error as { code?: unknown }).code
      const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : "permission or I/O error"
      return new CliError({ message: `cannot read ${path}: ${why}` })
    }
    const info = yield* Effect.tryPromise({ try: () => stat(path), catch: cannotRead })
    if (info.size > maxBytes) {
      return yield* new CliError({ message: `${path} is larger than the ${maxBytes}-byte ${what} limit` })
    }
    const text = yield* Effect.tryPromise({ try: () => readFile(path, "utf8"), catch: cannotRead })
    try {
      return JSON.parse(text) as unknown
    } catch {
      return yield* new CliError({ message: `${path} is not JSON: ${Manifest.describeJsonError(text)}` })
    }
  })

/** A client over undici with these resolvers, for one command. @internal */
export const clientLayer = (
  resolvers: Record<string, Resolver.ResolverFn<any>>,
  options: Client.Options = {}
): Layer.Layer<Client.RcpClient> => Client.layerUndici(options).pipe(Layer.provide(Resolver.layer(resolvers)))

/** Resolvers that only hide their params: describe and tools need the names, never values. @internal */
export const namesOnly = (names: ReadonlyArray<string>): Record<string, Resolver.ResolverFn<any>> =>
  Object.fromEntries(names.map((name) => [name, () => undefined]))

/** @internal */
export type LoadError = Client.RegisterError | Client.FetchError | OpenApiCli.LoadError | CliError

/**
 * The manifest at `source` as a document still to decode: read from a file, or fetched from a URL
 * under discovery's rules (through the client), an OpenAPI document (by its `openapi`/`swagger`
 * field) imported first — its warnings as lines. The parser is loaded only then (a dynamic import).
 *
 * @internal
 */
export const read = (source: string): Effect.Effect<OpenApiCli.Loaded, LoadError, Client.RcpClient> =>
  Effect.gen(function*() {
    const client = yield* Client.RcpClient
    // The spec cap, not the manifest cap, from a URL and from a file alike: an OpenAPI document of a
    // large API runs to megabytes, and so does the manifest `rcp import` makes of it (GitHub's: 2.3 MB).
    const { json, url } = isUrl(source)
      ? yield* client.fetchJson(source, { maxBytes: OpenApiCli.DEFAULT_MAX_SPEC_BYTES, what: "manifest" })
      : { json: yield* readManifestFile(source, "manifest", OpenApiCli.DEFAULT_MAX_SPEC_BYTES), url: pathToFileURL(resolvePath(source)).href }
    return OpenApiCli.isOpenApi(json)
      ? yield* OpenApiCli.fromOpenApi(undefined, () => Effect.succeed(json), url)
      : { document: json, url, warnings: [] }
  })

/** The manifest (or OpenAPI document, imported) registered; the import's warnings first. @internal */
export const load = (
  source: string,
  options: Client.DiscoverOptions = {}
): Effect.Effect<Client.Discovery, LoadError, Client.RcpClient> =>
  Effect.gen(function*() {
    const loaded = yield* read(source)
    const discovery = yield* Client.register(loaded.document, { ...options, url: loaded.url })
    return { ...discovery, warnings: [...loaded.warnings, ...discovery.warnings] }
  })

/**
 * Each warning on a line of stderr. Warnings quote documents; the library escapes them already,
 * and escaping is idempotent, so they are escaped again here, where they meet the terminal.
 *
 * @internal
 */
export const printWarnings = (io: Output, warnings: ReadonlyArray<string>): Effect.Effect<void> =>
  Effect.forEach(
    warnings,
    (warning) => io.err(`${io.errStyle.yellow("warning:")} ${Manifest.escapeControls(warning)}`),
    { discard: true }
  )
