// Type-level promises of @rcp-sdk/openapi, checked by `tsc` in `npm test`.
import type * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import * as OpenApi from "../src/OpenApi.js"

// The Effect form fails only with the import's own errors (and, for a URL, fetching's).
export const effect: Effect.Effect<OpenApi.Result, OpenApi.ImportError> = OpenApi.toManifest({ openapi: "3.1.0" })
// @ts-expect-error — the error channel is not `never`: an invalid spec is a typed failure
export const neverFails: Effect.Effect<OpenApi.Result, never> = OpenApi.toManifest("./spec.json")

// @ts-expect-error — auth must be a manifest Auth
OpenApi.openApiToManifest("./spec.json", { auth: { type: "cookie", name: "c" } })
// @ts-expect-error — include is a list of patterns, not one
OpenApi.openApiToManifest("./spec.json", { include: "pets" })
// @ts-expect-error — a spec is a document, a path or a URL, not a number
OpenApi.openApiToManifest(42)

// A warning names its operation when it is about one; `skipped` says whether the tool is missing.
export const line = (w: OpenApi.Warning): string => `${w.operation ?? "document"}: ${w.message}${w.skipped ? "" : ""}`

// discoverOpenApi takes a promise client; the Effect form takes the RcpClient service.
const promiseClient = Client.createRcpClient({})
export const viaPromise = () => OpenApi.discoverOpenApi(promiseClient, "https://api.example.com/openapi.json")
// @ts-expect-error — the Effect form needs the service, not the promise client
export const wrongClient = () => OpenApi.discover(promiseClient, "https://api.example.com/openapi.json")
