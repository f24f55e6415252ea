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

import { CUT } from "./hints.js"
import { namesThing } from "./lexicon.js"
import * as WordNet from "./wordnet.js"

/** A short object: up to six tokens (a hint cut out of the request counts as one): "the signed vendor contract PDF". */
const OBJECT = "((?:\\S+\\s+){0,6}?)"

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
 * "the customer shouldn't get the discount anymore", "we don't need that webhook any longer", "the
 * account no longer has the card": what someone is no longer to have is to be taken away — the
 * removal of the thing named, not a read of it (left as said, the request has no verb but "get").
 * A negated verb of having or getting with "anymore"/"any longer" after its object, or "no longer"
 * before it: English's frames for an ending of possession.
 */
const NO_MORE = new RegExp(
  `\\b(?:shouldn't|should not|mustn't|must not|doesn't|does not|don't|do not|won't|will not|can't|cannot|can not)\\s+` +
    `(?:get|have|receive|keep|need)\\s+${OBJECT}(?:anymore|any more|any longer)\\b`,
  "gi"
)
const NO_LONGER = /\b(?:no longer|not any longer)\s+(?:gets|get|has|have|receives|receive|keeps|keep|needs|need)\b/gi

/**
 * "post it so only @kim sees it", "a note nobody but U012 can see": a message seen by one person
 * alone is Slack's ephemeral message (`chat.postEphemeral`: "visible only to the assigned user"). The
 * lexicon knows the phrase with a pronoun ("only they can see"); here the one who sees is a hint cut
 * out of the request (a user id or an @name), "only", "nobody but" or "no one except" before it. A
 * "that" before that opens no clause of what to say (`query.ts` `CLAUSE`): it says how it is sent.
 */
const SEEN_ONLY_BY = new RegExp(
  "\\b(?:(?:that|so that|so|which)\\s{1,3})?(?:only|just|nobody but|no one but|nobody except|no one except|none but)\\s{1,3}" +
    `(${CUT})\\s{0,3}(?:(?:can|will|could|would|may|should|gets to|is able to)\\s{1,3})?(?:see|sees)\\b`,
  "gi"
)

/**
 * "pull me out of #launch", "drop me from the group", "get myself out of this channel": a removal
 * whose object is the speaker, out of or from a place, is the speaker's leaving it (Slack's
 * `conversations.leave`): the lexicon's verb of leaving for any verb of removal, as it already reads
 * "remove me from". Not "off": taking oneself off an issue or a rota is an unassignment (measured:
 * reading it as leaving lost one at 1 on DEV3).
 */
const REMOVE_SELF = /\b(?:remove|drop|take|pull|get|kick|boot|delete)\s+(?:me|myself)\s+(?:out of|from)\b/gi

/** A determiner of a place a person is taken out of (none, "the", "our", "their"). */
const THEIR = "(?:the\\s{1,4}|our\\s{1,4}|their\\s{1,4})?"
/** A group of people named by its noun, after its name or hint or none ("the acme org", "#ops channel", "the team"). */
const GROUP = `(?:${CUT}|[a-z0-9][\\w.-]{0,38})?\\s{0,4}(?:orgs?|organi[sz]ations?|teams?|channels?|rooms?|workspaces?)\\b`

/**
 * "boot @dave out of the acme org", "pull U0… from #finance", "kick her off the web team": a verb of
 * removal whose object is people and whose place is a group of people — an organization, a team, a
 * channel, a workspace, or a hint ending the clause — takes them out of its members: the removal of
 * a member (Slack's `conversations.kick`, GitHub's organization and team members), not of the place,
 * which the verb and the place's noun read alone as ("remove … from the acme org" put the org's own
 * delete third and its roles' revoking first). The people are a personal pronoun, or hints cut out of
 * the request where its hints name a person (`membersOut`: a file hint put "out of #oncall" is not
 * one). A bare hint is a place only after "from" or "out of": "take @x off owner/repo#7" unassigns (as
 * `REMOVE_SELF` reads "off"). Not a user group ("from the @oncall group": its users are set, not
 * kicked: measured) and not the speaker (`REMOVE_SELF`).
 */
