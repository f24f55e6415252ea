/**
 * `rcp import`: an OpenAPI (or Swagger 2.0) document as an RCP manifest (docs/openapi.md) — the
 * manifest on stdout or in `--out`, each warning on stderr. The work is `openapi/cli.ts`'s
 * `importCommand`; the parser is loaded there by a dynamic import.
 */
import * as OpenApiCli from "@rcp-sdk/openapi/cli"
import * as Effect from "effect/Effect"
import { define } from "./command.js"
import { summaries } from "./help.js"
import type { Output } from "./output.js"

const PATTERN = "tag:NAME, operationId (or tag) or /path/glob"

/** Each stream's text through the CLI's output, line by line (the output adds the newline). */
const write = (line: (text: string) => Effect.Effect<void>, text: string): Effect.Effect<void> =>
  text === "" ? Effect.void : line(text.endsWith("\n") ? text.slice(0, -1) : text)

const emit = (io: Output, output: OpenApiCli.CommandOutput): Effect.Effect<number> =>
  Effect.as(Effect.zipRight(write(io.out, output.stdout), write(io.err, output.stderr)), output.exitCode)

/** @internal */
export const command = define({
  name: "import",
  summary: summaries.import,
  positionals: [{ name: "file|url", description: "The OpenAPI or Swagger document: a JSON/YAML file or an http(s) URL" }],
  options: {
    "base-url": { type: "string", value: "URL", description: "Where the tools point, instead of the spec's servers" },
    include: { type: "string", multiple: true, value: "PATTERN", description: `Only these operations: ${PATTERN}` },
    exclude: { type: "string", multiple: true, value: "PATTERN", description: `Not these operations: ${PATTERN}` },
    out: { type: "string", value: "FILE", description: "Write the manifest to this file instead of stdout" },
    auth: {
      type: "string",
      value: "header:NAME[:SCHEME]|query:NAME",
      description: "The manifest's auth instead of the spec's (e.g. header:Authorization:Bearer, query:key)"
    }
  },
  notes: ["Warnings (what the manifest could not represent) go to stderr, one per line."],
  run: ({ options, positionals }, io) =>
    Effect.flatMap(
      Effect.promise(() =>
        OpenApiCli.importCommand({
          source: positionals[0]!,
          baseUrl: options["base-url"],
          include: options.include,
          exclude: options.exclude,
          out: options.out,
          auth: options.auth
        })
      ),
      (output) => emit(io, output)
    )
})
