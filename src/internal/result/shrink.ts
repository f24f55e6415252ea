/**
 * JSON-aware shrinking: a JSON value as JSON text of at most `maxChars` characters (UTF-16 code
 * units, what `string.length` counts), always valid JSON, deterministic. It is what lets a model
 * read a 400 KB list response: the first items of each long array, strings clipped, deep nesting
 * summarised, and a `truncated` note that says what was cut (docs/results.md).
 *
 * The rule, in the order it is applied:
 *
 * 1. A value whose JSON fits is sent unchanged (`JSON.stringify`, byte for byte).
 * 2. Otherwise it is rendered under three caps that grow together with one number `k`: arrays show
 *    their first `k` items, objects their first `max(k, 100)` members, strings their first
 *    `max(200, 40k)` characters, and containers nested `6 + log2 k` levels deep (at most 64) are
 *    summarised as `"[… 30 items]"` / `"{… 12 keys}"`. The largest `k` whose rendering fits is
 *    chosen (to within an eighth, or once a rendering fills nine tenths of the room: see `search`),
 *    so every array is cut by the same rule and items stay comparable. A cut is made only where it
 *    makes the text shorter.
 * 3. When even `k = 1` does not fit (a huge map, a tiny budget), the value is rendered greedily in
 *    document order: the first item of an array and every member of an object get what is left,
 *    later items appear whole or not at all, and a container that has no room is summarised.
 *
 * Every cut leaves a marker where it was made: `"… 480 more items"` as the last item of an array,
 * `"…": "12 more keys"` as the last member of an object, `… [+1234 chars]` at the end of a clipped
 * string (clipped on a code point, never inside a surrogate pair: the clip is made on the string,
 * and `JSON.stringify` escapes what is kept). A cut result is wrapped as
 * `{"truncated": <note>, ...notes, "data": <value>}`.
 *
 * Work: each trial rendering stops as soon as it passes the budget, so a trial costs what it
 * writes (at most the budget), plus `Object.keys` of the objects it visits; a search takes a
 * handful of trials (bench/RESULTS.md: ~1.4 ms for 1 MiB at 40,000 characters, flat in the input's
 * size). Recursion is bounded by the depth cap (64), whatever the nesting of the input.
 *
 * Why not binary-search one cut point over `JSON.stringify`'s text: a cut there is not JSON, and
 * repairing it (closing brackets, ending strings) is exactly the bookkeeping done here, without
 * the ability to say what was left out.
 */

import { cutAt } from "./text.js"

/** Below this there is no room for a note and a useful value. @internal */
export const MIN_CHARS = 256

/** Containers nested deeper than this are always summarised: a bound on the recursion. @internal */
export const MAX_DEPTH = 64

/** Objects show at least this many members while shrinking: most API records have fewer. */
const MIN_MEMBERS = 100
/** Strings keep at least this many characters under the caps (a URL, a sentence). */
const MIN_STRING = 200
/** Strings up to this long are kept whole by the greedy fallback when their object is written. */
const SHORT_STRING = 64
/** The largest `k` tried. */
const MAX_K = 2 ** 24
/** Budgets below this get the short note. */
const LONG_NOTE_MIN_CHARS = 1024

/** The caps one trial renders under. @internal */
export interface Caps {
  /** Items shown per array. */
  readonly items: number
  /** Members shown per object. */
  readonly members: number
  /** Characters kept per string. */
  readonly chars: number
  /** Containers at this depth or deeper are summarised (the root is at depth 0). */
  readonly depth: number
}

/** The caps of step 2 for one `k`. @internal */
export const capsFor = (k: number): Caps => ({
  items: k,
  members: Math.max(k, MIN_MEMBERS),
  chars: Math.max(MIN_STRING, 40 * k),
  depth: Math.min(MAX_DEPTH, 6 + Math.floor(Math.log2(k)))
})

/**
 * What was cut, for the application (the model reads the same as a sentence, `describeCut`).
 *
 * @since 0.2.0
 * @category models
 */
