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
 *
 * `addRead` is the same insert for documents whose terms are read already (the tool index reads
 * each tool's fields itself, once): MiniSearch's `add` would go, per document and field, through
 * `extractField`, `stringifyField`, `tokenize`, a `Set` of the tokens to count the field's length
 * and `processTerm` — for the index, a field given as one token, the tool's key, whose terms
 * `processTerm` then looked up (16,000 such rounds and their garbage over the figures' 2,000
 * tools). `addRead` records what `add` records for such a field — its length, one token — and
 * inserts the terms in the same order, through MiniSearch's own bookkeeping (`addDocumentId`,
 * `saveStoredFields`, `addFieldLength`, its private methods) and a term's postings as `addTerm`
 * fills them; the test compares it with MiniSearch's `add` over the same documents.
 */
import MiniSearch from "minisearch"

/** MiniSearch's own bookkeeping of a document, as its `add` calls it (private in its types). */
interface Bookkeeping {
  addDocumentId(id: unknown): number
  saveStoredFields(shortId: number, document: unknown): void
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void
}

/** A term's postings in MiniSearch's tree: field id → short document id → occurrences. */
type Postings = Map<number, Map<number, number>>

const newPostings = (): Postings => new Map()

const NO_TERMS: ReadonlyArray<string> = []

/**
 * A one-term search's results (`Engine.scoreTerm`): the documents' ids, each one's score, and whether
 * the flagged field is among those it matched, in the order MiniSearch's `search` returns them.
 */
export interface TermHits {
  readonly ids: ReadonlyArray<unknown>
  readonly scores: Float64Array
  readonly flagged: Uint8Array
}

/** MiniSearch's `removeTerm` (private in its types), which its scoring calls on a stale posting. */
interface Scoring {
  removeTerm(fieldId: number, documentId: number, term: string): void
}

/** A slot table grown to hold `shortId` (its entries kept: all 0 outside a call). */
const growSlots = (slots: Int32Array, shortId: number): Int32Array => {
  const grown = new Int32Array(Math.max(shortId + 1, 2 * slots.length))
  grown.set(slots)
  return grown
}

/** @internal */
export class Engine<T> extends MiniSearch<T> {
  /**
   * Whether the last `addAll` found its terms through the remembered postings (tests: a MiniSearch
   * that no longer calls `fetch` while inserting would leave it false).
   */
  remembered = false

  /** `scoreTerm`'s slot per short document id (slot + 1), all 0 between calls. */
  private slots: Int32Array = new Int32Array(0)

  /** The distinct terms the last `addAll` inserted: each is in the index after it. */
  inserted: ReadonlyMap<string, unknown> = new Map()

  /** Whether some document has `term` in some field. */
  hasTerm(term: string): boolean {
    return this._index.has(term)
  }

