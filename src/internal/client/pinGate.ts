/**
 * The client's side of pinning (docs/lock.md): which pin a discovery must match — decided before
 * the manifest is fetched, so a URL the lock does not know costs no request — and the check of the
 * decoded manifest against it, before anything is compiled or registered. Only what passes reaches
 * the registry: a refused manifest leaves the client as it was (an earlier approved version of the
 * same API stays registered).
 */
import * as Result from "#target/Result.js"
import * as Effect from "effect/Effect"
import type { DiscoverOptions } from "../../Client.js"
import type * as LockModule from "../../Lock.js"
import type * as Manifest from "../../Manifest.js"
import * as ManifestCodec from "../manifest/codec.js"
import type { Codec } from "../manifest/codec.js"
import * as Pin from "../manifest/pin.js"
import { InvalidDiscoverOptions } from "./errors.js"
import { ManifestChanged, ManifestNotPinned } from "./pinErrors.js"
import type { Settings } from "./settings.js"

/** What one discovery is held to. @internal */
export type Expected =
  | { readonly _tag: "Unpinned" }
  | { readonly _tag: "Pinned"; readonly pin: LockModule.ApiPin; readonly policy: LockModule.PinPolicy }

const UNPINNED: Expected = { _tag: "Unpinned" }

/**
 * The pin for the manifest at `url` (its client key): the `pin` option, else the lock's entry. With
 * a lock and neither, the manifest is refused.
 *
 * @internal
 */
export const expected = (
  settings: Settings,
  codec: Codec,
  url: string,
  options: DiscoverOptions
): Effect.Effect<Expected, ManifestNotPinned | InvalidDiscoverOptions> => {
  const policy = options.pinPolicy ?? settings.pinPolicy
  if (!Pin.isPolicy(policy)) {
    return Effect.fail(new InvalidDiscoverOptions({ url, problem: `pinPolicy must be one of ${Pin.POLICIES.join(", ")}` }))
  }
  if (options.pin !== undefined) {
    const pin = options.pin
    return Effect.flatMap(ManifestCodec.lock(codec), (Lock) => checkPin(Lock, url, pin, policy))
  }
  if (settings.lock === undefined) return Effect.succeed(UNPINNED)
  const pin = Object.hasOwn(settings.lock.apis, url) ? settings.lock.apis[url] : undefined
  return pin === undefined
    ? Effect.fail(new ManifestNotPinned({ url, pinned: Object.keys(settings.lock.apis) }))
    : Effect.succeed({ _tag: "Pinned", pin, policy })
}

/** A `pin` option, checked as this URL's entry of a lock. */
const checkPin = (
  Lock: typeof LockModule,
  url: string,
  pin: unknown,
  policy: LockModule.PinPolicy
): Effect.Effect<Expected, InvalidDiscoverOptions> =>
  Result.match(Lock.validate({ version: Lock.LOCK_VERSION, apis: { [url]: pin } }), {
    onFailure: (issues): Effect.Effect<Expected, InvalidDiscoverOptions> =>
      Effect.fail(
        new InvalidDiscoverOptions({
          url,
          // The pin is checked as this URL's entry of a lock; its path is shown from the pin down.
          problem: `pin is not an API pin: ${Lock.formatIssue({ ...issues[0]!, path: ["pin", ...issues[0]!.path.slice(2)] })}`
        })
      ),
    onSuccess: (lock) => Effect.succeed<Expected>({ _tag: "Pinned", pin: lock.apis[url]!, policy })
  })

/**
 * The manifest to register — all of it, or under `"allow-new-tools"` its pinned tools only — with
 * a warning per tool kept hidden; or `ManifestChanged`.
 *
 * @internal
 */
export const approve = (
  manifest: Manifest.Manifest,
  api: { readonly url: string; readonly origin: string },
  expected: Expected
): Effect.Effect<{ readonly manifest: Manifest.Manifest; readonly warnings: ReadonlyArray<string> }, ManifestChanged> => {
  if (expected._tag === "Unpinned") return Effect.succeed({ manifest, warnings: [] })
  const difference = Pin.compare(expected.pin, Pin.apiPin(api.origin, manifest))
  if (Pin.isSame(difference)) return Effect.succeed({ manifest, warnings: [] })
  const onlyAdded = difference.removed.length === 0 && difference.changed.length === 0 &&
    difference.origin === undefined
  if (onlyAdded && expected.policy === "allow-new-tools") {
    const added = new Set(difference.added)
    return Effect.succeed({
      manifest: { ...manifest, tools: manifest.tools.filter((tool) => !added.has(tool.name)) },
      warnings: difference.added.map((tool) =>
        `tool "${Pin.shownName(tool)}" of ${api.url} is not in its pin; it stays hidden until it is approved (rcp lock)`
      )
    })
  }
  return Effect.fail(
    new ManifestChanged({
      url: api.url,
      added: difference.added,
      removed: difference.removed,
      changed: difference.changed,
      ...(difference.origin === undefined ? {} : { pinnedOrigin: difference.origin })
    })
  )
}
