/**
 * The index's MiniSearch (`src/internal/search/engine.ts`): its bulk insert remembers each term's
 * postings for the length of one `addAll`, and the index it builds is MiniSearch's own — the same
 * scores for every term, after inserts, removals and inserts again. The oracle is a plain
 * MiniSearch given the same documents.
 */
import MiniSearch from "minisearch"
import { describe, expect, it } from "vitest"
import { Engine } from "../../src/internal/search/engine.js"

interface Doc {
  readonly id: number
  readonly title: string
  readonly body: string
}

const docs: ReadonlyArray<Doc> = [
  { id: 1, title: "list pull requests", body: "lists the pull requests of a repository repository" },
  { id: 2, title: "create a pull request", body: "opens a pull request in a repository" },
  { id: 3, title: "list issues", body: "lists the issues of a repository, pull requests included" },
  { id: 4, title: "delete a repository", body: "deletes a repository for good" },
  { id: 5, title: "get a customer", body: "retrieves a customer by id" }
]

const options = { idField: "id", fields: ["title", "body"], autoVacuum: false as const }

const scores = (index: MiniSearch<Doc>, term: string): Array<readonly [unknown, number]> =>
  index.search(term, { prefix: false, fuzzy: false }).map((result) => [result.id, result.score] as const)

const TERMS = ["pull", "repository", "list", "lists", "customer", "good", "nothing"]

describe("Engine", () => {
  it("finds a term's postings once per addAll, and builds MiniSearch's own index", () => {
    const engine = new Engine<Doc>(options)
    const plain = new MiniSearch<Doc>(options)
    engine.addAll(docs)
    plain.addAll(docs)
    // Fails if MiniSearch stops inserting through its term tree's `fetch`: the memo would be idle.
    expect(engine.remembered).toBe(true)
    expect(engine.termCount).toBe(plain.termCount)
    for (const term of TERMS) expect(scores(engine, term)).toEqual(scores(plain, term))
    // Every distinct term inserted, once: the index's set of known terms.
    expect([...engine.inserted.keys()].sort()).toEqual(
      [...new Set(docs.flatMap((doc) => MiniSearch.getDefault("tokenize")(`${doc.title} ${doc.body}`).map((t: string) => t.toLowerCase())))].sort()
    )
  })

  it("has a term while a document has it, and not after its last one is removed", () => {
    const engine = new Engine<Doc>(options)
    engine.addAll(docs)
    expect(engine.hasTerm("customer")).toBe(true)
    engine.remove(docs[4]!)
    expect(engine.hasTerm("customer")).toBe(false)
    expect(engine.hasTerm("repository")).toBe(true)
    engine.addAll([docs[4]!])
    expect([...engine.inserted.keys()]).toEqual(["get", "a", "customer", "retrieves", "by", "id"])
    expect(engine.hasTerm("customer")).toBe(true)
  })

  it("stays MiniSearch's index through removals and later inserts (the memo lives one call)", () => {
    const engine = new Engine<Doc>(options)
    const plain = new MiniSearch<Doc>(options)
    for (const index of [engine, plain]) {
      index.addAll(docs.slice(0, 3))
      index.remove(docs[0]!)
      index.remove(docs[2]!)
      index.addAll([docs[0]!, ...docs.slice(3)])
      // A term gone with its last document and back: its postings are a new object in the tree.
      index.remove(docs[4]!)
      index.addAll([docs[4]!, { id: 6, title: "get a customer again", body: "customer customer" }])
    }
    expect(engine.termCount).toBe(plain.termCount)
    for (const term of [...TERMS, "again"]) expect(scores(engine, term)).toEqual(scores(plain, term))
    // The tree's own method is back after each call.
    expect(Object.hasOwn((engine as unknown as { _index: object })._index, "fetch")).toBe(false)
  })

  it("addRead builds the index MiniSearch's add builds from a field given as one token read into terms", () => {
    // The tool index's way: every field is the document's key, `processTerm` turns it into the
    // field's terms (repeats count). The oracle is MiniSearch's own `addAll` with those options.
    const read: Record<number, Record<string, ReadonlyArray<string>>> = {}
    for (const doc of docs) {
      read[doc.id] = {
        title: MiniSearch.getDefault("tokenize")(doc.title).map((t: string) => t.toLowerCase()),
        body: MiniSearch.getDefault("tokenize")(doc.body).map((t: string) => t.toLowerCase())
      }
    }
    const keyed = {
      ...options,
      extractField: (doc: Doc, field: string) => (field === "id" ? doc.id : String(doc.id)),
      tokenize: (key: string) => [key],
      processTerm: (key: string, field?: string) => [...(read[Number(key)]?.[field!] ?? [])]
    }
    const engine = new Engine<Doc>(keyed)
    const plain = new MiniSearch<Doc>(keyed)
    const fieldsOf = (doc: Doc) => read[doc.id]!
    engine.addRead(docs.slice(0, 3), fieldsOf)
    plain.addAll(docs.slice(0, 3))
    expect(engine.remembered).toBe(true)
    for (const index of [engine, plain]) {
      index.remove(docs[0]!)
      index.remove(docs[2]!)
    }
    engine.addRead([docs[0]!, ...docs.slice(3)], fieldsOf)
    plain.addAll([docs[0]!, ...docs.slice(3)])
    expect(engine.termCount).toBe(plain.termCount)
    expect(engine.documentCount).toBe(plain.documentCount)
    for (const term of TERMS) expect(scores(engine, term)).toEqual(scores(plain, term))
    // The same bookkeeping, field length for field length: one token per field.
    const internals = (index: MiniSearch<Doc>) => index as unknown as { _fieldLength: unknown; _avgFieldLength: unknown; _index: unknown }
    expect(internals(engine)._fieldLength).toEqual(internals(plain)._fieldLength)
    expect(internals(engine)._avgFieldLength).toEqual(internals(plain)._avgFieldLength)
    expect(internals(engine)._index).toEqual(internals(plain)._index)
    expect([...engine.inserted.keys()].sort()).toEqual(
      [...new Set([docs[0]!, ...docs.slice(3)].flatMap((doc) => [...read[doc.id]!["title"]!, ...read[doc.id]!["body"]!]))].sort()
    )
    expect(() => engine.addRead([docs[4]!], fieldsOf)).toThrow("MiniSearch: duplicate ID 5")
  })
})

