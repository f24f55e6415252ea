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
import { rawWords, stem } from "./words.js"

/** @internal */
export type Kind = "admin" | "legacy" | undefined

/** How much a tool of a kind the request does not name is lowered. */
const RARE = 0.8

/** The stems that name each kind in a request. */
const NAMES: Readonly<Record<Exclude<Kind, undefined>, ReadonlyArray<string>>> = {
  admin: ["admin", "administr", "enterpris"].map(stem),
  legacy: ["legacy", "deprecated", "old"].map(stem)
}

/** The first word of each static segment of a URL template's path (`api`, `admin` for `/api/admin.users.list`). */
const segmentHeads = (url: string): Array<string> => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? ""
  return path.split("/").filter((segment) => segment !== "" && !segment.includes("{")).map((segment) => rawWords(segment)[0] ?? "")
}

/**
 * The kind of a tool, from its document.
 *
 * @internal
 */
export const kindOf = (name: string, description: string, url: string | undefined): Kind => {
  const nameWords = rawWords(name)
  if (nameWords.includes("legacy") || /\bdeprecated\b|closing down/i.test(description.slice(0, 300))) return "legacy"
  const heads = url === undefined ? [] : segmentHeads(url)
  if (heads.includes("admin") || heads.includes("enterprises") || nameWords[0] === "admin" || nameWords[0] === "enterprise") return "admin"
  return undefined
}

/**
 * How a tool of a kind fits a request whose terms are `said`.
 *
 * @internal
 */
export const fit = (kind: Kind, said: ReadonlySet<string>): number =>
  kind === undefined || NAMES[kind].some((term) => said.has(term)) ? 1 : RARE
