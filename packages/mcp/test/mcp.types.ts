/**
 * Type-level promises of `@rcp-sdk/mcp`, checked by `tsc` in `npm test`: the services of `context`
 * and `onError` become `make`'s requirements, beside the client and a scope; neither can fail; the
 * promise bridge's `context` must produce the client's resolver context; `onError` gets operator
 * errors only.
 */
import { Service } from "#target/Service.js"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as Client from "rcp-sdk/client"
import * as Mcp from "../src/Mcp.js"

class CurrentUser extends Service<CurrentUser, { readonly id: string }>()("types/CurrentUser") {}
class Audit extends Service<Audit, { readonly log: (tag: string) => Effect.Effect<void> }>()("types/Audit") {}

const bridge = Mcp.make({
  context: () => Effect.map(CurrentUser, (user) => ({ userId: user.id })),
  onError: (error) => Effect.flatMap(Audit, (audit) => audit.log(error._tag))
})
export const needs: Effect.Effect<Mcp.Bridge, never, Client.RcpClient | Scope.Scope | CurrentUser | Audit> = bridge
// @ts-expect-error the bridge needs the CurrentUser its context reads and the Audit its onError uses
export const without: Effect.Effect<Mcp.Bridge, never, Client.RcpClient | Scope.Scope> = bridge

// @ts-expect-error a context cannot fail: a call without it fails closed through the resolvers instead
export const failingContext = Mcp.make({ context: () => Effect.fail("no user") })

export const operatorOnly = Mcp.make({
  // @ts-expect-error InvalidArguments is the model's to read, never an operator error
  onError: (error) => Effect.sync(() => error._tag === "InvalidArguments")
})

const client = Client.createRcpClient({ resolvers: { userId: (ctx: { readonly userId: string }) => ctx.userId } })
export const promiseBridge: Mcp.Bridge = Mcp.createMcpBridge(client, {
  context: (extra) => ({ userId: extra.authInfo?.clientId ?? "anonymous" })
})
// @ts-expect-error the context must be the client's resolver context
export const wrongContext = Mcp.createMcpBridge(client, { context: () => ({ user: "u-1" }) })
