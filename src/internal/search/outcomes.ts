/**
 * Requests that name an outcome instead of an action: "stop @bob from pushing to main", "so nobody
 * can comment", "make the card stop working". English says what is to be prevented or ended with a
 * few grammatical frames, whatever the API; the API's operation is the action that brings the
 * outcome about — restricting or blocking what is to be prevented. Each frame is rewritten into the
 * verbs the lexicon reads for that action, its object and the prevented verb kept (they say *what*
 * is restricted: pushing, commenting, interacting). Left as said, "stop @bob from pushing" is a
 * stop (cancel, expire), and "nobody can comment" a clause of reason the reading leaves out.
 *
 * Grammar of English, not vocabulary of an API or of a task set: the frames are the general ways of
 * saying "prevent" (`stop/keep/prevent/block X from V-ing`, `nobody can V`). Tried and dropped
 * (bench/search --dev, round 8): "make it stop" read without the causative's create (−1 at 1 and
 * at 5), "stop working" read as the stop alone (0).
 */

/** A short object: up to four tokens (a hint cut out of the request counts as one). */
const OBJECT = "((?:\\S+\\s+){0,4}?)"

/** "stop @bob from pushing", "keep bots from commenting", "prevent anyone from merging". */
const PREVENT = new RegExp(`\\b(?:stop|keep|prevent|block|bar|ban|forbid|disallow)\\s+${OBJECT}from\\s+(?=\\S+ing\\b)`, "gi")

/**
 * "so nobody can comment", "no one should be able to force push", "make sure nobody can merge": the
 * verb after it is to be prevented (and "make sure" is no create).
 */
const NOBODY = new RegExp(
  "\\b(?:(?:so|make sure|ensure|see to it)\\s+(?:that\\s+)?)?(?:nobody|no one|no-one|noone|nobody else|no one else|no user|no users)\\s+" +
    "(?:should be able to|will be able to|is able to|is allowed to|gets to|can|could|may|will|should)\\s+(?:ever\\s+)?(?=\\S)",
  "gi"
)

/**
 * The request with its outcome frames rewritten into the actions that bring them about.
 *
 * @internal
 */
export const rewrite = (text: string): string =>
  text
    .replace(PREVENT, (_, object: string) => `restrict block ${object}`)
    .replace(NOBODY, "restrict ")

/**
 * A causative with people as its object — "get @ann to check …", "have @ann and @team/web go over …" —
 * asks those people to do something: the speaker's operation is the asking (a review requested, an
 * assignment), not the verb "get" or "have" (a read) nor the verb the people are to do ("look over"
 * reads). It is rewritten as "ask", which the lexicon reads as requesting, the people and their verb
 * kept. Grammar of English: only an object of up to four `@` handles (people or teams) joined by
 * commas or "and", so that "get the logs", "have a look at …" and "get it to pass" are left alone.
 */
const CAUSATIVE = new RegExp(
  "^(\\s*)(?:get|have)\\s+(?=@[\\w.-]{1,64}(?:/[\\w.-]{1,64})?(?:(?:\\s*,\\s*|\\s+and\\s+|\\s+)@[\\w.-]{1,64}(?:/[\\w.-]{1,64})?){0,3}\\s+(?:to\\s+)?[a-z])",
  "i"
)

/**
 * The request with a causative of people ("get @ann to …") read as asking them.
 *
 * @internal
 */
export const causative = (text: string): string => text.replace(CAUSATIVE, "$1ask ")
