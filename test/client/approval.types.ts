// Type-level promises of the poisoning and approval options, checked by `tsc` in `npm test`.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import * as Manifest from "../../src/Manifest.js"

export const warn = Client.createRcpClient({ onPoisoning: "warn", poisoning: { descriptionBudget: 1000 } })
// @ts-expect-error — onPoisoning is "warn" or "refuse"
export const badPoisoning = Client.createRcpClient({ onPoisoning: "block" })
export const refuseLayer = Client.layerUndici({ onPoisoning: "refuse" })

// The hook may answer with a boolean, a promise or an Effect of one; it gets the prepared request.
export const sync = Client.createRcpClient({ approve: (request) => request.method !== "DELETE" })
export const async = Client.createRcpClient({ approve: async (_request, { tool }) => tool !== "drop" })
export const effect: Layer.Layer<Client.Approval> = Client.Approval.layer(() => Effect.succeed(true))
// @ts-expect-error — the answer is a boolean, not a string
export const stringly = Client.createRcpClient({ approve: () => "yes" })
// @ts-expect-error — the request is the redacted PreparedRequest: no credential field on it
export const peeking = Client.createRcpClient({ approve: (request) => request.credential === undefined })

// The policy: methods of the manifest format, tools by name.
export const policy = Client.layerUndici({ approval: { methods: ["POST", "DELETE"], tools: { search: true } } })
// @ts-expect-error — not an HTTP method of the format
export const badMethod = Client.layerUndici({ approval: { methods: ["CONNECT"] } })
// Lower case is the same method (#29: a policy of ["post"] must not silently stop asking).
export const lowerMethod = Client.layerUndici({ approval: { methods: ["post", "delete"] } })
// @ts-expect-error — not an HTTP method in lower case either
export const badLowerMethod = Client.layerUndici({ approval: { methods: ["connect"] } })

// Both approval errors are in execute's error channel, not in buildRequest's (which never asks).
export const executeErrors = (e: Client.ExecuteError): string =>
  e._tag === "ApprovalDenied" ? e.method : e._tag === "ApprovalFailed" ? String(e.cause) : e._tag
// @ts-expect-error — buildRequest never asks for approval
export const buildErrors = (e: Client.BuildError): boolean => e._tag === "ApprovalDenied"

// lint takes the poisoning options; a rule is one of the documented names.
export const lintWith = (manifest: Manifest.Manifest) => Manifest.lint(manifest, { descriptionBudget: 500 })
export const rule: Manifest.PoisoningRule = "invisible-unicode"
// @ts-expect-error — not a rule
export const noRule: Manifest.PoisoningRule = "prompt-injection"
