/**
 * One tool under construction: its params (names unique within the tool) and where each is
 * placed — the url path, `queryParams`, `headers` or the `body` — plus what the operation's
 * mapping had to leave out (`notes`) or why it cannot become a tool at all (`skip`).
 */
import type * as Manifest from "rcp-sdk/manifest"
import { describe } from "./html.js"
import { UniqueNames } from "./naming.js"
import * as Naming from "./naming.js"
import * as Schema from "./schema.js"
import { clip } from "./text.js"

/** @internal */
export interface ParamSpec {
  readonly type: Manifest.ParamType
  readonly required: boolean
  readonly description: string | undefined
  /** Allowed values of a string param (the manifest's `enum` extension, docs/protocol.md §8). */
  readonly enum?: ReadonlyArray<string> | undefined
  /** An array or object param's schema, and how it is written as pairs (docs/protocol.md §1.10–1.11). */
  readonly schema?: Manifest.ParamSchema | undefined
  readonly style?: Manifest.ParamStyle | undefined
  readonly explode?: boolean | undefined
}

/** @internal */
export class Draft {
  readonly params: Array<Manifest.Param> = []
  /** Path template names (`{id}` in the spec's path) → param names. */
  readonly pathParams = new Map<string, string>()
  readonly queryParams: Record<string, string> = {}
  readonly headers: Record<string, string> = {}
  body: Record<string, string> | undefined = undefined
  /** `"form"`: the body goes as `application/x-www-form-urlencoded` (docs/protocol.md §1.12). */
  bodyEncoding: "form" | undefined = undefined
  readonly notes: Array<string> = []
  /** What the tool's description says after the operation's own text (how the body's forms differ). */
  readonly remarks: Array<string> = []
  skip: string | undefined = undefined
  private readonly names = new UniqueNames()

  /**
   * Declares a param named after `specName`; a name another place already took gets `_<place>`
   * (path `id` and query `id` both stay, as `id` and `id_query`). A renamed param's description
   * says what the spec calls it, which is also the key it is sent under.
   */
  add(specName: string, place: string, spec: ParamSpec): string {
    const name = this.names.take(Naming.paramName(specName), place)
    const param: { -readonly [K in keyof Manifest.Param]: Manifest.Param[K] } = { name, type: spec.type }
    if (!spec.required) param.required = false
    if (spec.type === "string" && spec.enum !== undefined) param.enum = spec.enum
    if (spec.schema !== undefined) param.schema = spec.schema
    if (spec.style !== undefined) param.style = spec.style
    if (spec.explode !== undefined) param.explode = spec.explode
    const description = Schema.joinDescription([
      spec.description === undefined ? undefined : describe(spec.description),
      name === specName ? undefined : `(${place} "${clip(specName, 80)}")`
    ])
    if (description !== undefined) param.description = description
    this.params.push(param)
    return name
  }

  note(message: string): void {
    this.notes.push(message)
  }

  /** The operation cannot become a tool; the first reason is the one reported. */
  fail(reason: string): void {
    this.skip ??= reason
  }
}