export interface Cut {
  /** The budget the text was fitted to, in characters. */
  readonly maxChars: number
  /** The size of the full result, when the caller knew it (the response body's length). */
  readonly fullChars: number | undefined
  /** Items left out of arrays that end with a `"… N more items"` marker, in all. */
  readonly itemsOmitted: number
  /** Arrays that end with such a marker. */
  readonly arraysCut: number
  /** Members left out of objects that end with a `"…": "N more keys"` member, in all. */
  readonly keysOmitted: number
  /** Objects that end with such a member. */
  readonly objectsCut: number
  /** Strings clipped, each ending with `… [+N chars]`. */
  readonly stringsClipped: number
  /** Arrays and objects replaced by `"[… N items]"` or `"{… N keys}"`. */
  readonly valuesSummarised: number
  /** The caps the value was rendered under. */
  readonly caps: Caps
  /** Whether even `k = 1` did not fit and the value was written greedily (step 3 of the rule). */
  readonly greedy: boolean
}

/**
 * An extra member of the envelope, between `truncated` and `data` (a page note, say). Its text may
 * depend on how many items of the watched list the model was shown (`undefined`: the value went
 * whole); `reserve` is the longest its text can be, as JSON (`JSON.stringify(text).length`), for
 * the budget. `short` is used when the budget has no room for `text`; without one the note is left
 * out then.
 *
 * @internal
 */
export interface Note {
  readonly key: string
  readonly text: (shown: number | undefined) => string
  readonly reserve: number
  readonly short?: { readonly text: (shown: number | undefined) => string; readonly reserve: number } | undefined
}

/** A note whose text does not change. @internal */
export const fixedNote = (key: string, text: string, short?: string): Note => ({
  key,
  text: () => text,
  reserve: JSON.stringify(text).length,
  short: short === undefined ? undefined : { text: () => short, reserve: JSON.stringify(short).length }
})

/** @internal */
export interface ShrinkOptions {
  readonly maxChars: number
  /** The full result's size in characters (a hint for the note; never trusted for the budget). */
  readonly fullChars?: number | undefined
  readonly notes?: ReadonlyArray<Note> | undefined
  /** An array of `value` whose shown items the notes count (a page's list). */
  readonly watch?: ReadonlyArray<unknown> | undefined
}

/** @internal */
export interface Shrunk {
  /** JSON text, at most `maxChars` long. */
  readonly text: string
  /** What was cut; `undefined` when `text` holds the whole value. */
  readonly cut: Cut | undefined
  /** How many items of `watch` were shown: all when nothing was cut, 0 when it was cut away. */
  readonly shown: number | undefined
}

// ---------------------------------------------------------------------------------------------
// Markers
// ---------------------------------------------------------------------------------------------

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

/** The last item of a cut array. @internal */
export const itemsMarker = (omitted: number): string => `… ${plural(omitted, "more item")}`
/** The value of the last member of a cut object. @internal */
export const keysMarker = (omitted: number): string => plural(omitted, "more key")
/** The end of a clipped string. @internal */
export const charsMarker = (omitted: number): string => `… [+${omitted} chars]`
/** A summarised array. @internal */
export const arraySummary = (length: number): string => `[… ${plural(length, "item")}]`
/** A summarised object. @internal */
export const objectSummary = (size: number): string => `{… ${plural(size, "key")}}`

/** The marker member's key: `…`, or longer if the object has a key `…` of its own. @internal */
export const markerKey = (object: Record<string, unknown>): string => {
  let key = "…"
  while (Object.hasOwn(object, key)) key += "…"
  return key
}

// ---------------------------------------------------------------------------------------------
// The renderer
// ---------------------------------------------------------------------------------------------

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** Characters `JSON.stringify` writes for the code unit at `i` of `s` (2 for a whole surrogate pair). */
const escapedWidth = (s: string, i: number): number => {
  const c = s.charCodeAt(i)
  if (c === 0x22 || c === 0x5c) return 2
  if (c < 0x20) return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = s.charCodeAt(i + 1)
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 6
  }
  if (c >= 0xdc00 && c <= 0xdfff) return 6
  return 1
}

type KeyCache = Map<string, readonly [string, string]>

