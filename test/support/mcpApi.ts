/**
 * The REST API behind the MCP bridge tests: a manifest on a real server on 127.0.0.1 with one tool
 * per case the bridge must get right — a resolver-bound param, each HTTP method, an array result,
 * a 500, and an endpoint that never answers — recording every request it receives.
 */
import { json, startServer, type TestServer } from "./server.js"

export const TOKEN = "tok-mcp-secret-7f3a"

export const notesManifest = (origin: string) => ({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: [
    {
      name: "get_profile",
      description: "Get the current user's profile.",
      method: "GET",
      params: [{ name: "userId", type: "string", description: "the user's id" }],
      url: `${origin}/users/{{userId}}`
    },
    {
      name: "search",
      description: "Search notes.",
      method: "GET",
      params: [{ name: "q", type: "string", description: "words to find" }],
      url: `${origin}/search`,
      queryParams: { q: "{{q}}" }
    },
    {
      name: "create_note",
      description: "Create a note.",
      method: "POST",
      params: [{ name: "userId", type: "string" }, { name: "text", type: "string" }],
      url: `${origin}/users/{{userId}}/notes`,
      body: { text: "{{text}}" }
    },
    {
      name: "replace_note",
      description: "Replace a note.",
      method: "PUT",
      params: [{ name: "id", type: "string" }, { name: "text", type: "string" }],
      url: `${origin}/notes/{{id}}`,
      body: { text: "{{text}}" }
    },
    {
      name: "delete_note",
      description: "Delete a note.",
      method: "DELETE",
      params: [{ name: "id", type: "string" }],
      url: `${origin}/notes/{{id}}`
    },
    { name: "broken", description: "Always fails.", method: "GET", params: [], url: `${origin}/broken` },
    { name: "slow", description: "Never answers.", method: "GET", params: [], url: `${origin}/slow` },
    { name: "busy", description: "Asks to retry later.", method: "GET", params: [], url: `${origin}/busy` }
  ]
})

export interface NotesApi extends TestServer {
  readonly manifestUrl: string
  /** The requests other than the manifest's. */
  readonly calls: () => Array<{ readonly method: string; readonly target: string; readonly authorization?: string | undefined; readonly body: string }>
}

export const startNotesApi = async (): Promise<NotesApi> => {
  const server: TestServer = await startServer((req, res) => {
    if (req.path === "/rcp/manifest") return json(res, 200, notesManifest(server.origin))
    if (req.path.startsWith("/missing/")) return json(res, 404, { error: "no such manifest" })
    if (req.path === "/broken") return json(res, 500, { error: "database exploded" })
    // Never answered: the bridge's timeout must end the call.
    if (req.path === "/slow") return
    // Retry-After: 2 s — a shutdown during the wait must not send the retry.
    if (req.path === "/busy") return json(res, 503, { error: "busy" }, { "retry-after": "2" })
    if (req.path === "/search") return json(res, 200, [{ id: "n1", text: `about ${req.query.get("q")}` }])
    return json(res, 200, { method: req.method, path: req.path, body: req.body === "" ? null : JSON.parse(req.body) })
  })
  return {
    ...server,
    manifestUrl: server.url("/rcp/manifest"),
    calls: () =>
      server.requests.filter((r) => r.path !== "/rcp/manifest").map((r) => ({
        method: r.method,
        target: r.target,
        authorization: r.headers.authorization,
        body: r.body
      }))
  }
}
