/**
 * Approval for side effects (docs/security.md "Approval"): before a tool call that the policy marks — by
 * default every method but GET — is sent, the operator's hook sees the prepared request
 * (resolvers run, credential shown as `<redacted>`) and says yes or no. Only `true` sends it;
 * `false` or anything else is `ApprovalDenied`, and a hook that throws, rejects, fails or dies is
 * `ApprovalFailed` — fail closed either way, nothing sent.
 */
import * as Effects from "#target/Effects.js"
import { Service as ServiceOf } from "#target/Service.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PreparedRequest } from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import { TOOL_NAME } from "../manifest/model.js"
import { couldExpose } from "../manifest/exposedName.js"
import { anyForm } from "../shared/anyForm.js"
import { TaggedError } from "../shared/taggedError.js"
import { describeValue, shown } from "../shared/text.js"
import { isRecord } from "../shared/values.js"

/**
 * Which calls need approval. `tools` (by exposed name) wins over `methods`.
 *
 * @since 0.3.0
 * @category models
 */
export interface ApprovalPolicy {
  /**
   * Methods whose calls need approval, in any case (`"post"` is POST). Default: every method but
   * GET. A method the format does not have is a `TypeError` when the client is built.
   */
  readonly methods?: ReadonlyArray<Manifest.HttpMethod | Lowercase<Manifest.HttpMethod>> | undefined
  /**
   * Per tool, by the name the model calls it: `true` always asks, `false` never does. A name that
   * cannot be a tool's — or, with a lock, that no locked tool has — is a `TypeError` when the
   * client is built.
   */
  readonly tools?: Readonly<Record<string, boolean>> | undefined
}

/**
 * What the hook is told besides the request: the tool's exposed name and the call's `context`
 * (the same the resolvers got).
 *
 * @since 0.3.0
 * @category models
 */
export interface ApprovalInfo {
  readonly tool: string
  readonly context: unknown
}

/**
 * The hook in any form: a value, a promise or an Effect of `true` to send the request.
 *
 * @since 0.3.0
 * @category models
 */
export type ApproveFunction = (
  request: PreparedRequest,
  info: ApprovalInfo
) => boolean | PromiseLike<boolean> | Effect.Effect<boolean, unknown>

/**
 * @since 0.3.0
 * @category models
 */
export interface ApprovalService {
  readonly approve: (request: PreparedRequest, info: ApprovalInfo) => Effect.Effect<boolean, unknown>
}

/**
 * The approval hook as a service. Absent from the context, no call needs approval.
 *
 * @since 0.3.0
 * @category models
 */
export class Approval extends ServiceOf<Approval, ApprovalService>()("rcp-sdk/Approval") {
  /**
   * The hook as a layer: `Layer.provide(Approval.layer((request, { tool }) => askTheUser(tool, request)))`.
   *
   * @since 0.3.0
   * @category layers
   */
  static readonly layer = (approve: ApproveFunction): Layer.Layer<Approval> => Layer.succeed(Approval, fromFunction(approve))
}

/**
 * The call was not approved: the hook answered something other than `true`. Nothing was sent.
 * The model is told "The user declined this action." (docs/providers.md "What the model is told of a failure").
 *
 * @since 0.3.0
 * @category errors
 */
export class ApprovalDenied extends TaggedError("ApprovalDenied")<{
  readonly tool: string
  readonly method: string
}> {
  override get message(): string {
    return `tool "${this.tool}" (${this.method}) was not approved; nothing was sent`
  }
}

/**
 * The approval hook threw, rejected, failed or died: the call is refused (fail closed) and nothing
 * was sent. An operator error: the hook's error is the `cause`, the model only hears the tool is
 * unavailable.
 *
 * @since 0.3.0
 * @category errors
 */
export class ApprovalFailed extends TaggedError("ApprovalFailed")<{
  readonly tool: string
  readonly method: string
  readonly cause: unknown
}> {
  override get message(): string {
    return `tool "${this.tool}" (${this.method}): the approval hook failed, so the call was refused; nothing was sent`
  }
}

/**
 * A hook in any form as the service.
 *
 * @internal
 */
export const fromFunction = (approve: ApproveFunction): ApprovalService => ({
  // What the hook threw or rejected with is kept as it is: it becomes `ApprovalFailed.cause`.
  approve: (request, info) => anyForm(() => approve(request, info))
})

