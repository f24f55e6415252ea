/**
 * The two reference points every ranker is reported beside (issue #32): full-text indexes built
 * with `minisearch` and its default BM25 scoring, written once from the description and not
 * tuned on any task. They are floors to beat, not rankers to improve.
 *
 * - `plain`: the tool's name and description, minisearch's own tokenizer (splits on spaces and
 *   punctuation, lowercases).
 * - `enriched`: also the parameter names and the words of the URL path; names split at camelCase
 *   and every term stemmed (Porter, the `stemmer` package), in the index and in the query alike.
 */
import MiniSearch from "minisearch"
import { stemmer } from "stemmer"
import type { CandidateTool } from "./registry.js"

/**
 * A ranker: given every registered tool once, a function from a request to tool names, best
 * first. Curried so that an index is built once per evaluation, not once per request.
 */
export type Ranker = (tools: ReadonlyArray<CandidateTool>) => (query: string) => ReadonlyArray<string>

export const plain: Ranker = (tools) => {
  const index = new MiniSearch<{ readonly name: string; readonly description: string }>({
    idField: "name",
    fields: ["name", "description"]
  })
  index.addAll(tools.map(({ description, name }) => ({ name, description })))
  return (query) => index.search(query).map((result) => String(result.id))
}

/** Words of identifiers and prose: `listForRepo` → list, for, repo; `{{team_slug}}` → team, slug. */
const words = (text: string): Array<string> =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")

const pathOf = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url.replace(/\{\{|\}\}/g, "")).pathname)
  } catch {
    return url
  }
}

interface EnrichedDocument {
  readonly name: string
  readonly description: string
  readonly params: string
  readonly path: string
}

export const enriched: Ranker = (tools) => {
  const index = new MiniSearch<EnrichedDocument>({
    idField: "name",
    fields: ["name", "description", "params", "path"],
    tokenize: words,
    processTerm: (term) => stemmer(term.toLowerCase())
  })
  index.addAll(tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    params: Object.keys(tool.parameters.properties).join(" "),
    path: pathOf(tool.url)
  })))
  return (query) => index.search(query).map((result) => String(result.id))
}

export const BASELINES: ReadonlyArray<{ readonly name: string; readonly ranker: Ranker }> = [
  { name: "plain (name + description)", ranker: plain },
  { name: "+ params, path words, stemming", ranker: enriched }
]