const removeMember = (people: string): RegExp =>
  new RegExp(
    `\\b(?:remove|drop|take|pull|get|kick|boot|yank|oust|eject|bounce|throw|toss)\\s{1,4}` +
      `(?=${people}\\s{1,4}(?:(?:out\\s{1,4}of|from|off(?:\\s{1,4}of)?)\\s{1,4}${THEIR}${GROUP}|(?:out\\s{1,4}of|from)\\s{1,4}${THEIR}${CUT}(?!\\s{0,4}(?:user\\s{0,2})?(?:groups?|usergroups?|handles?)\\b)))`,
    "gi"
  )
/** People said by a personal pronoun. */
const REMOVE_THEM = removeMember("(?:him|her|them)")
/** People said by hints: one to nine, listed. */
const REMOVE_HINTED = removeMember(`${CUT}(?:\\s{0,4}(?:,|and|&)\\s{0,4}(?:and\\s{1,4})?${CUT}){0,8}`)

/**
 * The request with people taken out of a group of people read as the removal of its members
 * (`removeMember`): people said by hints only where the request's hints name a person.
 *
 * @internal
 */
export const membersOut = (text: string, namesPerson: boolean): string =>
  (namesPerson ? text.replace(REMOVE_HINTED, "kick member ") : text).replace(REMOVE_THEM, "kick member ")

/**
 * "drop the slides into #design", "toss it onto the board": a verb of letting go or throwing whose
 * object goes *into* or *onto* a place puts it there — an add (an upload, a post), not the removal
 * the verb alone reads as ("drop the label" deletes). English marks the goal of a motion with
 * into/onto; a removal names the place it leaves with from/off/out of. The verbs are those of
 * letting fall or throwing that the lexicon reads as removal; they are read as "place" (the lexicon's
 * placing), not "put", a verb of many phrases.
 */
const PUT_INTO = new RegExp(`\\b(?:drop|dump|toss|throw|chuck)\\s+${OBJECT}(?=(?:into|onto)\\b)`, "gi")

/**
 * "pull it", "pull her access", "pull that tag": "pull" with a pronoun or a possessive or
 * demonstrative determiner for its object, and no place it comes from, is a withdrawal (a thing
 * given or published taken back: English's "pull the ad", "pull funding"), which WordNet's senses
 * of "pull" lack. A source said after it ("pull that report from …") or a particle ("pull up",
 * "pull in") keeps the reading of fetching; a bare or "the" object ("pull the logs") is left as said.
 */
const WITHDRAW = /\bpull\s+(?!(?:it|them)\s+(?:up|in|into|down|out|back|over)\b)(?=(?:it|them|his|her|their|its|my|our|your|that|this|those|these)\b(?![^,.;!?]{0,80}\b(?:from|out of|off of)\b))/gi

/**
 * "take away their access to globex/site", "revoke @kim's access", "pull his access": a person's
 * access withdrawn — said with a possessive of a person (a personal pronoun, or a cut-out `@` handle
 * with "'s") — is that person's removal as one with access: GitHub's collaborators are the people
 * with access to a repository. Rewritten as the removal of a collaborator's access, so that neither
 * the verb ("take", "pull" read alone) nor "access" (the access settings of apps, runners, branches)
 * leads. Only the verbs of taking a thing back, and only a person's possessive: "the team's access"
 * and "its access" name other holders.
 */
const PERSON_ACCESS_TAKEN = new RegExp(
  `\\b(?:take\\s+away|revoke|remove|pull|strip|yank|cut\\s+off|withdraw)\\s+(?:his|her|their|${CUT}'s|${CUT}\u2019s)\\s+(?=access\\b)`,
  "gi"
)

/**
 * "make the repo private", "make that wiki read-only", "make our channel visible to guests": "make"
 * with an object that exists (a pronoun or a determined noun, not "a"/"new") and an adjective ending
 * the clause gives the object that state — a change of one of its properties, not a create (the
 * lexicon's "make"). The adjective is WordNet's, or a hyphenated compound that ends in one
 * ("read-only", "members-only"); it must end the clause (then punctuation, the end, or a
 * preposition), so that "make a private repo" stays a create. "make sure …" is an idiom of its own.
 */
