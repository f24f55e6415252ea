/**
 * The API the documentation's examples talk to, on 127.0.0.1. Every `https://<name>.example.com`
 * origin an example names is one of these servers (the harness rewrites the origin in the code
 * and back in what it prints). Each serves the README's manifest at `/rcp/manifest`, with its own
 * origin in the tool URLs, the two endpoints that manifest describes, an OpenAPI document of
 * its own at `/openapi.json`, behind a bearer token
 * `<name>-token` (the examples read it from `<NAME>_TOKEN`, which the harness sets). A scripted
 * OpenAI Chat Completions endpoint (`/v1/chat/completions`) stands in for the model of the
 * OpenAI examples: it calls the first tool that takes arguments, then answers with what it got.
 */
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { closeServer, json, type Recorded } from "./server.js"

export interface DocsApi {
  /** The documented origin, e.g. `https://api.example.com`. */
  readonly documented: string
  /** Where it really listens, e.g. `http://127.0.0.1:51234`. */
  readonly origin: string
  readonly token: string
  readonly requests: Array<Recorded>
  readonly close: () => Promise<void>
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (body += chunk))
    req.on("end", () => resolve(body))
    req.on("error", reject)
  })

/** The scripted model: one tool call on the first turn, an answer once it has a tool result. */
const chatCompletion = (request: { messages: Array<{ role: string; content?: unknown }>; tools?: Array<{ function: { name: string; parameters: { properties: object } } }> }) => {
  const result = request.messages.find((message) => message.role === "tool")
  const choice = (message: object, finish: string) => ({
    id: "chatcmpl-docs",
    object: "chat.completion",
    created: 0,
    model: "docs-model",
    choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null, ...message }, finish_reason: finish, logprobs: null }]
  })
  if (result !== undefined) return choice({ content: `Done: ${String(result.content)}` }, "stop")
  const tool = request.tools?.find((t) => Object.keys(t.function.parameters.properties).length > 0)
  if (tool === undefined) return choice({ content: "No tool to call." }, "stop")
  const args = Object.fromEntries(Object.keys(tool.function.parameters.properties).map((key) => [key, "effect-101"]))
  return choice({
    tool_calls: [{ id: "call_1", type: "function", function: { name: tool.function.name, arguments: JSON.stringify(args) } }]
  }, "tool_calls")
}

/** A small OpenAPI document of the same API, for the OpenAPI import's examples. */
const openApi = (origin: string) => ({
  openapi: "3.0.3",
  info: { title: "Pets", version: "1.0.0" },
  servers: [{ url: `${origin}/v1` }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        tags: ["pets"],
        summary: "List the pets.",
        parameters: [{ name: "limit", in: "query", description: "at most this many", schema: { type: "integer" } }],
        responses: { "200": { description: "the pets" } }
      }
    },
    "/orgs/{owner}/pets": {
      get: {
        operationId: "listOrgPets",
        tags: ["orgs"],
        summary: "List an organisation's pets.",
        parameters: [{ name: "owner", in: "path", required: true, description: "the organisation", schema: { type: "string" } }],
        responses: { "200": { description: "the pets" } }
      }
    }
  }
})

/** Starts the API documented at `https://<name>.example.com`, serving `manifest` (its origin replaced). */
export const startDocsApi = async (name: string, manifest: string): Promise<DocsApi> => {
  const documented = `https://${name}.example.com`
  const token = `${name}-token`
  const requests: Array<Recorded> = []
  const sockets = new Set<Socket>()
  let origin = ""
  const server = http.createServer(async (req, res) => {
    const target = req.url ?? "/"
    const url = new URL(target, origin)
    const body = await readBody(req)
    const recorded: Recorded = { method: req.method ?? "", target, path: url.pathname, query: url.searchParams, headers: req.headers, rawHeaders: req.rawHeaders, body }
    requests.push(recorded)
    if (req.method === "GET" && url.pathname === "/rcp/manifest") {
      // Every documented origin in it is this API's own: each of them serves the same tools.
      const text = manifest.replace(/https:\/\/[a-z0-9-]+\.example\.com/g, origin)
      res.writeHead(200, { "content-type": "application/json" })
      return res.end(text)
    }
    if (req.method === "GET" && url.pathname === "/openapi.json") return json(res, 200, openApi(origin))
    if (req.method === "POST" && url.pathname === "/v1/chat/completions") return json(res, 200, chatCompletion(JSON.parse(body)))
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { error: "missing or invalid bearer token" })
    const profile = /^\/users\/([^/]+)$/.exec(url.pathname)
    if (req.method === "GET" && profile !== null) {
      return json(res, 200, { id: decodeURIComponent(profile[1]!), displayName: "Ada Lovelace", email: "ada@example.com", subscription: { plan: "pro" } })
    }
    const enroll = /^\/users\/([^/]+)\/enrollments$/.exec(url.pathname)
    if (req.method === "POST" && enroll !== null) {
      const { courseId } = JSON.parse(body) as { courseId: unknown }
      return json(res, 201, { userId: decodeURIComponent(enroll[1]!), courseId, status: "enrolled" })
    }
    json(res, 404, { error: "not found" })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { documented, origin, token, requests, close: () => closeServer(server, sockets) }
}
