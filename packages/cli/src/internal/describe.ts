/**
 * `rcp describe`: what a manifest asks for, as if these resolvers were registered — the text of
 * `describeManifest`, or the same facts as JSON.
 */
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import * as Manifest from "rcp-sdk/manifest"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { allowHttpOption, clientLayer, jsonOption, load, namesOnly, printWarnings, resolverOption, sourceArg } from "./source.js"

/** The facts `describeManifest` prints, one object per tool and param. */
const asJson = (d: Client.Discovery) => {
  const shown = new Map(d.tools.map((tool) => [tool.name, tool]))
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
      }))
    })),
    warnings: d.warnings
  }
}

/** @internal */
export const command = define({
  name: "describe",
  summary: summaries.describe,
  positionals: [sourceArg],
  options: { resolver: resolverOption, "allow-http": allowHttpOption, json: jsonOption },
  run: ({ options, positionals }, io) =>
    load(positionals[0]!).pipe(
      Effect.flatMap((d) =>
        options.json
          ? io.json(asJson(d))
          : Effect.zipRight(printWarnings(io, d.warnings), io.out(Client.describeManifest(d.manifest, d.tools)))
      ),
      Effect.as(0),
      Effect.provide(clientLayer(namesOnly(options.resolver), { allowHttp: options["allow-http"] }))
    )
})