  /**
   * Adds documents whose fields are read already, as MiniSearch's `add` adds a document whose every
   * field is one token that `processTerm` turns into `termsOf(document)[field]`: the index that
   * `addAll` would build with such options, built without the rounds through them.
   */
  addRead(documents: ReadonlyArray<T>, termsOf: (document: T) => Readonly<Record<string, ReadonlyArray<string>>>): void {
    const { extractField, fields, idField } = this._options
    const own = this as unknown as Bookkeeping
    const tree = this._index
    const postings = new Map<string, Postings>()
    let hits = 0
    // Indexed loops: an iterator's result objects were a thirtieth of a first build's allocations.
    for (let at = 0; at < documents.length; at++) {
      const document = documents[at]!
      const id = extractField(document, idField)
      if (id == null) throw new Error(`MiniSearch: document does not have ID field "${idField}"`)
      if (this._idToShortId.has(id)) throw new Error(`MiniSearch: duplicate ID ${id}`)
      const shortId = own.addDocumentId(id)
      own.saveStoredFields(shortId, document)
      const read = termsOf(document)
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f]!
        const fieldId = this._fieldIds[field]!
        own.addFieldLength(shortId, fieldId, this._documentCount - 1, 1)
        const terms = read[field] ?? NO_TERMS
        for (let t = 0; t < terms.length; t++) {
          const term = terms[t]!
          let found = postings.get(term)
          if (found === undefined) {
            found = tree.fetch(term, newPostings) as unknown as Postings
            postings.set(term, found)
          } else hits += 1
          const byDocument = found.get(fieldId)
          if (byDocument === undefined) {
            const first = new Map<number, number>()
            first.set(shortId, 1)
            found.set(fieldId, first)
          } else byDocument.set(shortId, (byDocument.get(shortId) ?? 0) + 1)
        }
      }
    }
    this.remembered = hits > 0
    this.inserted = postings
  }

  /**
   * What `search(term, { boost, boostTerm: () => weight })` returns for one term matched exactly (no
   * prefix, no fuzziness, no document boost), by MiniSearch's own arithmetic in its own order
   * (`termResults`, `calcBM25Score`: a document's score summed over the fields in `boosts`' order,
   * then a stable sort by score, best first) — without the result object, the record of matched
   * fields and the arrays of terms `search` builds per document and per field, which were most of a
   * request's time on a fresh index (issue #32's "search on a fresh index"). `test/search/engine.test.ts`
   * holds it to `search`, score for score.
   */
  scoreTerm(term: string, boosts: Readonly<Record<string, number>>, weight: number, flagged: string): TermHits {
    const data = this._index.get(term) as Postings | undefined
    const shortIds: Array<number> = []
    const scores: Array<number> = []
    const flags: Array<number> = []
    if (data !== undefined) {
      const { b, d, k } = this._options.searchOptions.bm25
      // Each document's slot in the arrays (slot + 1; 0: none yet), in a table kept between calls
      // and cleared after each: a `Map` per term scored was most of what scoring allocated.
      // MiniSearch's order: the index's fields, each boosted by `boosts` or 1 (`executeQuerySpec`).
      for (const field of this._options.fields) {
        const fieldBoost = (Object.hasOwn(boosts, field) ? boosts[field] : undefined) || 1
        const fieldId = this._fieldIds[field]!
        const frequencies = data.get(fieldId)
        if (frequencies === undefined) continue
        let matchingFields = frequencies.size
        const avgFieldLength = this._avgFieldLength[fieldId]!
        // `forEach`, not `for (const [id, frequency] of …)`: a term's first scoring (a process's first
        // search) runs unoptimised, where that loop allocates a result and an entry array per posting
        // (a twentieth of what a first search allocated). The same order: the map's.
        frequencies.forEach((termFreq, shortId) => {
          if (!this._documentIds.has(shortId)) {
            ;(this as unknown as Scoring).removeTerm(fieldId, shortId, term)
            matchingFields -= 1
            return
          }
          const fieldLength = this._fieldLength.get(shortId)![fieldId]!
          const invDocFreq = Math.log(1 + (this._documentCount - matchingFields + 0.5) / (matchingFields + 0.5))
          const rawScore = invDocFreq * (d + termFreq * (k + 1) / (termFreq + k * (1 - b + b * fieldLength / avgFieldLength)))
          const weightedScore = 1 * weight * fieldBoost * 1 * rawScore
          if (shortId >= this.slots.length) this.slots = growSlots(this.slots, shortId)
          const slot = this.slots[shortId]! - 1
          if (slot === -1) {
            this.slots[shortId] = shortIds.length + 1
            shortIds.push(shortId)
            scores.push(weightedScore)
            flags.push(field === flagged ? 1 : 0)
          } else {
            scores[slot] = scores[slot]! + weightedScore
            if (field === flagged) flags[slot] = 1
          }
        })
      }
    }
    for (let slot = 0; slot < shortIds.length; slot++) this.slots[shortIds[slot]!] = 0
    // `search` multiplies by the terms matched (one) and sorts stably by score, best first.
    const order = shortIds.map((_, slot) => slot).sort((a, z) => scores[z]! * 1 - scores[a]! * 1)
    const hits = { ids: new Array<unknown>(order.length), scores: new Float64Array(order.length), flagged: new Uint8Array(order.length) }
    order.forEach((slot, rank) => {
      hits.ids[rank] = this._documentIds.get(shortIds[slot]!)
      hits.scores[rank] = scores[slot]! * 1
      hits.flagged[rank] = flags[slot]!
    })
    return hits
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