interface Counts {
  items: number
  arrays: number
  keys: number
  objects: number
  strings: number
  summarised: number
}

/**
 * Writes one rendering into `parts`, stopping as soon as it passes `end`. `strict` renders a
 * value whole under the caps or fails; `flex` always writes something that fits when anything
 * can (step 3 of the rule).
 */
class Renderer {
  parts: Array<string> = []
  length = 0
  end: number
  greedy = false
  /** The watched array, and how many of its items the last rendering of it showed. */
  watched: unknown = undefined
  shown: number | undefined = undefined
  readonly counts: Counts = { items: 0, arrays: 0, keys: 0, objects: 0, strings: 0, summarised: 0 }

  constructor(readonly caps: Caps, end: number, private readonly keys: KeyCache = new Map()) {
    this.end = end
  }

  /** `"key":`, or `,"key":` after a first member; cached across the trials of one shrink (keys repeat in every item). */
  private key(key: string, first: boolean): string {
    let cached = this.keys.get(key)
    if (cached === undefined) {
      const json = JSON.stringify(key)
      cached = [`${json}:`, `,${json}:`]
      this.keys.set(key, cached)
    }
    return cached[first ? 0 : 1]
  }

  text(): string {
    return this.parts.join("")
  }

  private push(s: string): boolean {
    this.parts.push(s)
    this.length += s.length
    return this.length <= this.end
  }

  private snapshot(): readonly [number, number, Counts, number | undefined] {
    return [this.parts.length, this.length, { ...this.counts }, this.shown]
  }

  private restore([parts, length, counts, shown]: readonly [number, number, Counts, number | undefined]): void {
    this.parts.length = parts
    this.length = length
    Object.assign(this.counts, counts)
    this.shown = shown
  }

  /** Runs `render` with `end` lowered to `end`; undoes it when it fails. */
  private within(end: number, render: () => boolean): boolean {
    const saved = this.end
    const mark = this.snapshot()
    this.end = Math.min(saved, end)
    const ok = render()
    this.end = saved
    if (!ok) this.restore(mark)
    return ok
  }

  private scalar(value: unknown): string {
    if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null"
    if (typeof value === "boolean") return value ? "true" : "false"
    return "null"
  }

  /** Where the chars cap clips `s`, or undefined when it stays whole (short, or a clip would not save). */
  private clipOf(s: string): number | undefined {
    if (s.length <= this.caps.chars) return undefined
    const at = cutAt(s, this.caps.chars)
    return s.length - at <= charsMarker(s.length - at).length ? undefined : at
  }

  /** The string under the chars cap, as JSON. */
  private capped(s: string, at: number | undefined): string {
    return at === undefined ? JSON.stringify(s) : JSON.stringify(s.slice(0, at) + charsMarker(s.length - at))
  }

  /** Writes a string under the chars cap, counting a clip. */
  private pushString(s: string): boolean {
    const at = this.clipOf(s)
    if (at !== undefined) this.counts.strings++
    return this.push(this.capped(s, at))
  }

  // --- strict: whole under the caps, or fail -----------------------------------------------

  strict(value: unknown, depth: number): boolean {
    if (typeof value === "string") {
      // The quotes alone make it longer than its raw length: fail before escaping a megabyte.
      if (this.length + Math.min(value.length, this.caps.chars) + 2 > this.end) return false
      return this.pushString(value)
    }
    if (Array.isArray(value)) return this.strictArray(value, depth)
    if (isRecord(value)) return this.strictObject(value, depth)
    return this.push(this.scalar(value))
  }

  /** A container at the depth cap: whole when that is no longer than its summary, else the summary. */
  private summarise(value: ReadonlyArray<unknown> | Record<string, unknown>, size: number, depth: number): boolean {
    const summary = JSON.stringify(Array.isArray(value) ? arraySummary(size) : objectSummary(size))
    if (this.within(this.length + summary.length, () => this.strictWhole(value, depth))) {
      if (value === this.watched) this.shown = size
      return true
    }
    this.counts.summarised++
    if (value === this.watched) this.shown = 0
    return this.push(summary)
  }

