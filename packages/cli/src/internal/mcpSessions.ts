/**
 * Stateful Streamable HTTP for `rcp mcp --search --http`: one MCP server per MCP client session
 * (the SDK's `sessionIdGenerator`, the `mcp-session-id` header), so what a client's `search_tools`
 * found is still listed on its next request, and never on another client's. Stateless serving (a
 * server per POST, `mcpServe.ts`) would forget it at once: a search session lives in its server.
 *
 * Sessions are bounded: at most `max` live at once (an `initialize` past the cap is answered 503
 * with a JSON-RPC error the MCP client shows), and a session with nothing open (no request, no GET
 * stream) for `idleSeconds` is ended. DELETE ends a session (the SDK's transport), and so does the
 * scope's close: every server is closed, its streams with it.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import { randomUUID } from "node:crypto"
import type * as http from "node:http"

/** @internal */
export interface SessionLimits {
  /** Live sessions at most (`--max-sessions`). */
  readonly max: number
  /** A session with nothing open for this long is ended (`--session-idle`). */
  readonly idleSeconds: number
}

/** 100 sessions, 30 minutes idle: a bridge is one user's process; a host that went away without DELETE frees its slot. @internal */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { max: 100, idleSeconds: 1800 }

interface Session {
  readonly server: Server
  readonly transport: StreamableHTTPServerTransport
  /** Requests and GET streams open now: a session with one is not idle. */
  open: number
  lastActive: number
}

/** @internal */
export interface Sessions {
  /** Answers one request to the endpoint (already past the host guard and the path check). */
  readonly handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>
  /** Live sessions now. */
  readonly size: () => number
  /** Tells every live session's host that the tools changed (`--watch`). */
  readonly toolsChanged: () => Promise<void>
}

/** @internal */
export const refuse = (response: http.ServerResponse, status: number, message: string, code = -32000) => {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null })
  response.writeHead(status, { "content-type": "application/json" }).end(body)
}

/**
 * The sessions of one bridge, for as long as the scope lives; `server` makes a session's MCP
 * server (`bridge.server()`: its own search session).
 *
 * @internal
 */
export const make = (
  server: () => Server,
  limits: SessionLimits
): Effect.Effect<Sessions, never, Scope.Scope> =>
  Effect.gen(function*() {
    const live = new Map<string, Session>()
    // Initializations under way: they hold a slot, so a burst cannot pass the cap.
    let pending = 0
    let closing = false

    const track = (session: Session, res: http.ServerResponse) => {
      session.open++
      session.lastActive = Date.now()
      res.once("close", () => {
        session.open--
        session.lastActive = Date.now()
      })
    }

    const open = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (closing) return refuse(res, 503, "The bridge is shutting down.")
      if (live.size + pending >= limits.max) {
        return refuse(
          res,
          503,
          `Too many sessions: this bridge holds at most ${limits.max} (--max-sessions). End one (DELETE /mcp with its mcp-session-id) or wait until one has been idle for ${limits.idleSeconds} s.`
        )
      }
      const mcp = server()
      let initialized = false
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          initialized = true
          const session: Session = { server: mcp, transport, open: 0, lastActive: Date.now() }
          live.set(id, session)
          track(session, res)
        }
      })
      // Closed by DELETE, the idle sweep or shutdown: the slot is free.
      mcp.onclose = () => {
        if (transport.sessionId !== undefined) live.delete(transport.sessionId)
      }
      pending++
      res.once("close", () => {
        pending--
        // Not an initialize (the SDK answered 400), or the client went first: nothing to keep.
        if (!initialized) void mcp.close()
      })
      await mcp.connect(transport)
      await transport.handleRequest(req, res)
    }

    const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const id = req.headers["mcp-session-id"]
      if (id === undefined) {
        if (req.method !== "POST") return refuse(res, 400, "Bad request: a GET or DELETE names its session (mcp-session-id).")
        return open(req, res)
      }
      const session = typeof id === "string" ? live.get(id) : undefined
      if (session === undefined) {
        return refuse(res, 404, "Session not found: it was ended (DELETE, idle, or a restart); start a new one with initialize.", -32001)
      }
      track(session, res)
      await session.transport.handleRequest(req, res)
    }

    /** Ends these sessions (their servers, streams with them); one that fails to close is ended all the same. */
    const end = (sessions: ReadonlyArray<Session>) =>
      Effect.promise(() => Promise.all(sessions.map((session) => session.server.close().catch(() => undefined))))

    // Shutdown: no new session, and every live one ends (its streams close with its transport).
    yield* Effect.addFinalizer(() =>
      Effect.suspend(() => {
        closing = true
        return end([...live.values()])
      })
    )

    const sweep = Effect.suspend(() => {
      const cutoff = Date.now() - limits.idleSeconds * 1000
      return end([...live.values()].filter((session) => session.open === 0 && session.lastActive <= cutoff))
    })
    yield* sweep.pipe(
      Effect.repeat(Schedule.spaced(Duration.seconds(Math.min(limits.idleSeconds, 60)))),
      Effect.forkScoped
    )

    return {
      handle,
      size: () => live.size,
      toolsChanged: () =>
        Promise.all([...live.values()].map((session) => session.server.sendToolListChanged().catch(() => undefined))).then(() => undefined)
    }
  })
