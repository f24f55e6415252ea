/**
 * One level of an Effect Schema's AST as `defineTool`'s lowering reads it, the same on Effect 3 and
 * Effect 4 (docs/effect4.md §Model-facing schemas). Each Effect's AST is different (a refinement is
 * a node on Effect 3 and a check on the node on Effect 4; an optional key is a property signature
 * on one and the type's `context` on the other), so each target's `LowerEffect.ts` twin presents
 * its AST in this one shape, and the walk that turns it into params (`server/effectSchemaNode.ts`)
 * is written once. A view holds its children as `SchemaNode` handles, viewed when the walk reaches
 * them: a recursive schema is never unrolled, and a handle keeps the AST's identity, which the walk
 * uses to see a suspended schema it is already inside.
 *
 * Descriptions and identifiers are Effect 3's words on both targets: the model reads a built-in
 * refinement's description ("an integer"), and must read the same text whichever Effect the server
 * runs on.
 */

/** A node of an Effect Schema's AST, opaque outside the twin that made it. @internal */
export type SchemaHandle = { readonly _SchemaHandle: unique symbol }

/** A struct's property. @internal */
export interface ViewProperty {
  readonly name: PropertyKey
  readonly type: SchemaHandle
  readonly optional: boolean
  /** The description on the key itself (`Schema.propertySignature(…).annotations`, `annotateKey`). */
  readonly description: string | undefined
}

/** @internal */
export type SchemaView =
  & {
    /** The node's own description; the built-in one of a keyword ("a string") is left out. */
    readonly description: string | undefined
    readonly identifier: string | undefined
    /** The node's own title (Effect 3's for a built-in refinement: `"int"`, `"between(0, 1)"`); a keyword's is left out. */
    readonly title: string | undefined
    /** The node's kind as a warning names it when nothing better is known (`bigint`, `declaration`). */
    readonly name: string
  }
  & (
    | { readonly _tag: "String" | "Number" | "Boolean" | "Undefined" | "Null" | "Unknown" | "Other" }
    /** `text` and `pattern` as Effect 3 writes them (`` `id-${string}` ``, `^id-[\s\S]*?$`), when known. */
    | { readonly _tag: "TemplateLiteral"; readonly text: string | undefined; readonly pattern: string | undefined }
    | { readonly _tag: "Literal"; readonly literal: unknown }
    /** A TypeScript enum: each member's name and value. */
    | { readonly _tag: "Enums"; readonly names: ReadonlyArray<string>; readonly values: ReadonlyArray<unknown> }
    /**
     * A refinement, with the JSON Schema keywords Effect 3 gives it (`Schema.Int`: `{ type: "integer" }`);
     * `hasJsonSchema` false: Effect 3 gives it none (a `filter` of the author's), and its JSON Schema
     * is its base's, without its words.
     */
    | {
      readonly _tag: "Refinement"
      readonly from: SchemaHandle
      readonly keywords: Readonly<Record<string, unknown>>
      readonly hasJsonSchema: boolean
    }
    | { readonly _tag: "Suspend"; readonly target: () => SchemaHandle }
    /** To another type; `struct`: a struct with defaults or renamed keys, whose encoded side is a struct too. */
    | { readonly _tag: "Transformation"; readonly from: SchemaHandle; readonly struct: boolean }
    | { readonly _tag: "Union"; readonly members: ReadonlyArray<SchemaHandle> }
    | {
      readonly _tag: "Tuple"
      readonly elements: ReadonlyArray<{ readonly type: SchemaHandle; readonly optional: boolean }>
      readonly rest: ReadonlyArray<SchemaHandle>
    }
    | {
      readonly _tag: "Struct"
      readonly properties: ReadonlyArray<ViewProperty>
      readonly indexes: ReadonlyArray<{ readonly parameter: SchemaHandle; readonly type: SchemaHandle }>
    }
  )

/** One field of a `Schema.Struct`: the type the model writes, and what the key says. @internal */
export interface FieldView {
  readonly type: SchemaHandle
  readonly optional: boolean
  readonly description: string | undefined
  /** The value an absent key decodes to, when the model may rely on it. */
  readonly default: { readonly value: unknown } | undefined
}