const MAKE_STATE = new RegExp(
  `\\bmake\\s+(?!(?:an?|another|new|one|sure|certain)\\b)((?:\\S+\\s+){0,3}?)([a-z][a-z-]{1,40})(?=\\s*(?:$|[,.;!?]|\\s(?:on|to|for|in|at|so|and|now|again|please)\\b))`,
  "gi"
)

/**
 * ", no PR, …", "; no email": a terse clause of "no" and a short noun phrase says what is *not*
 * wanted (English's elliptical negation, as in "no sugar"). Its words are cut, so that the thing
 * refused does not pull its own tools up. Only a whole clause between punctuation (or the end) of at
 * most three words: "no one can", "no longer" and a "no" inside a clause are read as before.
 */
const NOT_WANTED = /[,;]\s*no\s+(?!(?:one|longer|more)\b)(?:[^\s,;.!?]+\s*){1,3}?(?=[,;.!?]|$)/gi

/**
 * "is @kim in globex?", "is @kim still part of globex", "are @kim and @lee among …": a yes-or-no
 * question whose subject is a person (an `@` handle, cut out as `CUT`) and whose predicate says they
 * are inside a group asks whether they belong to it — whether they are a member (WordNet's member,
 * "one of the persons who compose a social group"). English's copula of location or of part and
 * whole; rewritten as "a member of" so that the membership's tools are read, not the person's plain
 * read alone. At most one adverb between (WordNet's: "still", "currently"); not before "a"/"an"
 * ("in a meeting" is a state, not a group). Anchored at the request's start: linear.
 */
const BELONGS = new RegExp(
  `^(\\s{0,8}(?:is|are)\\s+${CUT}(?:\\s*(?:,|and)?\\s*${CUT}){0,3}\\s+)(?:([a-z]{2,20})\\s+)?(?:in|inside|within|among|part of|one of)\\s+(?!an?\\b)`,
  "i"
)

/**
 * The request with a question of belonging ("is @kim in globex") read as one of membership.
 *
 * @internal
 */
export const belonging = (text: string): string =>
  text.replace(BELONGS, (said: string, subject: string, adverb: string | undefined) =>
    adverb === undefined || WordNet.indexLine("adv", adverb.toLowerCase()) !== undefined ? `${subject}a member of ` : said
  )

/**
 * Verbs of knowing or asking that embed a question ("we need to know who can …", "tell me who has
 * …", "wondering who …": English's indirect question), as alternatives of a regular expression.
 *
 * @internal
 */
export const ASKING = "know|knowing|tell me|tell us|show me|show us|ask|asks|asked|asking|wonder|wondering|find out|figure out|check|see|list"

/**
 * Where a question of who holds access may start: the request's start, or after a verb of knowing
 * or asking that embeds it (`ASKING`). The verbs are few and the prefix bounded, so that a scan
 * stays linear.
 */
const QUESTION_START = `((?:^|\\b(?:${ASKING})\\b)\\s{0,8})`

/**
 * "who can merge into globex/site?", "which teams can see globex/site": a question of ability whose
 * object is a hinted thing (`CUT`) asks who holds access to it — the verb says the kind of access
 * (a value of it), not an operation to run ("merge", "see" and their tools). Rewritten as "who with
 * access to" (the lexicon's "access to": the people, collaborators) for "who", and as "… of" for
 * "which ‹noun›" (that noun of the thing: its teams). The verb is one to three words, no hint among
 * them, and not "be": "who can be assigned in …" asks who may receive the act (its assignees), no
 * access. Anchored at the request's start: linear.
 */
const ABILITY = new RegExp(
  `${QUESTION_START}(who|which\\s+[a-z]{2,30}(?:\\s+[a-z]{2,30})?)\\s+(?:can|could)\\s+(?!be\\b)(?:[^\\s${CUT}]{1,30}\\s+){1,3}?(?=${CUT})`,
  "i"
)

