/**
 * MiniSearch as the tool index uses it, with a cheaper bulk insert.
 *
 * MiniSearch inserts every term occurrence by walking its radix tree from the root to the term's
 * postings (`SearchableMap.fetch`), scanning each node's keys on the way: over the 2,000 tools of
 * issue #32's figures about 160,000 walks for some 10,000 distinct terms, most of MiniSearch's part
 * of the build. Within one `addAll` nothing is removed, so a term's postings stay the same object
 * from its first walk to the last insert: `addAll` here remembers it per term for the length of
 * the call (MiniSearch's own `fetch` still runs for a term's first occurrence, which creates it).
 * The index MiniSearch builds is the same, posting for posting; only the walks are fewer.
 *
 * The same walk tells which terms the index has: every term an `addAll` inserts passes through it
 * once (`inserted`), and MiniSearch takes a term out of its tree with its last posting (`hasTerm`
 * after a removal) — what the index kept a count per term and tool for.
 *
 * `_index` is MiniSearch's protected field (its term tree) and `fetch` a public method of that tree
 * (`SearchableMap`), the one `addTerm` calls; `test/search/engine.test.ts` fails if an upgrade
 * stops going through it.
 */
import MiniSearch from "minisearch"

/** @internal */
export class Engine<T> extends MiniSearch<T> {
  /**
   * Whether the last `addAll` found its terms through the remembered postings (tests: a MiniSearch
   * that no longer calls `fetch` while inserting would leave it false).
   */
  remembered = false

  /** The distinct terms the last `addAll` inserted: each is in the index after it. */
  inserted: ReadonlyMap<string, unknown> = new Map()

  /** Whether some document has `term` in some field. */
  hasTerm(term: string): boolean {
    return this._index.has(term)
  }

  /** Not re-entrant: MiniSearch calls back only the index's own `extractField`, `tokenize`, `processTerm`. */
  override addAll(documents: ReadonlyArray<T>): void {
    const tree = this._index
    const fetch = tree.fetch
    const postings = new Map<string, ReturnType<typeof fetch>>()
    let hits = 0
    tree.fetch = function(term, initial) {
      let found = postings.get(term)
      if (found === undefined) {
        found = fetch.call(this, term, initial)
        postings.set(term, found)
      } else hits += 1
      return found
    }
    try {
      super.addAll(documents)
    } finally {
      // Back to the tree's own method (from its prototype) for removals and later inserts.
      delete (tree as { fetch?: unknown }).fetch
      this.remembered = hits > 0
      this.inserted = postings
    }
  }
}
