import type { Entry } from "./lexicon.js"

/**
 * A request with no verb of its own may still ask to make something: "a coupon for 20% off", "an
 * invoice for $120 to cus_…", "hosted checkout for 3x mugs". Grammar, not vocabulary: a thing
 * named with an indefinite article, or a bare noun phrase given "for" an amount or a count, is one
 * that does not exist yet — what exists is named with a determiner ("the invoice for $120", "our
 * coupons") or an id, and read. Without this, a verbless request is read as a read and the
 * collection's list or item ranks above its create.
 */

/** Words that open a noun phrase naming a thing that exists, or a question: not a thing to make. */
const DETERMINERS: ReadonlySet<string> = new Set([
  "the", "my", "our", "your", "their", "his", "her", "its", "this", "that", "these", "those", "all", "every", "each", "any",
  "some", "no", "what", "which", "who", "whose", "how", "where", "when", "why", "is", "are", "was", "were", "do", "does", "did"
])

/**
 * "a coupon …", "an invoice …", "another key": not "a few", "a list", "a lot" (quantities, not a
 * thing), nor "a history", "a breakdown", "an overview" (a view of things that exist, not a thing).
 */
const INDEFINITE =
  /^\s*(?:an?|another|one more)\s+(?!(?:few|couple|lot|lots|bunch|list|number|way|summary|count|look|history|breakdown|overview|rundown|recap|timeline|tally|total)\b)[a-z]/i

/**
 * A noun phrase of at most four words, then "for" an amount, a percentage, a count of something
 * (`3x`, `3 seats`) or a number: "payment link for 3x mugs", "invoice for $50".
 */
const FOR_AMOUNT = /^\s*([a-z][\w-]{0,40})(?:\s+[a-z][\w-]{0,40}){0,3}\s+for\s+(?:[$€£¥]\s?\d|\d[\d,.]{0,12}\s?(?:x\b|×|%|[a-z]))/i

/**
 * Whether a request that says no verb names a thing to make (its words after any polite frame).
 *
 * @internal
 */
export const asksToMake = (request: string): boolean => {
  if (INDEFINITE.test(request)) return true
  const head = FOR_AMOUNT.exec(request)?.[1]
  return head !== undefined && !DETERMINERS.has(head.toLowerCase())
}

/**
 * The word an id prefix shortens when the lexicon reads the prefix as a word of its own (`txn`: an
 * entry whose phrase is `txn` and whose first expansion is "transaction"): an id of a collection the
 * prefix does not abbreviate by its letters. Only a noun's entry (no action), and only where the
 * first expansion begins with the prefix's first letter, as a shortening does: the lexicon also reads
 * a word as another it stands for (`prod` an environment, `sale` a charge), which no id
 * prefix shortens.
 *
 * @internal
 */
export const prefixWord = (prefix: string, lexicon: ReadonlyArray<Entry>): string | undefined => {
  for (const entry of lexicon) {
    const word = entry.expansions[0]
    if (entry.action !== undefined || word === undefined || word[0] !== prefix[0]) continue
    if (entry.phrases.some((phrase) => phrase.length === 1 && phrase[0] === prefix)) return word
  }
  return undefined
}

/**
 * A verb of sending whose object is an amount: the amount right after it, or after a recipient of at
 * most two words ("send $200 to …", "send the seller 300 EUR"). An amount elsewhere in the request
 * is not what is sent ("send a reminder to #billing about the $200 invoice", "post to #finance that
 * the $500 refund went out"). Bounded: at most two words of 64 characters between.
 */
const SENDS_MONEY = /\b(?:send|sends|sending|sent|wire|wires|wiring)\s{1,3}(?:[^\s$€£¥\d][^\s]{0,63}\s{1,3}){0,2}[$€£¥\d]/i

/**
 * Whether a request sends an amount (`SENDS_MONEY`): what `moneySense` is given, with whether the
 * request holds an amount at all.
 *
 * @internal
 */
export const sendsMoney = (request: string): boolean => SENDS_MONEY.test(request)

/** The stems of a verb of sending, and what it means when what is sent is money. */
const SEND = "send"
const MESSAGE_SENSE: ReadonlyArray<string> = ["messag", "chat", "post"]
const MONEY_SENSE: ReadonlyArray<string> = ["transfer", "payout"]

/**
 * "send $200 to acct_…", "send 300 EUR to the seller": what is sent is money, and the verb is a
 * transfer or a payout, not a message. Given the request's concepts (stem → weight) and whether a
 * value of the request is an amount of money, the concept of "send" loses its senses of messaging
 * and takes those of moving money, at the weight messaging had.
 *
 * @internal
 */
export const moneySense = (concepts: ReadonlyArray<{ readonly terms: ReadonlyMap<string, number> }>, money: boolean): void => {
  if (!money) return
  for (const concept of concepts) {
    if (!concept.terms.has(SEND)) continue
    const terms = concept.terms as Map<string, number>
    let weight = 0
    for (const term of MESSAGE_SENSE) {
      weight = Math.max(weight, terms.get(term) ?? 0)
      terms.delete(term)
    }
    if (weight === 0) continue
    for (const term of MONEY_SENSE) if ((terms.get(term) ?? 0) < weight) terms.set(term, weight)
  }
}

/** The stems of a verb of replying (the lexicon's reply entry), and what it comes to on a chat message. */
const REPLY = "repli"
const THREAD_SENSE: ReadonlyArray<string> = ["messag", "post", "chat"]
/** What a verb of saying comes to on an issue or a pull request. */
const ITEM_SENSE: ReadonlyArray<string> = ["comment"]

/** Where a request says something: on an issue or a pull request, on a chat message (its thread), or neither. */
export type SaidOn = "item" | "message" | undefined

/**
 * What is said on something a request names is said as that thing takes it. On an issue or a pull
 * request ("tell them on owner/repo#12 it shipped"), a message is a comment on it (WordNet's verb
 * comment, remark, is a kind of note / mention, itself a kind of say / tell): the concept of a verb
 * of saying (its message sense) also takes comment. On a chat message ("answer in the thread of
 * 1712345678.000100"), a reply is a message posted in its thread: the concept of replying also takes
 * the message sense. Each at the weight the concept's own sense had.
 *
 * @internal
 */
export const saidOn = (concepts: ReadonlyArray<{ readonly terms: ReadonlyMap<string, number> }>, on: SaidOn): void => {
  if (on === undefined) return
  const [has, from, to] = on === "item" ? [SEND, MESSAGE_SENSE, ITEM_SENSE] : [REPLY, [REPLY], THREAD_SENSE]
  for (const concept of concepts) {
    const terms = concept.terms as Map<string, number>
    if (!terms.has(has)) continue
    const weight = Math.max(0, ...from.map((term) => terms.get(term) ?? 0))
    if (weight === 0) continue
    for (const term of to) if ((terms.get(term) ?? 0) < weight) terms.set(term, weight)
  }
}