/**
 * GitHub's documented levels of access to a repository (read, triage, write, maintain, admin, and
 * the older pull and push): said as a noun, what a person may "have" on a repository.
 */
const ACCESS_LEVEL = "(?:admin|write|read|triage|maintain|push|pull)"

/**
 * "who has admin on globex/site", "who holds write access to globex/site": who *has* a level of
 * access over a hinted thing is who holds access to it, as who *can* act on it is (`ABILITY`) — the
 * level is the kind of access, not an administrator or a branch protection's admin setting. The
 * level may be followed by the noun it qualifies (access, rights, permission); the thing may take
 * "the". Rewritten as `ABILITY` is, "who with access to".
 */
const HAS_LEVEL = new RegExp(
  `${QUESTION_START}who\\s+(?:has|have|holds|hold|gets|got)\\s+${ACCESS_LEVEL}(?:\\s+(?:access|rights|permissions|permission|perms))?\\s+(?:on|to|in|over|for)\\s+(?:the\\s+)?(?=${CUT})`,
  "i"
)

/**
 * "is @kim admin on globex/site?", "is @kim a maintain on …", "what can @kim actually do in
 * globex/site": a question about one person (a cut-out `@` handle) and a hinted thing, asking which
 * level of access they hold there or what they may do in it, asks that person's permission on the
 * thing — not a read of the person, nor the admin settings of a branch. English's copula with a
 * level of access for predicate (`ACCESS_LEVEL`), or "what can X do" with a place; one adverb may
 * stand before "do". Rewritten as "what permission does X have on". Anchored at the request's
 * start: linear.
 */
const PERSON_LEVEL = new RegExp(
  `^(\\s{0,8})(?:(?:is|are)\\s+(${CUT})\\s+(?:an?\\s+)?${ACCESS_LEVEL}|what\\s+(?:can|may)\\s+(${CUT})\\s+(?:[a-z]{2,20}\\s+)?do)\\s+(?:on|in|over|for|with)\\s+(?:the\\s+)?(?=${CUT})`,
  "i"
)

/**
 * The request with a question of ability over a hinted thing read as one of access to it.
 *
 * @internal
 */
export const ability = (text: string): string =>
  text
    .replace(ABILITY, (_, start: string, asker: string) => (asker.toLowerCase() === "who" ? `${start}who with access to ` : `${start}${asker} of `))
    .replace(HAS_LEVEL, (_, start: string) => `${start}who with access to `)
    .replace(PERSON_LEVEL, (_, start: string, person?: string, doer?: string) => `${start}what permission does ${person ?? doer ?? ""} have on `)

/** Whether a word is an adjective of WordNet, or a hyphenated compound ending in one. */
const isAdjective = (word: string): boolean => {
  const last = word.toLowerCase().split("-").at(-1) ?? ""
  return last.length > 1 && WordNet.indexLine("adj", last) !== undefined
}

/**
 * "add @kai to #ops", "add U0… and U0… to #launch": people added to a channel are invited into it
 * (Slack's `conversations.invite`): the object of "add" or "bring" is the person who joins, the
 * place after "to"/"into" the channel. Left as said, "add" reads as a create (a channel made) and
 * the hints as its words. Only where the request's hints are a person and a channel (`joinsChannel`
 * in `query.ts`) and only for a list of hints (cut out) as the object: "add a channel to the
 * usergroup", "add @kai to the oncall group" stay as said. Seen on DEV4, DEV10 (and "pull … into",
 * the phrasal verb the lexicon already reads, on DEV2, DEV7, DEV8).
 */
const ADD_PEOPLE_TO = new RegExp(
  `\\b(?:add|bring)\\s{1,4}(?=${CUT}(?:\\s{0,4}(?:,|and|&)\\s{0,4}(?:and\\s{1,4})?${CUT}){0,8}\\s{1,4}(?:to|into)\\s{1,4}(?:the\\s{1,4})?${CUT})`,
  "gi"
)

