/**
 * A param schema node written as a server author would write it — in zod 4 and in Effect Schema —
 * so that properties can check the server's lowering against the node it started from (lossless
 * where the subset can say it), and round trips can decode on the server what the model sent.
 * Written from the libraries' documented combinators, not from the lowering under test.
 */
import { z } from "zod"
import { schemaIssues } from "#test-target"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"

export const toZod = (node: SchemaNode): z.ZodType => {
  let out: z.ZodType
  switch (node.type) {
    case "string": {
      if (node.enum !== undefined) {
        out = z.enum(node.enum as [string, ...Array<string>])
        break
      }
      let s = z.string()
      if (node.minLength !== undefined) s = s.min(node.minLength)
      if (node.maxLength !== undefined) s = s.max(node.maxLength)
      out = s
      break
    }
    case "number":
    case "integer": {
      let n = node.type === "integer" ? z.int() : z.number()
      if (node.minimum !== undefined) n = n.gte(node.minimum)
      if (node.exclusiveMinimum !== undefined) n = n.gt(node.exclusiveMinimum)
      if (node.maximum !== undefined) n = n.lte(node.maximum)
      if (node.exclusiveMaximum !== undefined) n = n.lt(node.exclusiveMaximum)
      out = n
      break
    }
    case "boolean":
      out = z.boolean()
      break
    case "array": {
      let a = z.array(toZod(node.items))
      if (node.minItems !== undefined) a = a.min(node.minItems)
      if (node.maxItems !== undefined) a = a.max(node.maxItems)
      out = a
      break
    }
    case "object": {
      const required = new Set(node.required ?? [])
      const shape: Record<string, z.ZodType> = {}
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        shape[name] = required.has(name) ? toZod(child) : toZod(child).optional()
      }
      const additional = node.additionalProperties
      const values = additional === true ? z.unknown() : additional === undefined || additional === false ? undefined : toZod(additional)
      out = node.properties === undefined && values !== undefined
        ? z.record(z.string(), values)
        : values === undefined
        ? z.object(shape)
        : z.object(shape).catchall(values)
      break
    }
  }
  return node.description === undefined ? out : out.describe(node.description)
}

/** The node in the target's Effect Schema combinators (the kit, #test-target: each Effect spells it its own way). */
export { toEffect } from "#test-target"

/** What this Effect's `schema` decodes `input` to; a throw listing every problem if it does not decode. */
export const decodedByEffect = (schema: unknown, input: unknown): unknown => {
  const decoded = schemaIssues(schema, input)
  if (decoded._tag === "Invalid") throw new Error(`not decoded: ${JSON.stringify(decoded.issues)}`)
  return decoded.value
}
