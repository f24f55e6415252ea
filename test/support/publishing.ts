/**
 * The API of test/client/pinEntry.test.ts and its OpenAPI half (pinEntry.openapi.test.ts): a server
 * publishing a manifest and an OpenAPI document of one tool, whose texts can change.
 */
import { manifest, type ToolInput } from "./execute.js"
import { json, startServer, type TestServer } from "./server.js"

export const tools = (origin: string, description = "Get the weather."): Array<ToolInput> => [
  { name: "get_weather", description, url: `${origin}/weather` }
]

export const spec = (origin: string, summary = "Get the weather") => ({
  openapi: "3.0.3",
  info: { title: "Weather", version: "1" },
  servers: [{ url: origin }],
  paths: { "/weather": { get: { operationId: "get_weather", summary, responses: { "200": { description: "OK" } } } } }
})

/** A server publishing a manifest at /rcp/manifest and a spec at /openapi.json, whose texts can change. */
export const publishing = async () => {
  const texts = { description: "Get the weather.", summary: "Get the weather" }
  const server: TestServer = await startServer((req, res) =>
    req.path === "/rcp/manifest"
      ? json(res, 200, manifest(tools(server.origin, texts.description)))
      : req.path === "/openapi.json"
      ? json(res, 200, spec(server.origin, texts.summary))
      : json(res, 200, { ok: true })
  )
  return { server, texts }
}

/** The paths the server was asked for, in order. */
export const paths = (server: TestServer) => server.requests.map((r) => r.path)

/** What a promise rejected with (`_tag` "(resolved)" if it did not). */
export const rejection = (promise: Promise<unknown>): Promise<{ _tag: string; message: string }> =>
  promise.then(() => ({ _tag: "(resolved)", message: "" }), (e: { _tag: string; message: string }) => e)