  /** A small container below the depth cap, rendered whole (for `summarise`). */
  private strictWhole(value: ReadonlyArray<unknown> | Record<string, unknown>, depth: number): boolean {
    if (depth >= MAX_DEPTH + 1) return false
    if (Array.isArray(value)) {
      if (!this.push("[")) return false
      for (let i = 0; i < value.length; i++) {
        if (i > 0 && !this.push(",")) return false
        const item = value[i]
        const ok = Array.isArray(item) || isRecord(item) ? this.strictWhole(item, depth + 1) : this.strict(item, depth + 1)
        if (!ok) return false
      }
      return this.push("]")
    }
    if (!this.push("{")) return false
    // `Array.isArray` does not narrow a readonly array out of the union.
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    for (let j = 0; j < keys.length; j++) {
      const key = keys[j]!
      if (!this.push(this.key(key, j === 0))) return false
      const item = record[key]
      const ok = Array.isArray(item) || isRecord(item) ? this.strictWhole(item, depth + 1) : this.strict(item, depth + 1)
      if (!ok) return false
    }
    return this.push("}")
  }

  private strictArray(value: ReadonlyArray<unknown>, depth: number): boolean {
    const n = value.length
    if (n === 0) return this.push("[]")
    if (depth >= this.caps.depth) return this.summarise(value, n, depth)
    if (!this.push("[")) return false
    const shown = Math.min(n, this.caps.items)
    for (let i = 0; i < shown; i++) {
      if (i > 0 && !this.push(",")) return false
      if (!this.strict(value[i], depth + 1)) return false
    }
    if (shown < n) {
      const before = this.counts.items
      if (!this.arrayTail(value, shown, depth)) return false
      if (value === this.watched) this.shown = this.counts.items === before ? n : shown
    } else if (value === this.watched) this.shown = n
    return this.push("]")
  }

  /** After `shown` items: the rest when it is no longer than the marker, else the marker. */
  private arrayTail(value: ReadonlyArray<unknown>, shown: number, depth: number): boolean {
    const marker = `${shown > 0 ? "," : ""}${JSON.stringify(itemsMarker(value.length - shown))}`
    const rest = () => {
      for (let i = shown; i < value.length; i++) {
        if ((i > 0 && !this.push(",")) || !this.strict(value[i], depth + 1)) return false
      }
      return true
    }
    if (this.within(this.length + marker.length, rest)) return true
    this.counts.items += value.length - shown
    this.counts.arrays++
    return this.push(marker)
  }

  private strictObject(value: Record<string, unknown>, depth: number): boolean {
    const keys = Object.keys(value)
    const m = keys.length
    if (m === 0) return this.push("{}")
    if (depth >= this.caps.depth) return this.summarise(value, m, depth)
    if (!this.push("{")) return false
    const shown = Math.min(m, this.caps.members)
    for (let j = 0; j < shown; j++) {
      const key = keys[j]!
      if (!this.push(this.key(key, j === 0))) return false
      if (!this.strict(value[key], depth + 1)) return false
    }
    if (shown < m && !this.objectTail(value, keys, shown, depth)) return false
    return this.push("}")
  }

  private objectTail(value: Record<string, unknown>, keys: ReadonlyArray<string>, shown: number, depth: number): boolean {
    const marker = `${shown > 0 ? "," : ""}${JSON.stringify(markerKey(value))}:${
      JSON.stringify(keysMarker(keys.length - shown))
    }`
    const rest = () => {
      for (let j = shown; j < keys.length; j++) {
        const key = keys[j]!
        if (!this.push(this.key(key, j === 0)) || !this.strict(value[key], depth + 1)) return false
      }
      return true
    }
    if (this.within(this.length + marker.length, rest)) return true
    this.counts.keys += keys.length - shown
    this.counts.objects++
    return this.push(marker)
  }

  // --- flex: the greedy fallback (step 3) ----------------------------------------------------

