/**
 * The shrinking rule read back from a result (docs/results.md "What a cut looks like"), written from
 * the documented markers, not from the shrinker: it walks the input and the parsed output side by
 * side and says whether every cut is one the rule allows, and how many of each there are.
 *
 * - a string is whole, or a prefix of the input followed by `… [+N chars]` with prefix + N = input,
 *   never ending between the two halves of a surrogate pair;
 * - an array is whole, or its first items followed by `"… N more items"` with shown + N = length
 *   and at least one item shown, or the string `"[… N items]"` with N = length;
 * - an object has the input's first keys in order, then maybe a marker member (a key made of `…`
 *   that the input does not have) whose value is `"N more keys"` with shown + N = size; or it is the
 *   string `"{… N keys}"` with N = size;
 * - numbers, booleans and null are unchanged.
 */

export interface Tally {
  itemsOmitted: number
  arraysCut: number
  keysOmitted: number
  objectsCut: number
  stringsClipped: number
  valuesSummarised: number
}

export const emptyTally = (): Tally => ({
  itemsOmitted: 0,
  arraysCut: 0,
  keysOmitted: 0,
  objectsCut: 0,
  stringsClipped: 0,
  valuesSummarised: 0
})

const STRING_CLIP = /^([\s\S]*)… \[\+(\d+) chars\]$/
const ITEMS = /^… (\d+) more items?$/
const KEYS = /^(\d+) more keys?$/
const ARRAY_SUMMARY = /^\[… (\d+) items?\]$/
const OBJECT_SUMMARY = /^\{… (\d+) keys?\}$/

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** Throws, naming the path, where `output` is not a cut of `input` the rule allows. */
export const checkCut = (input: unknown, output: unknown, tally: Tally, path = "data"): void => {
  const fail = (what: string): never => {
    throw new Error(`${path}: ${what}`)
  }
  if (typeof input === "string") {
    if (typeof output !== "string") return fail("a string became something else")
    if (output === input) return
    const clip = STRING_CLIP.exec(output)
    if (clip === null) return fail("a string changed without a clip marker")
    const prefix = clip[1]!
    const omitted = Number(clip[2])
    if (!input.startsWith(prefix)) return fail("a clipped string is not a prefix of the input")
    if (prefix.length + omitted !== input.length) return fail("a clip marker's count is wrong")
    if (omitted < 1) return fail("a clip marker that clips nothing")
    if (prefix.length > 0 && isHigh(input.charCodeAt(prefix.length - 1)) && isLow(input.charCodeAt(prefix.length))) {
      return fail("a clip split a surrogate pair")
    }
    tally.stringsClipped++
    return
  }
  if (Array.isArray(input)) {
    if (typeof output === "string") {
      const summary = ARRAY_SUMMARY.exec(output)
      if (summary === null || Number(summary[1]) !== input.length || input.length === 0) {
        return fail("an array became a string that is not its summary")
      }
      tally.valuesSummarised++
      return
    }
    if (!Array.isArray(output)) return fail("an array became something else")
    const last = output[output.length - 1]
    const marker = typeof last === "string" ? ITEMS.exec(last) : null
    let shown = output.length
    if (marker !== null && output.length - 1 + Number(marker[1]) === input.length && output.length <= input.length) {
      shown = output.length - 1
      if (shown < 1) return fail("a cut array shows no item")
      tally.itemsOmitted += Number(marker[1])
      tally.arraysCut++
    } else if (output.length !== input.length) {
      return fail(`an array of ${input.length} has ${output.length} items and no marker`)
    }
    for (let i = 0; i < shown; i++) checkCut(input[i], output[i], tally, `${path}[${i}]`)
    return
  }
  if (isRecord(input)) {
    const inputKeys = Object.keys(input)
    if (typeof output === "string") {
      const summary = OBJECT_SUMMARY.exec(output)
      if (summary === null || Number(summary[1]) !== inputKeys.length || inputKeys.length === 0) {
        return fail("an object became a string that is not its summary")
      }
      tally.valuesSummarised++
      return
    }
    if (!isRecord(output)) return fail("an object became something else")
    const outputKeys = Object.keys(output)
    let shown = outputKeys.length
    const lastKey = outputKeys[outputKeys.length - 1]
    if (lastKey !== undefined && /^…+$/.test(lastKey) && !Object.hasOwn(input, lastKey)) {
      const value = output[lastKey]
      const marker = typeof value === "string" ? KEYS.exec(value) : null
      if (marker === null) return fail("a marker member without a count")
      shown = outputKeys.length - 1
      if (shown + Number(marker[1]) !== inputKeys.length) return fail("a keys marker's count is wrong")
      tally.keysOmitted += Number(marker[1])
      tally.objectsCut++
    } else if (outputKeys.length !== inputKeys.length) {
      return fail("an object lost keys without a marker")
    }
    for (let j = 0; j < shown; j++) {
      if (outputKeys[j] !== inputKeys[j]) return fail(`key ${j} is not the input's key ${j}`)
      checkCut(input[inputKeys[j]!], output[outputKeys[j]!], tally, `${path}[${JSON.stringify(inputKeys[j])}]`)
    }
    return
  }
  // null, booleans and numbers (JSON has one zero).
  if (output !== input) return fail("a scalar changed")
}
