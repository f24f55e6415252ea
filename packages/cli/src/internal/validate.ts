/**
 * `rcp validate`: every problem of a manifest with its path (exit 1), then advice (lint
 * warnings, exit 0). A URL goes through the client's discovery rules; a file through the same
 * validation.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Manifest from "rcp-sdk/manifest"
import { define } from "./command.js"
import { summaries } from "./help.js"
import { type CliError, ExitCode } from "./errors.js"
import type { Output } from "./output.js"
import * as ServerModule from "./serverModule.js"
import { allowHttpOption, clientLayer, jsonOption, type LoadError, printWarnings, read, sourceArg } from "./source.js"

/** What was checked, and how many warnings the OpenAPI import (already printed) gave. */
interface Checked extends ServerModule.Checked {
  readonly imported: number
}

/**
 * The manifest checked: a server module as the manifest its tools publish; otherwise read (a URL
 * through the client), an OpenAPI document imported first, its warnings printed.
 */
const check = (source: string, allowHttp: boolean, io: Output): Effect.Effect<Checked, CliError | LoadError> =>
  ServerModule.isServerModule(source)
    ? Effect.map(ServerModule.check(source, allowHttp), (checked): Checked => ({ ...checked, imported: 0 }))
    : read(source).pipe(
      Effect.flatMap((loaded) =>
        Effect.as(printWarnings(io, loaded.warnings), {
          result: Manifest.validate(loaded.document, { allowHttp }),
          lowering: [],
          imported: loaded.warnings.length
        } satisfies Checked)
      ),
      Effect.provide(clientLayer({}, { allowHttp }))
    )

/** @internal */
export const command = define({
  name: "validate",
  summary: summaries.validate,
  positionals: [sourceArg],
  options: {
    "allow-http": allowHttpOption,
    json: jsonOption,
    strict: { type: "boolean", description: "Exit 1 on any warning too (for a publisher's CI)" }
  },
  notes: [
    "Warnings: a param without a description, a param no template uses, an identity-looking",
    "param (userId, tenantId, …) whose description does not say the client resolves it;",
    "and the poisoning checks (README \"Poisoning checks\"): hidden Unicode, instructions to",
    "the model, paths to secrets, overlong descriptions, credential params, imitated names.",
    "A server module (.js/.mjs exporting `tools`, and `auth` if any) is checked as the manifest",
    "its tools publish, with a warning for each arg whose type lowering could not keep.",
    "With --strict any warning (an OpenAPI import's included) exits 1 too."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const source = positionals[0]!
      const { imported, lowering, result } = yield* check(source, options["allow-http"], io)
      const errors = Either.isLeft(result) ? result.left : []
      const warnings = Either.isRight(result) ? [...lowering, ...Manifest.lint(result.right)] : []
      const tools = Either.isRight(result) ? result.right.tools.length : undefined
      const strictFailure = options.strict && errors.length === 0 && imported + warnings.length > 0
      const code = errors.length > 0 || strictFailure ? ExitCode.failed : ExitCode.ok
      if (options.json) {
        yield* io.json({ source, valid: errors.length === 0, tools: tools ?? null, errors, warnings })
        return code
      }
      const { red, yellow } = io.errStyle
      for (const issue of errors) yield* io.err(`${red("error:")} ${Manifest.formatIssue(issue)}`)
      for (const issue of warnings) yield* io.err(`${yellow("warning:")} ${Manifest.formatIssue(issue)}`)
      yield* tools === undefined
        ? io.err(`rcp: ${source}: ${errors.length} problem(s)`)
        : io.out(`${source}: valid, ${tools} tool(s), ${warnings.length} warning(s)`)
      if (strictFailure) yield* io.err(`rcp: ${source}: ${imported + warnings.length} warning(s), which --strict counts as failure`)
      return code
    })
})