  /** Writes `value` within `end` in the smallest form needed; false (nothing written) only when no form fits. */
  flex(value: unknown, depth: number): boolean {
    if (typeof value === "string") return this.flexString(value)
    if (Array.isArray(value)) return this.flexArray(value, depth)
    if (isRecord(value)) return this.flexObject(value, depth)
    return this.within(this.end, () => this.push(this.scalar(value)))
  }

  /**
   * The room `flex` is promised for a member: a short string whole (a name, an id, a state), a
   * long one its marker, a container its summary, a number itself.
   */
  private minimal(value: unknown): number {
    if (typeof value === "string") {
      const whole = this.capped(value, this.clipOf(value)).length
      return whole <= SHORT_STRING + 2 ? whole : 2 + charsMarker(value.length).length
    }
    if (Array.isArray(value)) return value.length === 0 ? 2 : JSON.stringify(arraySummary(value.length)).length
    if (isRecord(value)) {
      const size = Object.keys(value).length
      return size === 0 ? 2 : JSON.stringify(objectSummary(size)).length
    }
    return this.scalar(value).length
  }

  private flexString(s: string): boolean {
    const room = this.end - this.length
    // Whole (under the cap) when it fits.
    const clip = this.clipOf(s)
    const capped = this.capped(s, clip)
    if (capped.length <= room) {
      if (clip !== undefined) this.counts.strings++
      return this.push(capped)
    }
    // Else the longest prefix that fits with its marker (whose digits never exceed those of s.length).
    const available = room - 2 - charsMarker(s.length).length
    if (available < 0) return false
    let width = 0
    let at = 0
    const limit = Math.min(s.length, this.caps.chars)
    while (at < limit) {
      const w = escapedWidth(s, at)
      if (width + w > available) break
      width += w
      // A whole surrogate pair is two code units.
      at += w === 2 && s.charCodeAt(at) >= 0xd800 && s.charCodeAt(at) <= 0xdbff ? 2 : 1
    }
    at = cutAt(s, at)
    this.counts.strings++
    return this.push(JSON.stringify(s.slice(0, at) + charsMarker(s.length - at)))
  }

  private flexSummary(summary: string): boolean {
    if (this.length + summary.length > this.end) return false
    this.counts.summarised++
    return this.push(summary)
  }

  private flexArray(value: ReadonlyArray<unknown>, depth: number): boolean {
    const n = value.length
    if (n === 0) return this.within(this.end, () => this.push("[]"))
    const summary = JSON.stringify(arraySummary(n))
    if (depth >= this.caps.depth) {
      if (this.within(this.length + summary.length, () => this.strictWhole(value, depth))) {
        if (value === this.watched) this.shown = n
        return true
      }
      return this.flexSummary(summary)
    }
    // What must follow `shown` items: the marker (when some are left out) and the bracket.
    const close = (shown: number): number =>
      (shown < n ? (shown > 0 ? 1 : 0) + JSON.stringify(itemsMarker(n - shown)).length : 0) + 1
    const mark = this.snapshot()
    const end = this.end
    this.push("[")
    this.end = end - close(1)
    const first = this.flex(value[0], depth + 1)
    this.end = end
    if (!first) {
      this.restore(mark)
      return this.flexSummary(summary)
    }
    let shown = 1
    const most = Math.min(n, this.caps.items)
    while (shown < most) {
      const i = shown
      if (!this.within(end - close(i + 1), () => this.push(",") && this.strict(value[i], depth + 1))) break
      shown++
    }
    if (shown < n) {
      this.counts.items += n - shown
      this.counts.arrays++
      this.push(`${shown > 0 ? "," : ""}${JSON.stringify(itemsMarker(n - shown))}`)
    }
    if (value === this.watched) this.shown = shown
    return this.push("]")
  }

