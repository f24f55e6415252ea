/**
 * The client's settings: its options checked once, with their defaults, and the URL rules every
 * part of the client applies (plain `http:`, trusted origins). A leaf: it imports no other part
 * of the client, so discovery and execution can both read it without importing each other.
 */
import * as Result from "#target/Result.js"
import * as Duration from "effect/Duration"
import type { Options, SearchRanker } from "../../Client.js"
import type * as Lock from "../../Lock.js"
import type { Codec } from "../manifest/codec.js"
import * as Pin from "../manifest/pin.js"
import * as Poisoning from "../manifest/poisoning.js"
import * as Budget from "../result/budget.js"
import type { ResultBudget } from "../result/budget.js"
import * as Retry from "../transport/retry.js"
import * as Approval from "./approval.js"
import * as Credential from "./credential.js"

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
  readonly onPoisoning: "warn" | "refuse"
  readonly poisoning: Poisoning.PoisoningOptions
  readonly approval: Approval.Policy
  /** The app's own ranker for `searchTools`; undefined: the default index. */
  readonly searchRanker: SearchRanker | undefined
  /** The client's result budget (docs/results.md "Budgets"); undefined: the default, unless an API, tool or call sets one. */
  readonly resultBudget: ResultBudget | undefined
}

const MiB = 1024 * 1024

const positive = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`rcp-sdk: ${name} must be a non-negative number`)
  return value
}

const onPoisoning = (value: unknown): "warn" | "refuse" => {
  if (value === undefined || value === "warn" || value === "refuse") return value ?? "warn"
  throw new TypeError(`rcp-sdk: onPoisoning must be "warn" or "refuse"`)
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
 * The options, checked and with defaults; a bad option throws a `TypeError` naming it. A `lock` is
 * checked by its Schema, which comes with the codec (`../manifest/codec.ts`, loaded when a client is
 * built): without it, a lock is refused rather than left unchecked.
 *
 * @internal
 */
export const make = (options: Options, codec?: Codec): Settings => {
  const trusted = origins(options.trustedOrigins, "trustedOrigins")
  if (trusted._tag === "Invalid") throw new TypeError(`rcp-sdk: ${trusted.problem}`)
  const lock = lockOf(options.lock, codec)
  // With a lock, the tools the client can ever expose are known: the policy may name only those.
  const locked = lock === undefined ? undefined : Object.values(lock.apis).flatMap((api) => Object.keys(api.tools))
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
    lock,
    pinPolicy: pinPolicyOf(options.pinPolicy),
    onPoisoning: onPoisoning(options.onPoisoning),
    poisoning: { descriptionBudget: positive("poisoning.descriptionBudget", options.poisoning?.descriptionBudget, Poisoning.DEFAULT_BUDGET) },
    approval: Approval.policy(options.approval, locked),
    searchRanker: rankerOf(options.searchRanker),
    resultBudget: resultBudgetOf(options)
  }
}

const rankerOf = (ranker: unknown): SearchRanker | undefined => {
  if (ranker === undefined || typeof ranker === "function") return ranker as SearchRanker | undefined
  throw new TypeError("rcp-sdk: searchRanker must be a function (request, candidates, { limit }) => matches")
}

/** The client's `maxResultChars` and `maxResultTokens`, checked; each problem a `TypeError` naming it. */
const resultBudgetOf = ({ maxResultChars, maxResultTokens }: Options): ResultBudget | undefined => {
  if (maxResultChars === undefined && maxResultTokens === undefined) return undefined
  const problems = Budget.check({ maxResultChars, maxResultTokens })
  if (problems.length > 0) throw new TypeError(`rcp-sdk: ${problems.join("; ")}`)
  return { maxResultChars, maxResultTokens }
}

/** The lock as given, checked by its Schema; the first problem, with its path, in the TypeError. */
const lockOf = (lock: unknown, codec: Codec | undefined): Lock.Lock | undefined => {
  if (lock === undefined) return undefined
  // Never an unchecked lock: the callers without the codec (the facade's early check) drop the lock.
  if (codec?.Lock === undefined) throw new Error("rcp-sdk: internal error: a lock is checked with the manifest codec")
  const checked = codec.Lock.validate(lock)
  if (Result.isSuccess(checked)) return Result.successOf(checked)
  const issues = Result.failureOf(checked)
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""
  throw new TypeError(`rcp-sdk: lock is not a lock file: ${codec.Lock.formatIssue(issues[0]!)}${more}`)
}

const pinPolicyOf = (policy: Lock.PinPolicy | undefined): Lock.PinPolicy => {
  if (policy === undefined) return "exact"
  if (Pin.isPolicy(policy)) return policy
  throw new TypeError(`rcp-sdk: pinPolicy must be one of ${Pin.POLICIES.join(", ")}`)
}
