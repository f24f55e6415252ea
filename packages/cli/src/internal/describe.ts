/**
 * `rcp describe`: what a manifest asks for, as if these resolvers were registered — the text of
 * `describeManifest`, or the same facts as JSON; with `--tokens`, what each tool costs in an OpenAI
 * request too (as `rcp tools --tokens` counts it: the tokenizer loads only when asked).
 */
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import * as Manifest from "rcp-sdk/manifest"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { countTokens, tokenLines } from "./toolTokens.js"
import { allowHttpOption, clientLayer, jsonOption, load, namesOnly, printWarnings, resolverOption, sourceArg } from "./source.js"

/** The facts `describeManifest` prints, one object per tool and param; with `counted`, each tool's tokens and the total. */
const asJson = (d: Client.Discovery, counted: Client.ToolTokens | undefined) => {
  const shown = new Map(d.tools.map((tool) => [tool.name, tool]))
  const tokensOf = new Map(counted?.tools.map((tool) => [tool.name, tool.tokens]))
  return {
    url: d.url,
    rcpVersion: d.manifest.rcpVersion,
    auth: d.manifest.auth ?? { type: "none" },
    tools: d.manifest.tools.map((tool) => ({
      name: tool.name,
      method: tool.method,
      description: tool.description,
      params: tool.params.map((param) => ({
        name: param.name,
        type: param.type,
        required: Manifest.isRequired(param),
        resolvedByClient: !Object.hasOwn(shown.get(tool.name)?.parameters.properties ?? {}, param.name),
        ...(param.description === undefined ? {} : { description: param.description })
      })),
      ...(tokensOf.has(tool.name) ? { tokens: tokensOf.get(tool.name)! } : {})
    })),
    ...(counted === undefined
      ? {}
      : { tokens: { provider: counted.provider, encoding: counted.encoding, estimate: counted.estimate, total: counted.total, overhead: counted.overhead } }),
    warnings: d.warnings
  }
}

/** @internal */
export const command = define({
  name: "describe",
  summary: summaries.describe,
  positionals: [sourceArg],
  options: {
    resolver: resolverOption,
    tokens: { type: "boolean", description: "Also print each tool's tokens and the total in an OpenAI request" },
    "allow-http": allowHttpOption,
    json: jsonOption
  },
  notes: [
    "--tokens counts as rcp tools --tokens does (gpt-tokenizer, o200k_base, OpenAI's format); for Anthropic's or Gemini's estimate, rcp tools --format anthropic --tokens."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const d = yield* load(positionals[0]!)
      const counted = options.tokens ? yield* countTokens("openai", d.tools) : undefined
      if (options.json) return yield* io.json(asJson(d, counted))
      yield* printWarnings(io, d.warnings)
      yield* io.out(Client.describeManifest(d.manifest, d.tools))
      if (counted !== undefined) yield* Effect.forEach(["", ...tokenLines(counted)], io.out, { discard: true })
    }).pipe(
      Effect.as(0),
      Effect.provide(clientLayer(namesOnly(options.resolver), { allowHttp: options["allow-http"] }))
    )
})