  private flexObject(value: Record<string, unknown>, depth: number): boolean {
    const keys = Object.keys(value)
    const m = keys.length
    if (m === 0) return this.within(this.end, () => this.push("{}"))
    const summary = JSON.stringify(objectSummary(m))
    if (depth >= this.caps.depth) {
      if (this.within(this.length + summary.length, () => this.strictWhole(value, depth))) return true
      return this.flexSummary(summary)
    }
    const markerName = JSON.stringify(markerKey(value))
    const close = (shown: number): number =>
      (shown < m ? (shown > 0 ? 1 : 0) + markerName.length + 1 + JSON.stringify(keysMarker(m - shown)).length : 0) + 1
    // Plan: the longest run of members, from the first, whose smallest forms fit together; each is
    // then written in order with the room the later ones do not need.
    const most = Math.min(m, this.caps.members)
    const costs: Array<number> = []
    const room = this.end - this.length
    let used = 1
    for (let j = 0; j < most; j++) {
      const key = keys[j]!
      const cost = (j > 0 ? 1 : 0) + JSON.stringify(key).length + 1 + this.minimal(value[key])
      if (used + cost + close(j + 1) > room) break
      costs.push(cost)
      used += cost
    }
    const planned = costs.length
    if (planned === 0) return this.flexSummary(summary)
    const end = this.end
    let later = used - 1
    this.push("{")
    for (let j = 0; j < planned; j++) {
      const key = keys[j]!
      later -= costs[j]!
      this.push(this.key(key, j === 0))
      this.end = end - later - close(planned)
      const ok = this.flex(value[key], depth + 1)
      this.end = end
      // The plan left room for the smallest form: a failure here is a bug, not a budget.
      if (!ok) throw new Error("rcp-sdk shrink: a planned member did not fit")
    }
    if (planned < m) {
      this.counts.keys += m - planned
      this.counts.objects++
      this.push(`,${markerName}:${JSON.stringify(keysMarker(m - planned))}`)
    }
    return this.push("}")
  }
}

// ---------------------------------------------------------------------------------------------
// The note and the envelope
// ---------------------------------------------------------------------------------------------

/** @internal */
export interface CutCounts {
  readonly itemsOmitted: number
  readonly keysOmitted: number
  readonly stringsClipped: number
  readonly valuesSummarised: number
}

/**
 * The `truncated` note: what was cut, in a sentence the model reads before the data. `short` is
 * the form for small budgets.
 *
 * @internal
 */
export const describeCut = (
  cut: CutCounts & { readonly maxChars: number; readonly fullChars: number | undefined; readonly depth: number },
  short = false
): string => {
  if (short) return `Shortened to fit ${cut.maxChars} characters; each cut is marked with "…".`
  const parts: Array<string> = []
  const left = [
    cut.itemsOmitted > 0 ? plural(cut.itemsOmitted, "array item") : undefined,
    cut.keysOmitted > 0 ? plural(cut.keysOmitted, "object key") : undefined
  ].filter((part) => part !== undefined)
  if (left.length > 0) parts.push(`${left.join(" and ")} left out`)
  if (cut.stringsClipped > 0) parts.push(`${plural(cut.stringsClipped, "long string")} clipped`)
  if (cut.valuesSummarised > 0) {
    parts.push(`${plural(cut.valuesSummarised, "value")} nested ${cut.depth} or more levels deep summarised`)
  }
  const size = cut.fullChars === undefined ? "" : ` (it had ${cut.fullChars})`
  return `The result was shortened to fit ${cut.maxChars} characters${size}: ${parts.join(", ")}. ` +
    `Each cut is marked with "…".`
}

const WORST = 10 ** 15
const reserves = new Map<string, number>()

/** The longest `"truncated":<note>,` member `describeCut` can make for this budget (it depends on its digits only). */
const noteReserve = (maxChars: number, short: boolean): number => {
  const key = `${String(maxChars).length}${short ? "s" : "l"}`
  const known = reserves.get(key)
  if (known !== undefined) return known
  const reserve = longestNote(maxChars, short)
  reserves.set(key, reserve)
  return reserve
}

const longestNote = (maxChars: number, short: boolean): number =>
  member("truncated", describeCut({
    itemsOmitted: WORST,
    keysOmitted: WORST,
    stringsClipped: WORST,
    valuesSummarised: WORST,
    maxChars,
    fullChars: WORST,
    depth: MAX_DEPTH
  }, short)).length

const member = (key: string, text: string): string => `${JSON.stringify(key)}:${JSON.stringify(text)},`

