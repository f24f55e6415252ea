/**
 * One `rcp` subcommand, declared once: its arguments and options (`OptionSpec`, `Positional`), from
 * which both the `@effect/cli` command that parses the line and the help text are made, so the two
 * cannot disagree. Adding a flag is one entry in a command's `options`.
 *
 * `@effect/cli` parses; two things are decided here. The help is this file's (one screen, in the
 * words of the rest of `rcp`, without the framework's built-ins: wizard, completions, log level).
 * And the line is read strictly: `@effect/cli` takes an unknown flag, or a flag missing its value,
 * for a positional argument (`rcp call URL --dry-rn` would call a tool named "--dry-rn"), so every
 * flag is checked against the declaration before it parses. The `@effect/cli` half is `parse.ts`,
 * loaded only when a line is to be parsed (never for help).
 */
import type * as CliApp from "@effect/cli/CliApp"
import * as Effect from "effect/Effect"
import { type Failure, UsageError } from "./errors.js"
import type { CommandName } from "./help.js"
import type { Output } from "./output.js"
import type { Style } from "./style.js"
import { clip } from "./text.js"

/** @internal */
export interface OptionSpec {
  readonly type: "string" | "boolean"
  readonly multiple?: boolean
  readonly short?: string
  /** The value's name in help: `--format FORMAT`. */
  readonly value?: string
  readonly choices?: ReadonlyArray<string>
  readonly default?: string
  readonly description: string
}

/** @internal */
export interface Positional {
  readonly name: string
  readonly description: string
  /** May be left out (only the last ones): `[<name>]` in help. */
  readonly optional?: boolean
  /** Takes one or more values (only the last one): `<name>...` in help. */
  readonly variadic?: boolean
}

const positionalLabel = (p: Positional): string =>
  p.optional ? `[<${p.name}>]` : p.variadic ? `<${p.name}>...` : `<${p.name}>`

type ValueOf<S extends OptionSpec> = S["type"] extends "boolean" ? boolean
  : S["multiple"] extends true ? ReadonlyArray<string>
  : S extends { readonly default: string } ? string
  : string | undefined

/** @internal */
export type Values<O extends Record<string, OptionSpec>> = { readonly [K in keyof O]: ValueOf<O[K]> }

/** @internal */
export interface Spec<O extends Record<string, OptionSpec>, E extends Failure> {
  /** One of `help.ts`'s `summaries`: a command the help does not list is a type error. */
  readonly name: CommandName
  /** One line, for `rcp --help`. */
  readonly summary: string
  readonly positionals: ReadonlyArray<Positional>
  readonly options: O
  readonly notes?: ReadonlyArray<string>
  /** The command's work: its exit code, or one of its typed failures (reported by `errors.ts`). */
  readonly run: (
    input: { readonly positionals: ReadonlyArray<string>; readonly options: Values<O> },
    io: Output
  ) => Effect.Effect<number, E>
}

/** What `@effect/cli` needs to parse a line: files and a terminal (for its prompts, unused here). @internal */
export type Environment = CliApp.CliApp.Environment

/** What the dispatcher knows of a subcommand. @internal */
export interface Command {
  readonly name: string
  readonly summary: string
  readonly main: (args: ReadonlyArray<string>, io: Output) => Effect.Effect<number, Failure, Environment>
}

const HELP: OptionSpec = { type: "boolean", short: "h", description: "Show this help" }

const longLabel = (name: string, spec: OptionSpec): string =>
  `--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`

const optionLabel = (name: string, spec: OptionSpec): string =>
  `${spec.short === undefined ? "" : `-${spec.short}, `}${longLabel(name, spec)}`

const usageLine = (spec: Spec<Record<string, OptionSpec>, Failure>): string => {
  const parts = [`rcp ${spec.name}`, ...spec.positionals.map(positionalLabel)]
  for (const [name, option] of Object.entries(spec.options)) {
    parts.push(`[${longLabel(name, option)}]${option.multiple ? "..." : ""}`)
  }
  // Wrapped under the command name, so a long usage stays readable in 80 columns.
  const indent = " ".repeat(`rcp ${spec.name} `.length)
  const lines: Array<string> = []
  let line = ""
  for (const part of parts) {
    if (line !== "" && line.length + 1 + part.length > 78) {
      lines.push(line)
      line = indent + part
    } else {
      line = line === "" ? part : `${line} ${part}`
    }
  }
  lines.push(line)
  return lines.join("\n")
}