/**
 * The request with people added to a channel read as their invitation (`ADD_PEOPLE_TO`), where
 * its hints say a person and a channel.
 *
 * @internal
 */
export const invitation = (text: string, personAndChannel: boolean): string =>
  personAndChannel ? text.replace(ADD_PEOPLE_TO, "invite ") : text

/**
 * The request with its outcome frames rewritten into the actions that bring them about.
 *
 * @internal
 */
export const rewrite = (text: string): string =>
  ability(belonging(text))
    .replace(UNSAY, "delete ")
    .replace(SAID_BY_ME, (_, who: string) => messageOf(who))
    .replace(SAID_THING, (said: string, noun: string, who: string) => (isSaid(noun.toLowerCase()) ? messageOf(who) : said))
    .replace(PREVENT, (_, object: string) => `restrict block ${object}`)
    .replace(SEEN_ONLY_BY, (_, who: string) => `ephemeral message ${who}`)
    .replace(NOBODY, "restrict ")
    .replace(NO_MORE, (_, object: string) => `remove ${object.trimEnd()}`)
    .replace(NO_LONGER, "remove")
    .replace(REMOVE_SELF, "leave")
    .replace(PERSON_ACCESS_TAKEN, "remove collaborator ")
    .replace(PUT_INTO, (_, object: string) => `place ${object}`)
    .replace(WITHDRAW, "remove ")
    .replace(NOT_WANTED, "")
    .replace(MAKE_STATE, (said: string, object: string, state: string) =>
      object.trim() !== "" && isAdjective(state) ? `change ${object}${state}` : said
    )

/** The verbs of having said something, as the speaker says them ("just posted"). */
const SAID = "(?:just\\s+)?(?:said|wrote|posted|sent|typed)"

/**
 * What the speaker said, wrote or posted ("what I said", "what we just posted") is their message: a
 * free relative of a verb of saying names the thing said (WordNet's message, "what is communicated").
 */
const SAID_BY_ME = new RegExp(`\\bwhat\\s+(i|we)\\s+${SAID}\\b`, "gi")

/** The speaker's message, as "what I said" and "the memo we sent" name it. */
const messageOf = (who: string): string => (who.toLowerCase() === "we" ? "our message" : "my message")

/**
 * "that memo we sent out", "the notice I posted": a thing communicated (WordNet's
 * `noun.communication`, `WordNet.isCommunication`) that the speaker posted, put, sent or wrote is
 * the speaker's message, as what one said is. A noun of another kind ("the photo I shared"), or one
 * the lexicon knows as a resource (an invitation someone was sent), is left as said: it names its own thing.
 */
const SAID_THING = /\b(?:the|that|this|an?)\s+([a-z][a-z-]{1,30})\s+(?:that\s+)?(i|we)\s+(?:just\s+)?(?:said|wrote|posted|sent|typed|put|shared)\b/gi

/** A thing communicated that the APIs do not name as a resource of its own ("an invite" is an invitation). */
const isSaid = (noun: string): boolean => !namesThing(noun) && WordNet.isCommunication(noun)

/**
 * Taking back what one said is deleting it: WordNet's verb {swallow, take back, unsay, withdraw},
 * "take back what one has said". Only with what was said as its object (taking back a payment is a
 * refund, taking back an invite a cancel).
 */
const UNSAY = new RegExp(`\\b(?:take\\s+back|swallow|unsay|withdraw)\\s+(?=what\\s+(?:i|we)\\s+${SAID}\\b)`, "gi")

/**
 * A causative with people as its object — "get @ann to check …", "have @ann and @team/web go over …" —
 * asks those people to do something: the speaker's operation is the asking (a review requested, an
 * assignment), not the verb "get" or "have" (a read) nor the verb the people are to do ("look over"
 * reads). It is rewritten as "ask", which the lexicon reads as requesting, the people and their verb
 * kept. Grammar of English: only an object of up to four `@` handles (people or teams) joined by
 * commas, "and" or spaces, so that "get the logs", "have a look at …" and "get it to pass" are left alone.
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
