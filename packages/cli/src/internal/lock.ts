/**
 * `rcp lock`: approve manifests — discover each as a client would and write its pin (docs/lock.md)
 * into the lock file. Entries of other URLs already in the file are kept, so one API can be
 * re-approved after `rcp diff` without touching the others.
 */
import * as Effect from "effect/Effect"
import { existsSync } from "node:fs"
import { rename, writeFile } from "node:fs/promises"
import * as Client from "rcp-sdk/client"
import * as Lock from "rcp-sdk/lock"
import { escapeControls } from "rcp-sdk/manifest"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { CliError, UsageError } from "./errors.js"
import { allowHttpOption, clientLayer, isUrl, printWarnings, readManifestFile } from "./source.js"
import { clip } from "./text.js"

/** @internal */
export const LOCK_FILE = "rcp.lock.json"

/** The manifest URLs as given, each an http(s) URL: a lock pins what a client discovers. @internal */
export const manifestUrls = (command: string, sources: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<string>, UsageError> => {
  const bad = sources.find((source) => !isUrl(source))
  return bad === undefined
    ? Effect.succeed(sources)
    : Effect.fail(new UsageError({
      command,
      message: `${JSON.stringify(clip(bad, 80))} is not an http(s) URL; a lock pins manifests by the URL a client discovers them at`
    }))
}

/** The lock in `path`: absent → none; not a lock → the failure (never overwritten). @internal */
export const readLock = (path: string): Effect.Effect<Lock.Lock, CliError | Lock.LockInvalid> =>
  Effect.flatMap(readManifestFile(path, "lock"), (json) => Lock.decode(json, { source: path }))

/**
 * `url` discovered in a client of its own, as an application discovering only it would: a lock is
 * per manifest, so two APIs that share a tool name (which one client refuses as `DuplicateTool`,
 * unless given a prefix) are approved and compared each on its own (issue #29).
 *
 * @internal
 */
export const discoverAlone = (url: string, allowHttp: boolean): Effect.Effect<Client.Discovery, Client.DiscoverError> =>
  Client.discover(url).pipe(Effect.provide(clientLayer({}, { allowHttp })))

const write = (path: string, text: string): Effect.Effect<void, CliError> =>
  Effect.tryPromise({
    // Through a temporary file and a rename: a failed write never leaves half a lock.
    try: async () => {
      const temporary = `${path}.${process.pid}.tmp`
      await writeFile(temporary, text, "utf8")
      await rename(temporary, path)
    },
    catch: () => new CliError({ message: `cannot write ${path}: permission or I/O error` })
  })

/** @internal */
export const command = define({
  name: "lock",
  summary: summaries.lock,
  positionals: [{ name: "manifest-url", variadic: true, description: "The manifest's http(s) URL, as the client discovers it" }],
  options: {
    out: { type: "string", value: "FILE", default: LOCK_FILE, description: "The lock file written (other URLs' entries in it are kept)" },
    "allow-http": allowHttpOption
  },
  notes: [
    "A client given the lock (Client.layer({ lock }), createRcpClient({ lock })) refuses a manifest that",
    "differs from its pin with ManifestChanged, before exposing any tool. `rcp diff` shows what changed."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const urls = yield* manifestUrls("lock", positionals)
      const previous = existsSync(options.out) ? yield* readLock(options.out) : undefined
      const discovered = yield* Effect.forEach(urls, (url) => discoverAlone(url, options["allow-http"]))
      for (const d of discovered) yield* printWarnings(io, d.warnings)
      const fresh = Lock.make(discovered.map((d) => ({ url: d.url, manifest: d.manifest })))
      const lock: Lock.Lock = { version: Lock.LOCK_VERSION, apis: { ...previous?.apis, ...fresh.apis } }
      yield* write(options.out, Lock.format(lock))
      for (const d of discovered) yield* io.out(`locked ${escapeControls(d.url)}: ${d.manifest.tools.length} tool(s)`)
      const kept = Object.keys(lock.apis).length - Object.keys(fresh.apis).length
      yield* io.out(`wrote ${options.out}${kept > 0 ? ` (${kept} other API(s) kept)` : ""}`)
      return 0
    })
})