/** @internal */
export interface Policy {
  /** Upper case, as manifests write them. */
  readonly methods: ReadonlySet<string>
  readonly tools: ReadonlyMap<string, boolean>
}

const METHODS: ReadonlyArray<Manifest.HttpMethod> = ["GET", "POST", "PUT", "PATCH", "DELETE"]
const NOT_GET: ReadonlyArray<Manifest.HttpMethod> = ["POST", "PUT", "PATCH", "DELETE"]
const FIELDS = new Set(["methods", "tools"])

const invalid = (problem: string): TypeError => new TypeError(`rcp-sdk: approval${problem}`)

/**
 * The policy as given, checked — fail closed on a typo: a policy that silently matched nothing
 * would stop asking. Methods compare case-insensitively ("post" is POST); a method the format does
 * not have, a field the policy does not have, a name that cannot be a tool's, a non-boolean answer,
 * or — when the client has a lock — a tool name that no locked tool has (with any prefix before
 * it) throws a `TypeError` naming it, when the client is built.
 *
 * @internal
 */
export const policy = (options: ApprovalPolicy | undefined, locked?: ReadonlyArray<string>): Policy => {
  if (options === undefined) return { methods: new Set(NOT_GET), tools: new Map() }
  if (!isRecord(options)) throw invalid(" must be an object: { methods?, tools? }")
  for (const key of Object.keys(options)) {
    if (!FIELDS.has(key)) throw invalid(` has no field ${JSON.stringify(shown(key, 40))} (it takes methods and tools)`)
  }
  return { methods: methodsOf(options.methods), tools: toolsOf(options.tools, locked) }
}

const methodsOf = (methods: unknown): ReadonlySet<string> => {
  if (methods === undefined) return new Set(NOT_GET)
  if (!Array.isArray(methods)) throw invalid(".methods must be an array of HTTP methods")
  return new Set(methods.map((method: unknown, i) => {
    const upper = typeof method === "string" ? method.toUpperCase() : undefined
    if (upper === undefined || !(METHODS as ReadonlyArray<string>).includes(upper)) {
      const what = typeof method === "string" ? JSON.stringify(shown(method, 40)) : describeValue(method)
      throw invalid(`.methods[${i}] is ${what}, not one of ${METHODS.join(", ")}`)
    }
    return upper
  }))
}

const toolsOf = (tools: unknown, locked: ReadonlyArray<string> | undefined): ReadonlyMap<string, boolean> => {
  if (tools === undefined) return new Map()
  if (!isRecord(tools)) throw invalid(".tools must be an object of tool names to true or false")
  const out = new Map<string, boolean>()
  for (const [name, ask] of Object.entries(tools)) {
    const quoted = JSON.stringify(shown(name, 70))
    if (!TOOL_NAME.test(name)) throw invalid(`.tools: ${quoted} is not a tool name (1 to 64 of A-Z a-z 0-9 _ -)`)
    if (typeof ask !== "boolean") throw invalid(`.tools[${quoted}] must be true or false, not ${describeValue(ask)}`)
    // Exposed names are a discovery's prefix and the manifest's name (shortened past 64
    // characters); the lock holds the latter.
    if (locked !== undefined && !locked.some((tool) => couldExpose(name, tool))) {
      throw invalid(`.tools names ${quoted}, which no tool of the client's lock has`)
    }
    out.set(name, ask)
  }
  return out
}

/**
 * Whether a call of this tool needs approval under the policy.
 *
 * @internal
 */
export const needed = (policy: Policy, tool: string, method: string): boolean =>
  policy.tools.get(tool) ?? policy.methods.has(method)

/**
 * The hook asked about one prepared call: succeeds only on `true`. `request` is built only when
 * the hook runs.
 *
 * @internal
 */
export const check = (
  service: ApprovalService,
  request: PreparedRequest,
  info: ApprovalInfo
): Effect.Effect<void, ApprovalDenied | ApprovalFailed> =>
  service.approve(request, info).pipe(
    Effect.sandbox,
    Effect.matchEffect({
      onFailure: (cause) =>
        // Inside a span Effect fails with a copy of the thrown error; the operator gets the original.
        Effect.fail(
          new ApprovalFailed({ tool: info.tool, method: request.method, cause: Effects.originalError(Cause.squash(cause)) })
        ),
      onSuccess: (answer) =>
        answer === true ? Effect.void : Effect.fail(new ApprovalDenied({ tool: info.tool, method: request.method }))
    })
  )
