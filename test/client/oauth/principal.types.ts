// Type-level promises of the OAuth bridge, checked by `tsc` in `npm test`: an Effect `subject`
// function's requirements are carried in the type (as `Resolver.Requirements` carries the
// resolvers'); a plain one requires nothing; a subject is a string.
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Principal from "../../../src/internal/client/oauth/principal.js"
import type * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"

interface Turn {
  readonly userId?: string
}

class Sessions extends Context.Tag("app/Sessions")<Sessions, { readonly userOf: (turn: Turn) => Effect.Effect<string> }>() {}

const fromSessions = (turn: Turn) => Effect.flatMap(Sessions, (sessions) => sessions.userOf(turn))
const plain = (turn: Turn) => turn.userId
const untyped = (turn: any) => turn.userId

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export const effectRequires: Equal<Principal.Requirements<typeof fromSessions>, Sessions> = true
export const plainRequiresNothing: Equal<Principal.Requirements<typeof plain>, never> = true
export const untypedRequiresNothing: Equal<Principal.Requirements<typeof untyped>, never> = true

export const subjects: ReadonlyArray<Principal.SubjectFn<Turn, Sessions>> = [
  fromSessions,
  plain,
  async (turn) => turn.userId ?? null,
  (_turn, info) => info.tool
]
// @ts-expect-error — a subject is a user id (a string), not a number
export const numeric: Principal.SubjectFn<Turn> = () => 42
// @ts-expect-error — an Effect subject function's requirements must be declared
export const undeclared: Principal.SubjectFn<Turn, never> = fromSessions

// A principal is the client or a user, nothing else.
export const principals: ReadonlyArray<TokenManager.Principal> = [{ _tag: "Client" }, { _tag: "User", subject: "u-1" }]
// @ts-expect-error — a user needs a subject
export const noSubject: TokenManager.Principal = { _tag: "User" }
