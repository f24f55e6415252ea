/**
 * The `@effect/cli` half of reading a command line: a command's declaration (`command.ts`) as an
 * `@effect/cli` command, and the line parsed by it. Loaded with a dynamic `import()` by the first
 * line that is not a help request: `rcp --help`, `rcp <command> --help` and bare `rcp` never load
 * `@effect/cli` (about 120 modules of a cold process, bench/RESULTS.md §Guard rails).
 */
import * as Args from "@effect/cli/Args"
import * as CliConfig from "@effect/cli/CliConfig"
import * as CliCommand from "@effect/cli/Command"
import * as Descriptor from "@effect/cli/CommandDescriptor"
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as Options from "@effect/cli/Options"
import * as ValidationError from "@effect/cli/ValidationError"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Environment, OptionSpec, Positional, Read, Spec } from "./command.js"
import type { Failure } from "./errors.js"
import { clip } from "./text.js"

// ---------------------------------------------------------------------------------------------
// The declaration as @effect/cli options and arguments
// ---------------------------------------------------------------------------------------------

/** One declared option as an `@effect/cli` option with the value `Values` promises. */
const toOption = (name: string, spec: OptionSpec): Options.Options<unknown> => {
  const described = <A>(option: Options.Options<A>) => {
    const aliased = spec.short === undefined ? option : Options.withAlias(option, spec.short)
    return Options.withDescription(aliased, spec.description)
  }
  if (spec.type === "boolean") return described(Options.boolean(name))
  const text = described(Options.text(name))
  if (spec.multiple) return Options.repeated(text)
  const { choices } = spec
  const checked = choices === undefined ? text : Options.mapEffect(text, (value) =>
    choices.includes(value)
      ? Effect.succeed(value)
      : Effect.fail(ValidationError.invalidValue(HelpDoc.p(`--${name} must be one of ${choices.join(", ")}`))))
  return spec.default === undefined
    ? Options.map(Options.optional(checked), Option.getOrUndefined)
    : Options.withDefault(checked, spec.default)
}

/** The positionals in order; what each parses to is flattened back to strings by `flatten`. */
const toArgs = (positionals: ReadonlyArray<Positional>): Args.Args<ReadonlyArray<unknown>> =>
  Args.all(positionals.map((p) => {
    const text = Args.withDescription(Args.text({ name: p.name }), p.description)
    return p.optional ? Args.optional(text) : p.variadic ? Args.atLeast(text, 1) : text
  }))

const flatten = (values: ReadonlyArray<unknown>): ReadonlyArray<string> =>
  values.flatMap((value) =>
    typeof value === "string"
      ? [value]
      : Option.isOption(value)
      ? Option.toArray(value as Option.Option<string>)
      : value as ReadonlyArray<string>
  )

/** `@effect/cli`'s built-ins are not `rcp`'s: `--help` is declared here; the others are unknown options. */
const CONFIG = CliConfig.make({ showBuiltIns: false, finalCheckBuiltIn: false })

/** `@effect/cli`'s words for a bad line, as one `rcp` sentence. */
const usageMessage = (name: string, error: ValidationError.ValidationError): string => {
  const text = "error" in error ? HelpDoc.toAnsiText(error.error).replace(/\s+/g, " ").trim() : ""
  const missing = /^Missing argument (<[^>]+>)/.exec(text)
  if (missing !== null) return `rcp ${name} needs ${missing[1]}`
  return text === "" ? "cannot read the command line" : text
}

type Erased = Spec<Record<string, OptionSpec>, Failure>

/** Each declaration's `@effect/cli` command, made once. */
const made = new WeakMap<Erased, CliCommand.Command<string, never, never, unknown>>()

const commandOf = (spec: Erased): CliCommand.Command<string, never, never, unknown> => {
  let cli = made.get(spec)
  if (cli === undefined) {
    cli = CliCommand.make(spec.name, {
      options: Options.all(Object.fromEntries(Object.entries(spec.options).map(([name, option]) => [name, toOption(name, option)]))),
      args: toArgs(spec.positionals)
    }).pipe(CliCommand.withDescription(spec.summary)) as unknown as CliCommand.Command<string, never, never, unknown>
    made.set(spec, cli)
  }
  return cli
}

/**
 * The line (its flags already checked by `command.ts`) parsed by `@effect/cli`: the values, or the
 * usage error's sentence.
 *
 * @internal
 */
export const parse = (spec: Erased, args: ReadonlyArray<string>): Effect.Effect<Read, string, Environment> =>
  Descriptor.parse(commandOf(spec).descriptor, [spec.name, ...args], CONFIG).pipe(
    Effect.mapError((error) => usageMessage(spec.name, error)),
    Effect.flatMap((directive): Effect.Effect<Read, string> => {
      if (directive._tag === "BuiltIn") {
        return directive.option._tag === "ShowHelp" ? Effect.succeed({ _tag: "Help" }) : Effect.fail("cannot read the command line")
      }
      const [extra] = directive.leftover
      if (extra !== undefined) return Effect.fail(`unexpected argument ${JSON.stringify(clip(extra, 60))}`)
      const value = directive.value as { readonly options: Record<string, unknown>; readonly args: ReadonlyArray<unknown> }
      return Effect.succeed({ _tag: "Run", positionals: flatten(value.args), options: value.options })
    })
  )
