/**
 * `rcp mcp`: any RCP API as an MCP server for MCP hosts — one tool per manifest tool, resolver
 * values from `--set` (the bridge process is one user's), the credential from an environment
 * variable. The serving half (`mcpServe.ts`) imports the MCP SDK, an optional peer, so it is loaded
 * here with a dynamic `import()`: without the SDK the command fails with one line saying what to
 * install, and no other command ever loads it.
 */
import * as Effect from "effect/Effect"
import { callContext, checkUrl, execution, executionOptions } from "./call.js"
import { define } from "./command.js"
import { CliError, report, UsageError, WithSecrets } from "./errors.js"
import { load, printWarnings } from "./source.js"

/** @internal */
export const SDK_MISSING_LINE =
  "rcp mcp needs @modelcontextprotocol/sdk: npm i @modelcontextprotocol/sdk (or npx -y -p rcp-sdk -p @modelcontextprotocol/sdk rcp mcp …)"

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

const parsePort = (text: string): Effect.Effect<number, UsageError> => {
  const port = Number(text)
  return /^[0-9]{1,5}$/.test(text) && port <= 65535
    ? Effect.succeed(port)
    : Effect.fail(new UsageError({ message: "--http takes a port number (0 to 65535; 0 picks a free one)", command: "mcp" }))
}

/** @internal */
export const command = define({
  name: "mcp",
  summary: "Serve the manifest's tools to MCP hosts (stdio, or Streamable HTTP with --http)",
  positionals: [{ name: "url", description: "The manifest's http(s) URL" }],
  options: {
    ...executionOptions,
    prefix: { type: "string", value: "P", description: "Prepended to every tool name the host sees" },
    http: {
      type: "string",
      value: "PORT",
      description: "Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0 picks a free port)"
    },
    host: { type: "string", value: "HOST", default: "127.0.0.1", description: "The address --http binds to" }
  },
  notes: [
    "stdout carries only MCP messages; diagnostics and operator errors go to stderr.",
    "Needs @modelcontextprotocol/sdk installed beside rcp-sdk."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const url = yield* checkUrl(positionals[0]!, "mcp")
      const port = options.http === undefined ? undefined : yield* parsePort(options.http)
      const { layer, secrets, values } = yield* execution(options, "mcp")
      const { serve } = yield* serving
      return yield* Effect.gen(function*() {
        // Discovery fails before anything is served: one line on stderr, a non-zero exit.
        const discovery = yield* load(url, { prefix: options.prefix })
        yield* printWarnings(io, discovery.warnings)
        return yield* serve({
          context: callContext(discovery.manifest, values, options.prefix),
          http: port === undefined ? undefined : { port, host: options.host },
          diagnostic: io.err,
          onError: (error) => io.err(report(error, secrets).text)
        })
      }).pipe(
        Effect.scoped,
        Effect.provide(layer),
        Effect.mapError((error) => new WithSecrets({ error, secrets }))
      )
    })
})
