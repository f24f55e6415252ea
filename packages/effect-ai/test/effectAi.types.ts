/**
 * Type-level promises of `@rcp-sdk/effect-ai`, checked by `tsc` in `npm test`: the context's services and
 * the client become the turn's requirements; operator errors are in the turn's error channel
 * unless `onError` takes them; the context cannot fail. The same file is checked on both Effects:
 * `npm run typecheck` (`@effect/ai` 0.37) and `npm run typecheck:effect4` (`effect/ai`).
 */
import { type AiError, LanguageModel } from "#ai-test-target"
import { Service } from "#target/Service.js"
import * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import type * as Client from "rcp-sdk/client"
import * as RcpAi from "../src/EffectAi.js"

class CurrentUser extends Service<CurrentUser, { readonly id: string }>()("types/CurrentUser") {}

type Turn<E, R> = Effect.Effect<unknown, E, R>

const withUser = LanguageModel.generateText({ prompt: "hi", toolkit: RcpAi.toolkit({ context: CurrentUser }) })
export const needsUser: Turn<AiError.AiError | RcpAi.OperatorError, LanguageModel.LanguageModel | Client.RcpClient | CurrentUser> =
  withUser
// @ts-expect-error the turn needs the CurrentUser its context reads
export const withoutUser: Turn<AiError.AiError | RcpAi.OperatorError, LanguageModel.LanguageModel | Client.RcpClient> = withUser

// Operator errors are typed: a missing resolver value can be handled by its tag.
export const handled = withUser.pipe(Effect.catchTag("ResolverMissing", (error) => Effect.succeed(error.param)))

const failing = LanguageModel.generateText({ prompt: "hi", toolkit: RcpAi.toolkit() })
// @ts-expect-error without onError, operator errors are in the error channel
export const onlyAiErrors: Turn<AiError.AiError, LanguageModel.LanguageModel | Client.RcpClient> = failing

const reporting = LanguageModel.generateText({ prompt: "hi", toolkit: RcpAi.toolkit({ onError: () => Effect.void }) })
export const reported: Turn<AiError.AiError, LanguageModel.LanguageModel | Client.RcpClient> = reporting

// @ts-expect-error the context may not fail: a turn's user is the application's to provide
export const failingContext = RcpAi.toolkit({ context: Effect.fail("no user") })

// streamText: the same requirements and errors, in the stream's channels.
type Streamed<E, R> = Stream.Stream<unknown, E, R>
const streamed = LanguageModel.streamText({ prompt: "hi", toolkit: RcpAi.toolkit({ context: CurrentUser }) })
export const streamNeedsUser: Streamed<AiError.AiError | RcpAi.OperatorError, LanguageModel.LanguageModel | Client.RcpClient | CurrentUser> =
  streamed
// @ts-expect-error without onError, operator errors are in the stream's error channel
export const streamOnlyAiErrors: Streamed<AiError.AiError, LanguageModel.LanguageModel | Client.RcpClient | CurrentUser> = streamed
// @ts-expect-error the stream needs the CurrentUser its context reads
export const streamWithoutUser: Streamed<AiError.AiError | RcpAi.OperatorError, LanguageModel.LanguageModel | Client.RcpClient> = streamed
