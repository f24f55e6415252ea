/**
 * An operation's OpenAPI `tags` as a tool's `tags` (docs/openapi.md §Tags; docs/protocol.md §8):
 * what the manifest's rule (`Manifest.tagProblem`) accepts is kept, in the document's order, each
 * once; what it refuses is left out with a note — a tag is never worth an operation.
 */
import * as Manifest from "rcp-sdk/manifest"
import { clip } from "./text.js"

// A hostile operation may list thousands of tags: a few notes name them, one counts the rest.
const NAMED = 3

/** @internal */
export const keep = (raw: ReadonlyArray<string>): { readonly tags: ReadonlyArray<string>; readonly notes: ReadonlyArray<string> } => {
  const tags: Array<string> = []
  const notes: Array<string> = []
  let refused = 0
  let over = 0
  for (const tag of raw) {
    if (tags.includes(tag)) continue
    const problem = Manifest.tagProblem(tag)
    if (problem !== undefined) {
      if (++refused <= NAMED) notes.push(`the tag ${JSON.stringify(clip(tag, 60))} left out: it ${problem}`)
    } else if (tags.length === Manifest.MAX_TAGS) {
      over++
    } else {
      tags.push(tag)
    }
  }
  if (refused > NAMED) notes.push(`${refused - NAMED} more tags left out for the same reasons`)
  if (over > 0) notes.push(`${over} tag(s) left out: a tool carries at most ${Manifest.MAX_TAGS} tags`)
  return { tags, notes }
}
