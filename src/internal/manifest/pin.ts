/**
 * Pinning (docs/lock.md): the one definition of what an operator approved of a tool — a digest of
 * each behaviour-shaping field of its canonical JSON — and the one comparison of a discovered
 * manifest with its pin, used by the client (fail closed before registering) and by `rcp diff`
 * (report), so the two can never disagree about what changed.
 *
 * SHA-256 comes from `node:crypto`, synchronously: discovery decides and registers in one
 * synchronous step (see `registry.ts`), and the client runs on Node anyway (undici). Web Crypto's
 * `subtle.digest` is async only, and would add a suspension point per tool for no portability
 * this package has.
 */
import { createHash } from "node:crypto"
import type * as Manifest from "../../Manifest.js"
import { clip, escapeControls } from "../shared/text.js"

/**
 * Every field that shapes what a tool does or what the model is told, in the order `rcp diff`
 * names them. `auth` is the manifest's (it decides how every tool's credential is sent).
 *
 * @internal
 */
export const FIELDS = [
  "name",
  "description",
  "method",
  "params",
  "url",
  "queryParams",
  "headers",
  "body",
  "responseMappings",
  "outputSchema",
  "tags",
  "auth"
] as const

/** @internal */
export type Field = (typeof FIELDS)[number]

/** What a client does with tools its pin lacks (`Lock.PinPolicy`). @internal */
export type Policy = "exact" | "allow-new-tools"

/** @internal */
export const POLICIES: ReadonlyArray<Policy> = ["exact", "allow-new-tools"]

/** The one check of a policy option, client-wide or per discovery. @internal */
export const isPolicy = (policy: unknown): policy is Policy => POLICIES.includes(policy as Policy)

/** @internal */
export interface ToolPin {
  readonly digest: string
  readonly fields: { readonly [F in Field]: string }
}

/** @internal */
export interface ApiPin {
  readonly origin: string
  readonly tools: { readonly [tool: string]: ToolPin }
}

/**
 * JSON with object keys in code-unit order at every level, so equal values give equal text
 * whatever their key order or whitespace was. `indent` pretty-prints (the lock file); without it
 * the text is compact (what is hashed). `undefined` (an absent field) is the empty text, which no
 * JSON value is. Keys are sorted here rather than by object insertion, which engines reorder for
 * integer-like keys ("10" before "9").
 *
 * @internal
 */
export const canonical = (value: unknown, indent = ""): string => {
  const out: Array<string> = []
  const write = (v: unknown, pad: string): void => {
    if (v === undefined) return
    if (typeof v !== "object" || v === null) {
      out.push(JSON.stringify(v))
      return
    }
    const inner = indent === "" ? "" : `${pad}${indent}`
    const open = indent === "" ? "" : `\n${inner}`
    const sep = indent === "" ? "," : `,\n${inner}`
    const close = indent === "" ? "" : `\n${pad}`
    const colon = indent === "" ? ":" : ": "
    if (Array.isArray(v)) {
      if (v.length === 0) return void out.push("[]")
      out.push(`[${open}`)
      v.forEach((item, i) => {
        if (i > 0) out.push(sep)
        // JSON.stringify writes an absent array item as null; so does the canonical form.
        if (item === undefined) out.push("null")
        else write(item, inner)
      })
      return void out.push(`${close}]`)
    }
    const record = v as Record<string, unknown>
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort()
    if (keys.length === 0) return void out.push("{}")
    out.push(`{${open}`)
    keys.forEach((key, i) => {
      if (i > 0) out.push(sep)
      out.push(JSON.stringify(key), colon)
      write(record[key], inner)
    })
    out.push(`${close}}`)
  }
  write(value, "")
  return out.join("")
}

/** @internal */
export const sha256 = (text: string): string => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`

/**
 * What one tool does, as the fields `FIELDS` names: the decoded tool (unknown fields already left
 * out by `Manifest.decode`, so they cannot shape anything) and the manifest's auth.
 */
const behaviour = (manifest: Manifest.Manifest, tool: Manifest.Tool): { readonly [F in Field]: unknown } => ({
  name: tool.name,
  description: tool.description,
  method: tool.method,
  params: tool.params,
  url: tool.url,
  queryParams: tool.queryParams,
  headers: tool.headers,
  // A form body is a different request from the same JSON one: pinned under `body` (so that `rcp
  // diff` names it), wrapped so that it differs — and a JSON body's pin stays what it always was.
  body: tool.bodyEncoding === "form" ? { bodyEncoding: "form", body: tool.body } : tool.body,
  responseMappings: tool.responseMappings,
  outputSchema: tool.outputSchema,
  tags: tool.tags,
  auth: manifest.auth ?? { type: "none" }
})