/** `{` + members + `"data":` + `}`: what the envelope adds around the data. */
const overhead = (members: ReadonlyArray<string>): number =>
  members.reduce((sum, m) => sum + m.length, 0) + `{"data":}`.length

const envelope = (members: ReadonlyArray<string>, data: string): string => `{${members.join("")}"data":${data}}`

type Form = "full" | "short" | "none"

/** The notes in one form, as `{ text, reserve }` each. */
const notesIn = (notes: ReadonlyArray<Note>, form: Form) =>
  form === "none" ? [] : form === "full" ? notes.map((n) => ({ key: n.key, text: n.text, reserve: n.reserve })) : notes.flatMap((n) =>
    n.short === undefined ? [] : [{ key: n.key, text: n.short.text, reserve: n.short.reserve }]
  )

/** What the notes of a form take at most: `"key":` + text + `,` each. */
const notesReserve = (notes: ReadonlyArray<Note>, form: Form): number =>
  notesIn(notes, form).reduce((sum, n) => sum + JSON.stringify(n.key).length + 2 + n.reserve, 0)

const notesMembers = (notes: ReadonlyArray<Note>, form: Form, shown: number | undefined): Array<string> =>
  notesIn(notes, form).map((n) => member(n.key, n.text(shown)))

// ---------------------------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------------------------

const noCuts = (counts: Counts): boolean =>
  counts.items === 0 && counts.keys === 0 && counts.strings === 0 && counts.summarised === 0

/** One strict rendering within `end` characters: its text and counts, or undefined. */
const trial = (
  value: unknown,
  caps: Caps,
  end: number,
  keys: KeyCache,
  watch?: ReadonlyArray<unknown>
): Renderer | undefined => {
  if (end < 1) return undefined
  const renderer = new Renderer(caps, end, keys)
  renderer.watched = watch
  return renderer.strict(value, 0) ? renderer : undefined
}

/** `JSON.stringify` when it is known (or likely) to fit; undefined when it does not or cannot. */
const stringifyWithin = (value: unknown, room: number, fullChars: number | undefined): string | undefined => {
  // A body of up to twice the room may still fit once written compactly (APIs that pretty-print);
  // beyond that the hint is believed, and the O(n) stringify of a large value is skipped.
  if (fullChars !== undefined && fullChars > 2 * room) return undefined
  try {
    const text = JSON.stringify(value)
    return text !== undefined && text.length <= room ? text : undefined
  } catch {
    // Nesting deeper than the stack (or a value that is not JSON): the renderer copes.
    return undefined
  }
}

/**
 * `value` as JSON text of at most `options.maxChars` characters (see the module's rule).
 * `maxChars` must be at least `MIN_CHARS`: budgets are checked where they are configured.
 *
 * @internal
 */
