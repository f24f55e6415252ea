/**
 * `rcp validate` of a server's own module (`.js`/`.mjs`): the manifest its `defineTool` tools
 * publish, with what lowering their `args` lost — warnings a JSON manifest no longer carries.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { resolve as resolvePath } from "node:path"
import { pathToFileURL } from "node:url"
import type * as Manifest from "rcp-sdk/manifest"
import { CliError } from "./errors.js"

/** @internal */
export const isServerModule = (source: string): boolean => /\.(?:m?js|cjs)$/i.test(source)

interface Exported {
  readonly tools?: unknown
  readonly auth?: unknown
}

/** The module's `tools` (and `auth`) as named exports, or as a default export `{ tools, auth }`. */
const exportsOf = (module: Record<string, unknown>): Exported | undefined => {
  if (Array.isArray(module.tools)) return module as Exported
  const fallback = module.default
  return typeof fallback === "object" && fallback !== null && Array.isArray((fallback as Exported).tools)
    ? fallback as Exported
    : undefined
}

/** @internal */
export interface Checked {
  readonly result: Either.Either<Manifest.Manifest, ReadonlyArray<Manifest.ManifestIssue>>
  readonly lowering: ReadonlyArray<Manifest.ManifestIssue>
}

/** @internal */
export const check = (path: string, allowHttp: boolean): Effect.Effect<Checked, CliError> =>
  Effect.gen(function*() {
    const module = yield* Effect.tryPromise({
      try: () => import(pathToFileURL(resolvePath(path)).href) as Promise<Record<string, unknown>>,
      catch: (cause) =>
        new CliError({ message: `cannot load ${path}: ${cause instanceof Error ? cause.message : String(cause)}` })
    })
    const exported = exportsOf(module)
    if (exported === undefined) {
      return yield* new CliError({
        message: `${path} exports no \`tools\` array (export const tools = [defineTool(…)], and \`auth\` if any)`
      })
    }
    // Loaded only here: the other commands never need the server side.
    const Server = yield* Effect.promise(() => import("rcp-sdk/server"))
    return yield* Server.manifestWithWarnings({
      tools: exported.tools as ReadonlyArray<Manifest.Tool>,
      auth: exported.auth as Manifest.Auth | undefined,
      allowHttp
    }).pipe(
      Effect.map(({ manifest, warnings }): Checked => ({ result: Either.right(manifest), lowering: warnings })),
      Effect.catchTag("ManifestInvalid", (error) =>
        Effect.succeed<Checked>({ result: Either.left(error.issues), lowering: [] }))
    )
  })