const table = (rows: ReadonlyArray<readonly [string, string]>): Array<string> => {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`)
}

/** @internal */
export const help = (spec: Spec<Record<string, OptionSpec>, Failure>, style: Style): string => {
  const options = Object.entries({ ...spec.options, help: HELP }).map(([name, option]): readonly [string, string] => {
    const extra = [
      option.choices === undefined ? undefined : `one of ${option.choices.join(", ")}`,
      option.default === undefined ? undefined : `default ${option.default}`,
      option.multiple ? "repeatable" : undefined
    ].filter((x) => x !== undefined)
    return [optionLabel(name, option), extra.length === 0 ? option.description : `${option.description} (${extra.join("; ")})`]
  })
  return [
    `${style.bold("Usage:")} ${usageLine(spec)}`,
    "",
    spec.summary,
    ...(spec.notes === undefined ? [] : ["", ...spec.notes]),
    ...(spec.positionals.length === 0
      ? []
      : ["", style.bold("Arguments:"), ...table(spec.positionals.map((p) => [positionalLabel(p), p.description]))]),
    "",
    style.bold("Options (all optional):"),
    ...table(options)
  ].join("\n")
}

// ---------------------------------------------------------------------------------------------
// Reading the line
// ---------------------------------------------------------------------------------------------

/** @internal */
export type Read =
  | { readonly _tag: "Help" }
  | { readonly _tag: "Run"; readonly positionals: ReadonlyArray<string>; readonly options: Record<string, unknown> }

/**
 * Every flag before `--` checked against the declaration: unknown, a boolean given a value, a
 * value missing (or looking like a flag: write `--format=-x`), a single option given twice.
 * `@effect/cli` would read each of these as a positional argument instead of refusing it.
 */
const checkFlags = (options: Record<string, OptionSpec>, args: ReadonlyArray<string>): string | undefined => {
  const declared = new Map<string, readonly [string, OptionSpec]>()
  for (const [name, option] of Object.entries({ ...options, help: HELP })) {
    declared.set(`--${name}`, [name, option])
    if (option.short !== undefined) declared.set(`-${option.short}`, [name, option])
  }
  const seen = new Set<string>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") return undefined
    if (!arg.startsWith("-") || arg === "-") continue
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const found = declared.get(flag)
    if (found === undefined) return `unknown option ${clip(flag, 40)}`
    const [name, option] = found
    if (option.type === "boolean") {
      if (eq > 0) return `${flag} takes no value`
    } else if (eq < 0) {
      const next = args[i + 1]
      if (next === undefined || (next.startsWith("-") && next !== "-")) {
        return `${flag} needs a value (one that starts with "-" is written ${flag}=-…)`
      }
      i++
    }
    if (seen.has(name) && !option.multiple && option.type === "string") return `${flag} is given more than once`
    seen.add(name)
  }
  return undefined
}

const read = (
  spec: Spec<Record<string, OptionSpec>, Failure>,
  args: ReadonlyArray<string>
): Effect.Effect<Read, UsageError, Environment> => {
  const usage = (message: string) => new UsageError({ message, command: spec.name })
  const bad = checkFlags(spec.options, args)
  if (bad !== undefined) return Effect.fail(usage(bad))
  const dashes = args.indexOf("--")
  const flags = dashes < 0 ? args : args.slice(0, dashes)
  if (flags.includes("--help") || flags.includes("-h")) return Effect.succeed({ _tag: "Help" })
  return Effect.promise(() => import("./parse.js")).pipe(
    Effect.flatMap(({ parse }) => parse(spec, args)),
    Effect.mapError(usage)
  )
}

/** @internal */
export const define = <const O extends Record<string, OptionSpec>, E extends Failure>(spec: Spec<O, E>): Command => {
  const erased = spec as unknown as Spec<Record<string, OptionSpec>, Failure>
  return {
    name: spec.name,
    summary: spec.summary,
    main: (args, io) =>
      Effect.flatMap(read(erased, args), (line): Effect.Effect<number, Failure> =>
        line._tag === "Help"
          ? Effect.as(io.out(help(erased, io.outStyle)), 0)
          : erased.run({ positionals: line.positionals, options: line.options as Values<Record<string, OptionSpec>> }, io))
  }
}
