/**
 * The client's settings: its options checked once, with their defaults, and the URL rules every
 * part of the client applies (plain `http:`, trusted origins). A leaf: it imports no other part
 * of the client, so discovery and execution can both read it without importing each other.
 */
import * as Duration from "effect/Duration"
import * as Either from "effect/Either"
import type { Options } from "../Client.js"
import * as Lock from "../Lock.js"
import * as Credential from "./credential.js"
import * as Pin from "./pin.js"
import * as Retry from "./retry.js"
import * as UrlTemplate from "./urlTemplate.js"

/** @internal */
export interface Settings {
  /** The client-wide credential, used for every manifest discovered without one of its own. */
  readonly credential: Credential.Source | undefined
  /** Origins every manifest's tools may call, besides each manifest's own. */
  readonly trusted: ReadonlySet<string>
  readonly allowHttp: boolean
  readonly timeoutMs: number
  readonly maxResponseBytes: number
  readonly maxManifestBytes: number
  readonly maxRedirects: number
  readonly retry: Retry.Policy
  readonly blockPrivateNetworks: boolean
  /** What every discovered manifest must match (docs/lock.md); undefined = no pinning. */
  readonly lock: Lock.Lock | undefined
  readonly pinPolicy: Lock.PinPolicy
}

const MiB = 1024 * 1024

const positive = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`rcp-sdk: ${name} must be a non-negative number`)
  return value
}

/**
 * Each entry's origin, or the problem with the first entry that is not a URL origin. The one rule
 * for the client-wide list and for the list given to one `discover`.
 *
 * @internal
 */
export const origins = (
  list: ReadonlyArray<string> | undefined,
  name: string
):
  | { readonly _tag: "Ok"; readonly origins: ReadonlySet<string> }
  | { readonly _tag: "Invalid"; readonly problem: string } =>
{
  const out = new Set<string>()
  for (const [i, origin] of (list ?? []).entries()) {
    let url: URL | undefined
    try {
      url = new URL(origin)
    } catch {
      url = undefined
    }
    // "localhost:3000" parses, as a URL whose origin is "null": refuse rather than trust nothing.
    if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
      return { _tag: "Invalid", problem: `${name}[${i}] is not a URL origin like "https://api.example.com"` }
    }
    out.add(url.origin)
  }
  return { _tag: "Ok", origins: out }
}

/**
 * The options, checked and with defaults; a bad option throws a `TypeError` naming it.
 *
 * @internal
 */
export const make = (options: Options): Settings => {
  const trusted = origins(options.trustedOrigins, "trustedOrigins")
  if (trusted._tag === "Invalid") throw new TypeError(`rcp-sdk: ${trusted.problem}`)
  return {
    credential: Credential.source(options.credential),
    trusted: trusted.origins,
    allowHttp: options.allowHttp ?? false,
    timeoutMs: Duration.toMillis(options.timeout ?? Duration.seconds(30)),
    maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes, 5 * MiB),
    maxManifestBytes: positive("maxManifestBytes", options.maxManifestBytes, MiB),
    maxRedirects: positive("maxRedirects", options.maxRedirects, 5),
    retry: Retry.policy(options.retry),
    blockPrivateNetworks: options.blockPrivateNetworks ?? false,
    lock: lockOf(options.lock),
    pinPolicy: pinPolicyOf(options.pinPolicy)
  }
}

/** The lock as given, checked by its Schema; the first problem, with its path, in the TypeError. */
const lockOf = (lock: unknown): Lock.Lock | undefined => {
  if (lock === undefined) return undefined
  const checked = Lock.validate(lock)
  if (Either.isRight(checked)) return checked.right
  const more = checked.left.length > 1 ? ` (and ${checked.left.length - 1} more)` : ""
  throw new TypeError(`rcp-sdk: lock is not a lock file: ${Lock.formatIssue(checked.left[0]!)}${more}`)
}

const pinPolicyOf = (policy: Lock.PinPolicy | undefined): Lock.PinPolicy => {
  if (policy === undefined) return "exact"
  if (Pin.isPolicy(policy)) return policy
  throw new TypeError(`rcp-sdk: pinPolicy must be one of ${Pin.POLICIES.join(", ")}`)
}

/**
 * Plain `http:` to a host that is not loopback, without `allowHttp`.
 *
 * @internal
 */
export const insecure = (url: { readonly protocol: string; readonly hostname: string }, settings: Settings): boolean =>
  url.protocol === "http:" && !settings.allowHttp && !UrlTemplate.isLoopbackHost(url.hostname)
