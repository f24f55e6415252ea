/**
 * `rcp mcp`: any RCP API as an MCP server for MCP hosts — one tool per manifest tool, resolver
 * values from `--set` (the bridge process is one user's), the credential from an environment
 * variable. The serving half (`mcpServe.ts`) imports the MCP SDK (with `@rcp-sdk/mcp`), so it is
 * loaded here with a dynamic `import()`: no other command ever loads it, and an install without the
 * SDK fails with one line saying what to install.
 */
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import { callContext, checkUrl, execution, executionOptions } from "./call.js"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { CliError, report, UsageError, WithSecrets } from "./errors.js"
import { budgetOf, budgetOptions } from "./results.js"
import { load, printWarnings } from "./source.js"

/** @internal */
export const SDK_MISSING_LINE =
  "rcp mcp needs @modelcontextprotocol/sdk, a dependency of @rcp-sdk/cli missing here: npm i @modelcontextprotocol/sdk (or npx -y @rcp-sdk/cli mcp …)"

const isSdkMissing = (error: unknown): boolean =>
  (error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" &&
  error instanceof Error && error.message.includes("@modelcontextprotocol/sdk")

const serving = Effect.tryPromise({
  try: () => import("./mcpServe.js"),
  catch: (error) =>
    new CliError({
      message: isSdkMissing(error) ? SDK_MISSING_LINE : `cannot load the MCP bridge (${error instanceof Error ? error.message : "unknown error"})`
    })
})

/** A whole number in [min, max], or the usage error that says so. */
const parseWhole = (text: string, min: number, max: number, message: string): Effect.Effect<number, UsageError> => {
  const value = Number(text)
  return /^[0-9]{1,6}$/.test(text) && value >= min && value <= max
    ? Effect.succeed(value)
    : Effect.fail(new UsageError({ message, command: "mcp" }))
}

const optional = <A, E>(text: string | undefined, parse: (text: string) => Effect.Effect<A, E>) =>
  text === undefined ? Effect.succeed(undefined) : parse(text)

/** @internal */
export const command = define({
  name: "mcp",
  summary: summaries.mcp,
  positionals: [{ name: "url", description: "The manifest's http(s) URL" }],
  options: {
    ...executionOptions,
    ...budgetOptions,
    prefix: { type: "string", value: "P", description: "Prepended to every tool name the host sees" },
    http: {
      type: "string",
      value: "PORT",
      description: "Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0 picks a free port)"
    },
    host: { type: "string", value: "HOST", default: "127.0.0.1", description: "The address --http binds to" },
    "allowed-host": {
      type: "string",
      multiple: true,
      value: "HOST[:PORT]",
      description: "A Host (and Origin) --http also answers to, besides the addresses it listens on"
    },
    watch: {
      type: "string",
      value: "SECONDS",
      description: "Re-discover every SECONDS; a stdio host is told when the tools change (tools/list_changed)"
    },
    search: {
      type: "boolean",
      description: "Search mode: list search_tools, then what each search finds (tools/list_changed) — for big APIs"
    },
    pin: {
      type: "string",
      multiple: true,
      value: "TOOL",
      description: "--search: a tool always listed beside search_tools, by the name the host sees"
    },
    tag: {
      type: "string",
      multiple: true,
      value: "TAG",
      description: "--search: search only the tools carrying one of these tags (the manifest's tags, exact)"
    },
    "max-sessions": {
      type: "string",
      value: "N",
      description: "--search --http keeps a session per MCP client: at most N live at once (default 100)"
    },
    "session-idle": {
      type: "string",
      value: "SECONDS",
      description: "--search --http: a session with nothing open for SECONDS is ended (default 1800)"
    }
  },
  notes: [
    "stdout carries only MCP messages; diagnostics and operator errors go to stderr.",
    "Needs @modelcontextprotocol/sdk installed beside rcp-sdk."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const url = yield* checkUrl(positionals[0]!, "mcp")
      const port = yield* optional(
        options.http,
        (text) => parseWhole(text, 0, 65535, "--http takes a port number (0 to 65535; 0 picks a free one)")
      )
      const watchSeconds = yield* optional(
        options.watch,
        (text) => parseWhole(text, 1, 86400, "--watch takes a whole number of seconds (1 to 86400)")
      )
      const maxSessions = yield* optional(
        options["max-sessions"],
        (text) => parseWhole(text, 1, 100000, "--max-sessions takes a whole number (1 to 100000)")
      )
      const idleSeconds = yield* optional(
        options["session-idle"],
        (text) => parseWhole(text, 1, 86400, "--session-idle takes a whole number of seconds (1 to 86400)")
      )
      if ((maxSessions !== undefined || idleSeconds !== undefined) && (port === undefined || options.search !== true)) {
        // Only search mode over HTTP has sessions: a bound on nothing would be a silent no-op.
        return yield* Effect.fail(
          new UsageError({ message: "--max-sessions and --session-idle bound the sessions of --search --http; give both of those", command: "mcp" })
        )
      }
      const pinned = options.pin ?? []
      // A repeatable option given no time reads as an empty list: then every tool may be found.
      const tags = options.tag === undefined || options.tag.length === 0 ? undefined : options.tag
      if ((pinned.length > 0 || tags !== undefined) && options.search !== true) {
        // Pins and tags shape what searches show: without --search every tool is listed anyway.
        return yield* Effect.fail(new UsageError({ message: "--pin and --tag shape search mode; give --search with them", command: "mcp" }))
      }
      const budget = yield* budgetOf(options, "mcp")
      const { discover, hint, layer, secrets, values } = yield* execution(options, "mcp")
      const { serve } = yield* serving
      return yield* Effect.gen(function*() {
        // Discovery fails before anything is served: one line on stderr, a non-zero exit.
        // The budget is the API's: every tool's result, on every call the host makes.
        const discovered = { ...discover, prefix: options.prefix, ...budget }
        const discovery = yield* load(url, discovered)
        yield* printWarnings(io, discovery.warnings)
        // `--set` values are typed by the manifest being served, which --watch may replace.
        let manifest = discovery.manifest
        const refresh = Effect.gen(function*() {
          const before = JSON.stringify(yield* Client.tools)
          manifest = (yield* load(url, discovered)).manifest
          return JSON.stringify(yield* Client.tools) !== before
        }).pipe(
          // A failed re-discovery leaves the last tools registered and served.
          Effect.catchAll((error) =>
            Effect.as(io.err(`${report(error, secrets).text} (re-discovery failed; still serving the last tools)`), false)
          )
        )
        return yield* serve({
          context: () => callContext(manifest, values, options.prefix),
          watch: watchSeconds === undefined ? undefined : { seconds: watchSeconds, refresh },
          http: port === undefined ? undefined : { port, host: options.host, allowedHosts: options["allowed-host"] },
          // A pinned name is the one the host sees: with --prefix, the prefixed name.
          search: options.search === true ? { pinned, tags } : undefined,
          sessions: { max: maxSessions, idleSeconds },
          diagnostic: io.err,
          // A tool call of a user who has not signed in: the model reads its sentence; the operator, what to run.
          onError: (error) => io.err(report(hint(url)(error), secrets).text)
        })
      }).pipe(
        Effect.scoped,
        Effect.provide(layer),
        Effect.mapError((error) => new WithSecrets({ error, secrets }))
      )
    })
})
