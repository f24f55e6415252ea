/**
 * `args` given as a Standard Schema (https://standardschema.dev): recognised by its `~standard`
 * property, and asked for its JSON Schema through the Standard JSON Schema interface
 * (`~standard.jsonSchema.input`) — so that no schema library is ever imported here: zod, valibot
 * and arktype are only ever loaded by the server author's own code.
 */
import { messageOf } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import { UNREPRESENTABLE } from "./jsonSchemaNode.js"

/**
 * What the Standard JSON Schema interface offers: its `input` side is what the model writes (args),
 * its `output` side what a validated value becomes (a tool's result, `output`).
 */
type Converter = {
  readonly [side in Side]: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> }) => unknown
}

/** @internal */
export type Side = "input" | "output"

/**
 * The `~standard` props of `u`, when `u` is a Standard Schema.
 *
 * @internal
 */
export const propsOf = (u: unknown): Record<string, unknown> | undefined => {
  if ((typeof u !== "object" && typeof u !== "function") || u === null || !("~standard" in u)) return undefined
  const props = u["~standard"]
  return isRecord(props) ? props : undefined
}

// zod throws on a type JSON Schema cannot describe (a Date) unless told to write `{}` for it; its
// `override` hook lets that `{}` say which type it stands for, so the warning can name it.
const zodOptions: Record<string, unknown> = {
  unrepresentable: "any",
  override: (context: { readonly zodSchema?: unknown; readonly jsonSchema: Record<string, unknown> }) => {
    const zod: unknown = isRecord(context.zodSchema) ? context.zodSchema._zod : undefined
    const def: unknown = isRecord(zod) ? zod.def : undefined
    if (isRecord(def) && typeof def.type === "string" && Object.keys(context.jsonSchema).length === 0) {
      context.jsonSchema[UNREPRESENTABLE] = def.type === "date" ? "Date" : def.type
    }
  }
}

// valibot likewise, told to go on; its schema says what it `expects` ("Date").
const valibotOptions: Record<string, unknown> = {
  errorMode: "ignore",
  overrideSchema: (
    context: { readonly valibotSchema?: unknown; readonly jsonSchema: object; readonly errors?: unknown }
  ) => {
    const expects = isRecord(context.valibotSchema) ? context.valibotSchema.expects : undefined
    return context.errors !== undefined && typeof expects === "string"
      ? { ...context.jsonSchema, [UNREPRESENTABLE]: expects }
      : undefined
  }
}

// arktype writes `{}` by itself; its fallback hooks get the kind of what it could not describe.
const arktypeOptions: Record<string, unknown> = {
  fallback: {
    default: (context: { readonly base: object; readonly code?: unknown }) =>
      typeof context.code === "string"
        ? { ...context.base, [UNREPRESENTABLE]: context.code === "date" ? "Date" : context.code }
        : context.base
  }
}

/** Per library: what makes it write `{}` for what it cannot describe, instead of throwing. */
const libraryOptions: Readonly<Record<string, Record<string, unknown>>> = {
  zod: zodOptions,
  valibot: valibotOptions,
  arktype: arktypeOptions
}

/** Per library: how to get a schema that can describe itself, for the error that says it cannot. */
const hints: Readonly<Record<string, string>> = {
  zod: "use zod 4.2 or later, whose schemas implement Standard JSON Schema",
  valibot: "wrap it with toStandardJsonSchema from @valibot/to-json-schema",
  arktype: "use an arktype release whose types implement Standard JSON Schema"
}

const vendorOf = (props: Record<string, unknown>): string =>
  typeof props.vendor === "string" ? props.vendor : "an unknown library"

/**
 * The JSON Schema of the input (or the output) `props` describes, or why there is none.
 *
 * @internal
 */
export const jsonSchemaOf = (
  props: Record<string, unknown>,
  side: Side = "input"
):
  | { readonly _tag: "Ok"; readonly schema: Record<string, unknown> }
  | { readonly _tag: "Fail"; readonly reason: string } =>
{
  const vendor = vendorOf(props)
  const converter = props.jsonSchema
  if (!isRecord(converter) || typeof converter[side] !== "function") {
    const hint = hints[vendor] ?? "use a library (or converter) that implements Standard JSON Schema"
    const reason = `it is a Standard Schema (${vendor}) that cannot describe itself as JSON Schema: ${hint}`
    return { _tag: "Fail", reason }
  }
  const options = libraryOptions[vendor]
  try {
    const schema = (converter as unknown as Converter)[side]({
      target: "draft-2020-12",
      ...(options === undefined ? {} : { libraryOptions: options })
    })
    if (isRecord(schema)) return { _tag: "Ok", schema }
    return { _tag: "Fail", reason: `its JSON Schema (${vendor}) is not an object` }
  } catch (cause) {
    return { _tag: "Fail", reason: `its JSON Schema (${vendor}) could not be made: ${messageOf(cause, "an unknown error")}` }
  }
}
