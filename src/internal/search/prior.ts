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

/** @internal */
export type Kind = "admin" | "legacy" | undefined

/** How much a tool of a kind the request does not name is lowered. */
const RARE = 0.8

/** The stems that name each kind in a request. */
const NAMES: Readonly<Record<Exclude<Kind, undefined>, ReadonlyArray<string>>> = {
  admin: ["admin", "administr", "enterpris"].map(stem),
  legacy: ["legacy", "deprecated", "old"].map(stem)
}

/** A path segment that is an admin's (`/api/admin.users.list`) or an enterprise's (`/enterprises/{enterprise}`). */
const ADMIN_SEGMENT = /\/(?:admin|enterprises)(?=[._\/-]|$)/i
const LEGACY_NAME = /(?:^|[^a-z])legacy(?:[^a-z]|$)/i
const DEPRECATED = /\bdeprecated\b|closing down/i

/**
 * The kind of a tool, from its document.
 *
 * @internal
 */
export const kindOf = (name: string, description: string, url: string | undefined): Kind => {
  if (LEGACY_NAME.test(name) || DEPRECATED.test(description.slice(0, 300))) return "legacy"
  const path = url === undefined ? "" : url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? ""
  return ADMIN_SEGMENT.test(path) || /^(?:admin|enterprise)(?:[^a-z]|$)/i.test(name) ? "admin" : undefined
}

/**
 * How a tool of a kind fits a request whose terms are `said`.
 *
 * @internal
 */
export const fit = (kind: Kind, said: ReadonlySet<string>): number =>
  kind === undefined || NAMES[kind].some((term) => said.has(term)) ? 1 : RARE
