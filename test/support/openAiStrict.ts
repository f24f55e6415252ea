/**
 * OpenAI's strict-mode rules for a function's `parameters` (the Structured Outputs "supported
 * schemas" list), written out independently of the code under test: every problem a schema has
 * against them, with its JSON pointer. Empty means OpenAI would take it.
 *
 * - the root is an object; at most 10 levels of nesting, 5,000 properties, 1,000 enum values;
 * - every object has `additionalProperties: false` and lists every property in `required`;
 * - `type` is one of string, number, integer, boolean, array, object — or `[t, "null"]`;
 * - only the keywords strict mode supports, per type (string: `pattern`, `format` from a fixed
 *   list; numbers: the four bounds and `multipleOf`; arrays: `items`, `minItems`, `maxItems`);
 * - `null` in an `enum` only where the type allows null.
 */
const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object"])
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"])
const COMMON = ["type", "description", "enum"]
const ALLOWED: Readonly<Record<string, ReadonlyArray<string>>> = {
  string: [...COMMON, "pattern", "format"],
  number: [...COMMON, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: [...COMMON, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  boolean: COMMON,
  array: [...COMMON, "items", "minItems", "maxItems"],
  object: ["type", "description", "properties", "required", "additionalProperties"]
}

export const strictProblems = (parameters: unknown): Array<string> => {
  const problems: Array<string> = []
  const counts = { properties: 0, enumValues: 0 }
  const walk = (node: unknown, pointer: string, level: number): void => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return void problems.push(`${pointer}: not a schema`)
    const schema = node as Record<string, unknown>
    if (level > 10) problems.push(`${pointer}: more than 10 levels of nesting`)
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    const named = types.filter((t) => t !== "null")
    const nullable = types.length === 2 && types.includes("null")
    if (named.length !== 1 || typeof named[0] !== "string" || !TYPES.has(named[0]) || (types.length === 2 && !nullable)) {
      return void problems.push(`${pointer}/type: ${JSON.stringify(schema.type)} is not a strict type`)
    }
    const type = named[0]
    for (const key of Object.keys(schema)) {
      if (!ALLOWED[type]!.includes(key)) problems.push(`${pointer}/${key}: not supported for ${type} in strict mode`)
    }
    if (schema.format !== undefined && !FORMATS.has(schema.format as string)) problems.push(`${pointer}/format: not supported`)
    if (Array.isArray(schema.enum)) {
      counts.enumValues += schema.enum.length
      if (!nullable && schema.enum.includes(null)) problems.push(`${pointer}/enum: null without a nullable type`)
    }
    if (type === "array") walk(schema.items, `${pointer}/items`, level + 1)
    if (type === "object") {
      if (schema.additionalProperties !== false) problems.push(`${pointer}/additionalProperties: must be false`)
      const properties = schema.properties as Record<string, unknown> | undefined
      const names = Object.keys(properties ?? {})
      counts.properties += names.length
      const required = schema.required
      if (!Array.isArray(required) || required.length !== names.length || !names.every((n) => required.includes(n))) {
        problems.push(`${pointer}/required: must list every property`)
      }
      for (const name of names) walk(properties![name], `${pointer}/properties/${name}`, level + 1)
    }
  }
  const root = parameters as Record<string, unknown>
  if (typeof root !== "object" || root === null || root.type !== "object") problems.push("/: the root must be an object")
  walk(parameters, "", 1)
  if (counts.properties > 5000) problems.push(`/: ${counts.properties} properties (at most 5000)`)
  if (counts.enumValues > 1000) problems.push(`/: ${counts.enumValues} enum values (at most 1000)`)
  return problems
}