/** The digest of an absent field (its canonical text is empty). @internal */
export const ABSENT = sha256("")

const SORTED_FIELDS = [...FIELDS].sort()

/** @internal */
export const toolPin = (manifest: Manifest.Manifest, tool: Manifest.Tool): ToolPin => {
  const fields = behaviour(manifest, tool)
  const texts = new Map(FIELDS.map((field) => [field, canonical(fields[field])]))
  // `canonical(fields)`, assembled from the fields' own texts rather than serializing them twice
  // (a large manifest's pin is mostly this work): keys in order, absent fields left out.
  const whole = SORTED_FIELDS.filter((field) => texts.get(field) !== "")
    .map((field) => `${JSON.stringify(field)}:${texts.get(field)}`)
  return {
    digest: sha256(`{${whole.join(",")}}`),
    fields: Object.fromEntries(FIELDS.map((field) => [field, sha256(texts.get(field)!)])) as ToolPin["fields"]
  }
}

/** What an operator approves of one API: its origin and each tool's digests. @internal */
export const apiPin = (origin: string, manifest: Manifest.Manifest): ApiPin => ({
  origin,
  tools: Object.fromEntries(manifest.tools.map((tool) => [tool.name, toolPin(manifest, tool)]))
})

/** How a discovered API differs from its pin; every list empty and `origin` undefined when it does not. @internal */
export interface Difference {
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  readonly changed: ReadonlyArray<{ readonly tool: string; readonly fields: ReadonlyArray<Field> }>
  /** The pinned origin, when the manifest now comes from another. */
  readonly origin: string | undefined
}

/** @internal */
export const compare = (pinned: ApiPin, current: ApiPin): Difference => {
  const has = (pin: ApiPin, tool: string) => Object.hasOwn(pin.tools, tool)
  const changed: Array<{ tool: string; fields: ReadonlyArray<Field> }> = []
  for (const [tool, now] of Object.entries(current.tools)) {
    const then = has(pinned, tool) ? pinned.tools[tool] : undefined
    if (then === undefined || then.digest === now.digest) continue
    const fields = FIELDS.filter((field) => then.fields[field] !== now.fields[field])
    // A digest that differs while every field matches is a hand-edited lock: name no field, still a change.
    changed.push({ tool, fields })
  }
  return {
    added: Object.keys(current.tools).filter((tool) => !has(pinned, tool)),
    removed: Object.keys(pinned.tools).filter((tool) => !has(current, tool)),
    changed,
    origin: pinned.origin === current.origin ? undefined : pinned.origin
  }
}

/** @internal */
export const isSame = (d: Difference): boolean =>
  d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0 && d.origin === undefined

/**
 * A tool name for a message or a terminal: pinned names come from a lock file, which anyone may
 * have edited, so they are cut and their controls escaped like any untrusted text.
 *
 * @internal
 */
export const shownName = (name: string): string => escapeControls(clip(name, 64))

const MAX_LISTED = 20

const listed = (names: ReadonlyArray<string>): string => {
  const shown = names.slice(0, MAX_LISTED).join(", ")
  return names.length > MAX_LISTED ? `${shown}, … (${names.length} in all)` : shown
}

/**
 * The difference in words, one clause per kind — tool and field names only, never a field's
 * content (a changed description may be the attack).
 *
 * @internal
 */
export const summary = (d: Difference): Array<string> => [
  ...(d.origin === undefined ? [] : [`pinned for origin ${d.origin}`]),
  ...(d.added.length === 0 ? [] : [`added: ${listed(d.added.map(shownName))}`]),
  ...(d.removed.length === 0 ? [] : [`removed: ${listed(d.removed.map(shownName))}`]),
  ...(d.changed.length === 0 ? [] : [
    `changed: ${
      listed(d.changed.map(({ fields, tool }) =>
        `${shownName(tool)} (${fields.length === 0 ? "digest only" : fields.join(", ")})`
      ))
    }`
  ])
]
