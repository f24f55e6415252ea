/**
 * `rcp validate`: every problem of a manifest with its path (exit 1), then advice (lint
 * warnings, exit 0). A URL goes through the client's discovery rules; a file through the same
 * validation.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Manifest from "rcp-sdk/manifest"
import { define } from "./command.js"
import { ExitCode } from "./errors.js"
import type { Output } from "./output.js"
import * as ServerModule from "./serverModule.js"
import { allowHttpOption, clientLayer, jsonOption, printWarnings, read, sourceArg } from "./source.js"

type Checked = ServerModule.Checked

/**
 * The manifest checked: a server module as the manifest its tools publish; otherwise read (a URL
 * through the client), an OpenAPI document imported first, its warnings printed.
 */
const check = (source: string, allowHttp: boolean, io: Output): Effect.Effect<Checked, unknown> =>
  ServerModule.isServerModule(source)
    ? ServerModule.check(source, allowHttp)
    : read(source).pipe(
      Effect.flatMap((loaded) =>
        Effect.as(printWarnings(io, loaded.warnings), {
          result: Manifest.validate(loaded.document, { allowHttp }),
          lowering: []
        } satisfies Checked)
      ),
      Effect.provide(clientLayer({}, { allowHttp }))
    )

/** @internal */
export const command = define({
  name: "validate",
  summary: "Check a manifest: every problem with its path (exit 1), then advice (warnings)",
  positionals: [sourceArg],
  options: { "allow-http": allowHttpOption, json: jsonOption },
  notes: [
    "Warnings: a param without a description, a param no template uses, an identity-looking",
    "param (userId, tenantId, …) whose description does not say the client resolves it;",
    "and the poisoning checks (README \"Poisoning checks\"): hidden Unicode, instructions to",
    "the model, paths to secrets, overlong descriptions, credential params, imitated names.",
    "A server module (.js/.mjs exporting `tools`, and `auth` if any) is checked as the manifest",
    "its tools publish, with a warning for each arg whose type lowering could not keep."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const source = positionals[0]!
      const { lowering, result } = yield* check(source, options["allow-http"], io)
      const errors = Either.isLeft(result) ? result.left : []
      const warnings = Either.isRight(result) ? [...lowering, ...Manifest.lint(result.right)] : []
      const tools = Either.isRight(result) ? result.right.tools.length : undefined
      const code = errors.length > 0 ? ExitCode.failed : ExitCode.ok
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
      return code
    })
})