export const shrink = (value: unknown, options: ShrinkOptions): Shrunk => {
  const { fullChars, maxChars, watch } = options
  if (!(maxChars >= MIN_CHARS)) throw new RangeError(`rcp-sdk shrink: maxChars must be at least ${MIN_CHARS}`)
  const notes = options.notes ?? []
  const wrap = (members: ReadonlyArray<string>, data: string) => (members.length === 0 ? data : envelope(members, data))
  const whole = (members: ReadonlyArray<string>, data: string): Shrunk => ({
    text: wrap(members, data),
    cut: undefined,
    shown: watch?.length
  })

  // 1. The whole value, with the notes (in their short form if only that fits).
  for (const form of notes.length === 0 ? ["none" as const] : ["full" as const, "short" as const]) {
    const members = notesMembers(notes, form, watch?.length)
    const room = maxChars - (members.length === 0 ? 0 : overhead(members))
    const text = stringifyWithin(value, room, fullChars)
    if (text !== undefined) return whole(members, text)
  }

  // 2 and 3. Room for the data: the budget less the note and the notes, in the first layout that
  // leaves the data at least a quarter of the budget.
  const short = maxChars < LONG_NOTE_MIN_CHARS
  const forms: ReadonlyArray<Form> = ["full", "short", "none"]
  const layouts = [...forms.map((form) => ({ form, short })), ...forms.map((form) => ({ form, short: true }))]
  const roomOf = (layout: { readonly form: Form; readonly short: boolean }) =>
    maxChars - `{"data":}`.length - notesReserve(notes, layout.form) - noteReserve(maxChars, layout.short)
  const chosen = layouts.find((layout) => roomOf(layout) >= maxChars / 4) ?? layouts[layouts.length - 1]!
  const room = roomOf(chosen)
  const renderer = search(value, room, fullChars, watch)
  const counts = renderer.counts
  // The hint overstated (JSON with whitespace, escapes written longer than needed): the value was
  // rendered whole after all, and goes as it is.
  if (noCuts(counts)) return whole(notesMembers(notes, chosen.form, watch?.length), renderer.text())
  const shown = watch === undefined ? undefined : renderer.shown ?? 0
  const cut: Cut = {
    maxChars,
    fullChars,
    itemsOmitted: counts.items,
    arraysCut: counts.arrays,
    keysOmitted: counts.keys,
    objectsCut: counts.objects,
    stringsClipped: counts.strings,
    valuesSummarised: counts.summarised,
    caps: renderer.caps,
    greedy: renderer.greedy
  }
  const note = describeCut({ ...cut, depth: renderer.caps.depth }, chosen.short)
  const members = [member("truncated", note), ...notesMembers(notes, chosen.form, shown)]
  return { text: envelope(members, renderer.text()), cut, shown }
}

/**
 * A first `k` to try: the items of the longest list at the top (the root, or a member of it, where
 * list responses keep their items) that would fit if they were all alike. Only a starting point:
 * the search still tests every `k` it returns.
 */
const guess = (value: unknown, room: number, fullChars: number | undefined): number => {
  if (fullChars === undefined || fullChars <= room) return 1
  let longest = 0
  const consider = (u: unknown) => {
    if (Array.isArray(u)) longest = Math.max(longest, u.length)
  }
  consider(value)
  if (isRecord(value)) {
    let seen = 0
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      consider(value[key])
      // A map of thousands of members is no list response: its first few members suffice.
      if (++seen >= MIN_MEMBERS) break
    }
  }
  return Math.max(1, Math.min(MAX_K, Math.floor((longest * room) / fullChars)))
}

/**
 * The rendering of steps 2 and 3 within `room`: the largest `k` that fits — or one whose rendering
 * fills nine tenths of the room, or within an eighth of the largest — found from a guess by
 * extrapolating each fitting trial's size (list responses grow about linearly in `k`) and halving
 * the gap after a trial that does not fit. A search costs a handful of trials, each at most `room`.
 */
const search = (
  value: unknown,
  room: number,
  fullChars: number | undefined,
  watch: ReadonlyArray<unknown> | undefined
): Renderer => {
  const keys: KeyCache = new Map()
  let low = 0 // the largest k known to fit; 0 while none is
  let high = MAX_K + 1 // the smallest k known not to fit
  let best: Renderer | undefined
  let k = guess(value, room, fullChars)
  for (;;) {
    const found = trial(value, capsFor(k), room, keys, watch)
    if (found !== undefined) {
      best = found
      low = k
      if (noCuts(found.counts) || found.length >= room * 0.9) return found
    } else {
      high = k
    }
    if (best === undefined) {
      if (k === 1) {
        // Step 3: even one item per array does not fit.
        const renderer = new Renderer(capsFor(1), room, keys)
        renderer.greedy = true
        renderer.watched = watch
        if (!renderer.flex(value, 0)) throw new Error("rcp-sdk shrink: no room for the smallest form of the value")
        return renderer
      }
      k = Math.max(1, Math.floor(k / 2))
      continue
    }
    const step = Math.max(1, Math.floor(low / 8))
    if (high - low <= step) return best
    const estimate = Math.min(8 * low, Math.floor((low * room) / Math.max(1, best.length)))
    k = estimate > low && estimate < high ? Math.max(estimate, low + step) : Math.floor((low + high) / 2)
    if (k >= high) k = Math.floor((low + high) / 2)
  }
}
