/**
 * `rcp tools`: the model-facing tools (resolver-bound params removed) in a provider's format.
 */
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import { define } from "./command.js"
import { printTokens } from "./toolTokens.js"
import { allowHttpOption, clientLayer, jsonOption, load, namesOnly, printWarnings, resolverOption, sourceArg } from "./source.js"

/** `rcp tools --format`: each provider's tool shape, by name. */
const SHAPES = {
  json: (tools) => tools,
  openai: (tools) => Client.toOpenAiTools(tools),
  "openai-strict": (tools) => Client.toOpenAiTools(tools, { strict: true }),
  "openai-responses": (tools) => Client.toOpenAiResponsesTools(tools),
  anthropic: (tools) => Client.toAnthropicTools(tools),
  gemini: (tools) => Client.toGeminiTools(tools)
} satisfies Record<string, (tools: ReadonlyArray<Client.ModelTool>) => unknown>

type Format = keyof typeof SHAPES

const FORMATS = Object.keys(SHAPES) as ReadonlyArray<Format>

const shape = (format: string, tools: ReadonlyArray<Client.ModelTool>): unknown =>
  (SHAPES[format as Format] ?? SHAPES.json)(tools)

/** @internal */
export const command = define({
  name: "tools",
  summary: "Print the model-facing tools (resolver-bound params removed) in a provider's format",
  positionals: [sourceArg],
  options: {
    resolver: resolverOption,
    format: { type: "string", value: "FORMAT", choices: FORMATS, default: "json", description: "The provider's tool format" },
    tokens: { type: "boolean", description: "Print each tool's tokens and the total in the format's request instead of the tools" },
    "allow-http": allowHttpOption,
    json: jsonOption
  },
  notes: [
    "Without --json the tools are printed as a JSON array and warnings go to stderr.",
    "--tokens counts with gpt-tokenizer (o200k_base): exact for OpenAI's formats, an estimate for anthropic and gemini."
  ],
  run: ({ options, positionals }, io) =>
    load(positionals[0]!).pipe(
      Effect.flatMap((d) => {
        if (options.tokens) {
          return Effect.zipRight(
            options.json ? Effect.void : printWarnings(io, d.warnings),
            printTokens(io, options.format, d.tools, options.json, d.warnings)
          )
        }
        const tools = shape(options.format, d.tools)
        return options.json
          ? io.json({ format: options.format, tools, warnings: d.warnings })
          : Effect.zipRight(printWarnings(io, d.warnings), io.json(tools))
      }),
      Effect.as(0),
      Effect.provide(clientLayer(namesOnly(options.resolver), { allowHttp: options["allow-http"] }))
    )
})
