// Type-level promises of the promise facade, checked by `tsc` in `npm test`.
import { createRcpClient } from "../../src/Client.js"

const typed = createRcpClient({
  resolvers: { userId: (ctx: { currentUserId?: string }) => ctx.currentUserId }
})
const call = { name: "get_profile", arguments: "{}" }

export const ok = () => typed.execute(call, { context: { currentUserId: "u-42" } })
export const okEmpty = () => typed.execute(call, { context: {} })
// @ts-expect-error — the context type comes from the resolvers' parameter
export const wrongKey = () => typed.execute(call, { context: { wrong: 1 } })
// @ts-expect-error — currentUserId is a string
export const wrongType = () => typed.execute(call, { context: { currentUserId: 42 } })
// @ts-expect-error — the same check on buildRequest
export const wrongBuild = () => typed.buildRequest(call, { context: { wrong: 1 } })

// The seed's unannotated resolver compiles as written.
const seed = createRcpClient({ resolvers: { userId: (ctx) => ctx.currentUserId } })
export const seedCall = () => seed.execute(call, { context: { currentUserId: "u-42" } })

// @ts-expect-error — the credential is a string or a function, never a number
createRcpClient({ credential: 42 })
