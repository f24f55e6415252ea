/**
 * Which of several tools doing the same thing a user most likely means when the request does not
 * say: the everyday operation, not an administrator's variant of it (Slack's `admin.*` methods,
 * GitHub's `/enterprises/…` routes) nor a deprecated one (GitHub's `…-legacy` team routes, an
 * operation whose description says it is deprecated). "Archive #old" is `conversations.archive`;
 * `admin.conversations.archive` is what an admin asks for by saying so.
 *
 * Read from each tool's own document (name, path, description) at index time: no list of
 * operations. A tool of a rare kind is lowered by `RARE` unless the request names the kind
 * (admin, enterprise, legacy, deprecated, or a word the lexicon reads as one of them).
 */
import { stem } from "./words.js"

/**
 * `self`: a route of the caller's own account (GitHub's `/user/…`, an `/me/…` route, or a tool whose
 * document says it acts for "the authenticated user"), beside the same thing for any user by name
 * (`/users/{username}/…`).
 *
 * @internal
 */
export type Kind = "admin" | "legacy" | "self" | undefined

/**
 * How a request in the first person ("my gists", "am I following @tj") lifts a route of the
 * caller's own account over the same route for a user by name.
 */
const SELF = 1.3

/** How much a tool of a kind the request does not name is lowered. */
const RARE = 0.8

/** The stems that name each kind in a request. */
const NAMES: Readonly<Record<Exclude<Kind, undefined | "self">, ReadonlyArray<string>>> = {
  admin: ["admin", "administr", "enterpris"].map(stem),
  legacy: ["legacy", "deprecated", "old"].map(stem)
}

/** A path segment that is an admin's (`/api/admin.users.list`) or an enterprise's (`/enterprises/{enterprise}`). */
const ADMIN_SEGMENT = /\/(?:admin|enterprises)(?=[._\/-]|$)/i
const LEGACY_NAME = /(?:^|[^a-z])legacy(?:[^a-z]|$)/i
const DEPRECATED = /\bdeprecated\b|closing down/i
/** A path whose first segment is the caller's own account: `/user`, `/user/starred/…`, `/me/…`. */
const SELF_PATH = /^\/(?:user|me)(?:\/|$)/i
const SELF_TEXT = /\bthe authenticated user\b|\bthe current user\b/i

/**
 * The kind of a tool, from its document.
 *
 * @internal
 */
export const kindOf = (name: string, description: string, url: string | undefined): Kind => {
  if (LEGACY_NAME.test(name) || DEPRECATED.test(description.slice(0, 300))) return "legacy"
  const path = url === undefined ? "" : url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? ""
  if (ADMIN_SEGMENT.test(path) || /^(?:admin|enterprise)(?:[^a-z]|$)/i.test(name)) return "admin"
  return SELF_PATH.test(path) || (!path.includes("{") && SELF_TEXT.test(description.slice(0, 300))) ? "self" : undefined
}

/**
 * Whether a request speaks of the speaker's own things ("my", "me", "I").
 *
 * @internal
 */
export interface Person {
  readonly self: boolean
}

/**
 * How a tool of a kind fits a request whose terms are `said`.
 *
 * @internal
 */
export const fit = (kind: Kind, said: ReadonlySet<string>, person: Person = NOBODY): number => {
  if (kind === undefined) return 1
  if (kind === "self") return person.self ? SELF : 1
  return NAMES[kind].some((term) => said.has(term)) ? 1 : RARE
}

/** The most `fit` lifts a tool for a request about `person`: a bound for the search's early stop. */
export const lift = (person: Person): number => (person.self ? SELF : 1)

const NOBODY: Person = { self: false }
