/**
 * `rcp diff`: what changed since approval — each API of a lock (or one) discovered again and
 * compared with its pin by the same comparison the client fails closed on (`pin.ts`). Names tools
 * and fields only: the lock keeps digests, not text, and a changed description is read with
 * `rcp describe`, not echoed here.
 */
import * as Effect from "effect/Effect"
import * as Lock from "rcp-sdk/lock"
import { escapeControls } from "rcp-sdk/manifest"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { CliError, ExitCode } from "./errors.js"
import { discoverAlone, readLock } from "./lock.js"
import type { Output } from "./output.js"
import { allowHttpOption, jsonOption } from "./source.js"

interface Compared {
  readonly url: string
  readonly tools: number
  readonly difference: Lock.Difference
}

/** The URLs to compare: the one given (which the lock must pin), or every one in the lock. */
const urlsOf = (lock: Lock.Lock, path: string, url: string | undefined): Effect.Effect<ReadonlyArray<string>, CliError> => {
  const pinned = Object.keys(lock.apis)
  if (url === undefined) return Effect.succeed(pinned)
  const key = Lock.keyOf(url)
  return Object.hasOwn(lock.apis, key)
    ? Effect.succeed([key])
    : Effect.fail(new CliError({
      message: `${escapeControls(key)} is not in ${path}; it pins: ${pinned.map(escapeControls).join(", ") || "nothing"}`
    }))
}

const printText = (io: Output, compared: ReadonlyArray<Compared>): Effect.Effect<void> =>
  Effect.forEach(compared, ({ difference: d, tools, url }) => {
    const shown = escapeControls(url)
    if (Lock.isSame(d)) return io.out(`${shown}: unchanged (${tools} tool(s))`)
    const { bold } = io.outStyle
    const width = Math.max(...[...d.added, ...d.removed, ...d.changed.map((c) => c.tool)].map((t) => Lock.shownName(t).length))
    const line = (mark: string, tool: string, what: string) => io.out(`  ${mark} ${Lock.shownName(tool).padEnd(width)}  ${what}`)
    return Effect.all([
      io.out(`${bold(shown)}: changed since it was locked`),
      ...(d.origin === undefined ? [] : [io.out(`  ! pinned for origin ${escapeControls(d.origin)}`)]),
      ...d.added.map((tool) => line("+", tool, "added (hidden from a client under allow-new-tools, refused under exact)")),
      ...d.removed.map((tool) => line("-", tool, "removed")),
      ...d.changed.map(({ fields, tool }) =>
        line("~", tool, `changed: ${fields.length === 0 ? "its digest only (a hand-edited lock?)" : fields.join(", ")}`)
      ),
      io.out(`  review the new definitions with \`rcp describe ${shown}\`; approve them with \`rcp lock ${shown}\``)
    ], { discard: true })
  }, { discard: true })

/** @internal */
export const command = define({
  name: "diff",
  summary: summaries.diff,
  positionals: [
    { name: "lock", description: "The lock file (written by rcp lock)" },
    { name: "url", optional: true, description: "One manifest URL of the lock; default every one" }
  ],
  options: { "allow-http": allowHttpOption, json: jsonOption },
  notes: ["Tools and fields are named; new text is not printed (read it with rcp describe)."],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const path = positionals[0]!
      const lock = yield* readLock(path)
      const urls = yield* urlsOf(lock, path, positionals[1])
      const compared = yield* Effect.forEach(urls, (url) =>
        Effect.map(discoverAlone(url, options["allow-http"]), (d): Compared => ({
          url,
          tools: d.manifest.tools.length,
          difference: Lock.diff(lock.apis[url]!, url, d.manifest)
        })))
      const code = compared.every((c) => Lock.isSame(c.difference)) ? ExitCode.ok : ExitCode.failed
      if (options.json) {
        yield* io.json({
          lock: path,
          changed: code !== ExitCode.ok,
          apis: compared.map(({ difference: d, url }) => ({
            url,
            same: Lock.isSame(d),
            added: d.added,
            removed: d.removed,
            changed: d.changed,
            ...(d.origin === undefined ? {} : { pinnedOrigin: d.origin })
          }))
        })
      } else {
        yield* printText(io, compared)
      }
      return code
    })
})
