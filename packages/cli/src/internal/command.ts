/**
 * One `rcp` subcommand: its arguments and options declared once, from which both the parser
 * (`node:util` `parseArgs`) and the help text are made, so the two cannot disagree.
 */
import * as Effect from "effect/Effect"
import { parseArgs } from "node:util"
import { UsageError } from "./errors.js"
import type { Output, Style } from "./output.js"
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
export interface Spec<O extends Record<string, OptionSpec>> {
  readonly name: string
  /** One line, for `rcp --help`. */
  readonly summary: string
  readonly positionals: ReadonlyArray<Positional>
  readonly options: O
  readonly notes?: ReadonlyArray<string>
  readonly run: (
    input: { readonly positionals: ReadonlyArray<string>; readonly options: Values<O> },
    io: Output
  ) => Effect.Effect<number, unknown>
}

/** What the dispatcher knows of a subcommand. @internal */
export interface Command {
  readonly name: string
  readonly summary: string
  readonly main: (args: ReadonlyArray<string>, io: Output) => Effect.Effect<number, unknown>
}

const HELP: OptionSpec = { type: "boolean", short: "h", description: "Show this help" }

const longLabel = (name: string, spec: OptionSpec): string =>
  `--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`

const optionLabel = (name: string, spec: OptionSpec): string =>
  `${spec.short === undefined ? "" : `-${spec.short}, `}${longLabel(name, spec)}`

const usageLine = (spec: Spec<Record<string, OptionSpec>>): string => {
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
export const help = (spec: Spec<Record<string, OptionSpec>>, style: Style): string => {
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

/** parseArgs' messages are long and name its own API; the operator needs the flag and the fix. */
const usageMessage = (error: unknown): string => {
  const code = (error as { code?: unknown }).code
  const text = error instanceof Error ? error.message : ""
  const flag = /'(-[^' ]*)/.exec(text)?.[1] ?? "an option"
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${flag}`
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    return /does not take/.test(text)
      ? `${flag} takes no value`
      : `${flag} needs a value (one that starts with "-" is written ${flag}=-…)`
  }
  return "cannot read the command line"
}

/** @internal */
export const define = <const O extends Record<string, OptionSpec>>(spec: Spec<O>): Command => ({
  name: spec.name,
  summary: spec.summary,
  main: (args, io) =>
    Effect.gen(function*() {
      const usage = (message: string) => new UsageError({ message, command: spec.name })
      const config = Object.fromEntries(
        Object.entries({ ...spec.options, help: HELP }).map(([name, option]) => [name, {
          type: option.type,
          ...(option.multiple ? { multiple: true } : {}),
          ...(option.short === undefined ? {} : { short: option.short })
        }])
      )
      const parsed = yield* Effect.try({
        try: () => parseArgs({ args: [...args], options: config, allowPositionals: true, strict: true }),
        catch: (error) => usage(usageMessage(error))
      })
      const values: Record<string, unknown> = parsed.values
      if (values.help === true) {
        yield* io.out(help(spec as unknown as Spec<Record<string, OptionSpec>>, io.outStyle))
        return 0
      }
      const { positionals } = parsed
      const required = spec.positionals.filter((p) => !p.optional)
      if (positionals.length < required.length) {
        const missing = required.slice(positionals.length).map((p) => `<${p.name}>`).join(" ")
        return yield* usage(`rcp ${spec.name} needs ${missing}`)
      }
      const most = spec.positionals.at(-1)?.variadic ? Infinity : spec.positionals.length
      if (positionals.length > most) {
        return yield* usage(`unexpected argument ${JSON.stringify(clip(positionals[most]!, 60))}`)
      }
      const options: Record<string, unknown> = {}
      for (const [name, option] of Object.entries(spec.options)) {
        const value = values[name]
        if (option.type === "boolean") options[name] = value === true
        else if (option.multiple) options[name] = value ?? []
        else options[name] = value ?? option.default
        const given = options[name]
        if (option.choices !== undefined && typeof given === "string" && !option.choices.includes(given)) {
          return yield* usage(`--${name} must be one of ${option.choices.join(", ")}`)
        }
      }
      return yield* spec.run({ positionals, options: options as Values<O> }, io)
    })
})