describe("Engine.scoreTerm", () => {
  /** What `scoreTerm` stands for: MiniSearch's search for the term alone, as the index asked it. */
  const searched = <T>(index: MiniSearch<T>, term: string, boosts: Record<string, number>, weight: number, flagged: string) => {
    const results = index.search(term, { boost: boosts, prefix: false, fuzzy: false, tokenize: (t) => [t], processTerm: (t) => t, boostTerm: () => weight })
    return { ids: results.map((r) => r.id), scores: results.map((r) => r.score), flagged: results.map((r) => (r.match[term]?.includes(flagged) ? 1 : 0)) }
  }
  const scored = <T>(engine: Engine<T>, term: string, boosts: Record<string, number>, weight: number, flagged: string) => {
    const hits = engine.scoreTerm(term, boosts, weight, flagged)
    return { ids: [...hits.ids], scores: [...hits.scores], flagged: [...hits.flagged] }
  }

  it("is MiniSearch's one-term search, score for score and in its order, over the real imports", async () => {
    const { buildRegistry } = await import("../../bench/search/registry.js")
    const tools = (await buildRegistry()).tools.map((tool, id) => ({ id, name: tool.name, description: tool.description, api: tool.api ?? "" }))
    const fieldOptions = { idField: "id", fields: ["name", "description", "api"], autoVacuum: false as const }
    const engine = new Engine<(typeof tools)[number]>(fieldOptions)
    engine.addAll(tools)
    // A document discarded leaves stale postings, which MiniSearch's scoring cleans as it meets them.
    engine.discard(3)
    const twin = new Engine<(typeof tools)[number]>(fieldOptions)
    twin.addAll(tools)
    twin.discard(3)
    const boosts = { name: 3, description: 0.6 }
    const terms = ["list", "repository", "customer", "create", "get", "message", "webhook", "github", "slack", "nothing-here"]
    let compared = 0
    for (const term of terms) {
      for (const weight of [1, 0.35]) {
        const expected = searched(twin, term, boosts, weight, "name")
        expect(scored(engine, term, boosts, weight, "name"), term).toEqual(expected)
        compared += expected.ids.length
      }
    }
    expect(compared).toBeGreaterThan(1000)
  })

  it("finds nothing for a term no document has", () => {
    const engine = new Engine<Doc>(options)
    engine.addAll(docs)
    expect(scored(engine, "absent", {}, 1, "title")).toEqual({ ids: [], scores: [], flagged: [] })
  })
})
