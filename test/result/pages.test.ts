/**
 * Pages (docs/results.md "Pages"): each pagination style real APIs use, read from a response into
 * a note that names a param of the tool just called — never a URL — and says plainly when none can
 * carry the cursor. The `Link` reader is held to http-link-header on generated well-formed headers.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import { createRequire } from "node:module"
import { nextLink } from "../../src/internal/result/linkHeader.js"
import * as Pages from "../../src/internal/result/pages.js"
import * as Fixtures from "../../bench/responses.js"

const LinkHeader = createRequire(import.meta.url)("http-link-header") as {
  parse: (value: string) => { rel: (name: string) => Array<{ uri: string }> }
}

const tool = (
  visible: Record<string, "string" | "number" | "boolean">,
  queryParams: Record<string, string> = {}
): Pages.PagingTool => ({ name: "list_things", visible: new Map(Object.entries(visible)), queryParams: new Map(Object.entries(queryParams)) })

const response = (body: unknown, headers: Record<string, string> = {}, args: Record<string, unknown> = {}, requestUrl?: string): Pages.PagingResponse => ({
  headers,
  body,
  args,
  requestUrl
})

const note = (page: Pages.NextPage | undefined, t: Pages.PagingTool, shown?: number) => {
  assert.isDefined(page)
  const text = Pages.describeNextPage(page!, t, shown)
  assert.notInclude(text, "http", "a note never carries a URL")
  return text
}

describe("pages: cursor fields", () => {
  it("Slack: response_metadata.next_cursor → cursor; an empty cursor is the last page", () => {
    const t = tool({ channel: "string", cursor: "string", limit: "number" })
    const page = Pages.nextPage(response({ ok: true, members: [{ id: "U1" }], response_metadata: { next_cursor: "dXNlcjpVMDYxTkZUVDI=" } }), t)
    assert.deepStrictEqual(page?.set, { cursor: "dXNlcjpVMDYxTkZUVDI=" })
    assert.strictEqual(page?.source, "response_metadata.next_cursor")
    assert.strictEqual(
      note(page, t),
      "There are more results: call list_things again with the same arguments and cursor set to \"dXNlcjpVMDYxTkZUVDI=\"."
    )
    assert.isUndefined(Pages.nextPage(response({ ok: true, members: [], response_metadata: { next_cursor: "" } }), t))
  })

  it("next_cursor and nextCursor → cursor, or a param named like the field", () => {
    assert.deepStrictEqual(Pages.nextPage(response({ next_cursor: "c2" }), tool({ cursor: "string" }))?.set, { cursor: "c2" })
    assert.deepStrictEqual(Pages.nextPage(response({ next_cursor: "c2" }), tool({ next_cursor: "string" }))?.set, { next_cursor: "c2" })
    assert.deepStrictEqual(Pages.nextPage(response({ nextCursor: 40 }), tool({ nextCursor: "number" }))?.set, { nextCursor: 40 })
    const camel = Pages.nextPage(response({ nextCursor: "n2" }), tool({ cursor: "string" }))
    assert.deepStrictEqual([camel?.source, camel?.set], ["nextCursor", { cursor: "n2" }])
  })

  it("Google: nextPageToken → pageToken", () => {
    const t = tool({ pageToken: "string", pageSize: "number" })
    assert.deepStrictEqual(Pages.nextPage(response({ files: [], nextPageToken: "~!!~AI9FV7Q" }), t)?.set, { pageToken: "~!!~AI9FV7Q" })
    const snake = Pages.nextPage(response({ nextPageToken: "p2" }), tool({ page_token: "string" }))
    assert.deepStrictEqual([snake?.source, snake?.set], ["nextPageToken", { page_token: "p2" }])
    const kube = Pages.nextPage(response({ metadata: { continue: "k2" } }), tool({ continue: "string" }))
    assert.deepStrictEqual([kube?.source, kube?.set], ["metadata.continue", { continue: "k2" }])
  })

  it("Kubernetes: metadata.continue → continue; an empty continue is the last page", () => {
    const pods = Fixtures.kubernetesPods(3)
    const t = tool({ namespace: "string", limit: "number", continue: "string" })
    const page = Pages.nextPage(response(pods), t)
    assert.deepStrictEqual(page?.set, { continue: pods.metadata.continue })
    assert.strictEqual(page?.list, pods.items)
    assert.isUndefined(Pages.nextPage(response({ ...pods, metadata: { continue: "" } }), t))
  })

  it("no param can carry the cursor: the note says so, and names the params it looked for", () => {
    const t = tool({ channel: "string" })
    const page = Pages.nextPage(response({ response_metadata: { next_cursor: "abc" } }), t)
    assert.isUndefined(page?.set)
    assert.strictEqual(
      note(page, t),
      "There are more results (the response's response_metadata.next_cursor says so), but no parameter of this tool can carry its cursor (\"cursor\"); list_things cannot fetch them."
    )
  })

  it("a hidden (resolver-bound) param is never named: only the visible ones are", () => {
    // `cursor` exists on the tool but the client resolves it: it is not in `visible`.
    const page = Pages.nextPage(response({ next_cursor: "abc" }), tool({ q: "string" }))
    assert.isUndefined(page?.set)
  })

  it("a cursor longer than a note carries is reported, not copied", () => {
    const page = Pages.nextPage(response({ next_cursor: "x".repeat(Pages.MAX_CURSOR_CHARS + 1) }), tool({ cursor: "string" }))
    assert.isUndefined(page?.set)
    assert.include(note(page, tool({ cursor: "string" })), `its cursor is ${Pages.MAX_CURSOR_CHARS + 1} characters long`)
  })
})

describe("pages: Stripe's has_more", () => {
  const list = Fixtures.stripeCharges(5)
  const t = tool({ limit: "number", starting_after: "string", ending_before: "string" })

  it("has_more with data → starting_after the last item's id; ending_before the first when the call went backwards", () => {
    assert.deepStrictEqual(Pages.nextPage(response(list), t)?.set, { starting_after: list.data[4]!.id })
    assert.deepStrictEqual(Pages.nextPage(response(list, {}, { ending_before: "ch_x" }), t)?.set, { ending_before: list.data[0]!.id })
    assert.isUndefined(Pages.nextPage(response({ ...list, has_more: false }), t))
  })

  it("a page the model saw only the start of continues after the last item it saw", () => {
    const page = Pages.nextPage(response(list), t)!
    assert.strictEqual(
      note(page, t, 2),
      `There are more results: call list_things again with the same arguments and starting_after set to "${list.data[1]!.id}".`
    )
  })
})

describe("pages: Link rel=next", () => {
  const base = "https://api.github.com/user/repos"

  it("GitHub: the query keys the next URL changes, through the tool's query template", () => {
    const t = tool({ per_page: "number", page_number: "number", sort: "string" }, { page: "page_number", per_page: "per_page" })
    const link = `<${base}?per_page=30&page=2>; rel="next", <${base}?per_page=30&page=5>; rel="last"`
    const page = Pages.nextPage(response([{ id: 1 }], { link }, {}, `${base}?per_page=30&page=1`), t)
    assert.deepStrictEqual(page?.set, { page_number: 2 })
    assert.strictEqual(note(page, t), "There are more results: call list_things again with the same arguments and page_number set to 2.")
  })

  it("a key no visible param sets: said plainly, naming the key, without the URL", () => {
    const t = tool({ per_page: "number" })
    const link = `<${base}?per_page=30&since=1234&api_key=SECRET>; rel="next"`
    const page = Pages.nextPage(response([], { link }, {}, `${base}?per_page=30&api_key=SECRET`), t)
    assert.isUndefined(page?.set)
    const text = note(page, t)
    assert.include(text, "\"since\"")
    assert.notInclude(text, "SECRET")
  })

  it("the query credential is never offered, even changed and even where a visible param has its name", () => {
    const t: Pages.PagingTool = { ...tool({ api_key: "string", page: "number" }), secretQuery: new Set(["api_key"]) }
    const link = `<${base}?page=2&api_key=ROTATED-SECRET>; rel="next"`
    const page = Pages.nextPage(response([{ id: 1 }], { link }, {}, `${base}?page=1&api_key=OLD-SECRET`), t)
    assert.deepStrictEqual(page?.set, { page: 2 })
    const text = note(page, t)
    assert.notInclude(text, "SECRET")
    assert.notInclude(text, "api_key")
    // Only in the next URL (the request's was elsewhere): still never a key of the note.
    const alone = Pages.nextPage(response([], { link: `<${base}?api_key=NEW-SECRET>; rel="next"` }, {}, base), t)
    assert.isUndefined(alone?.set)
    assert.notInclude(`${alone?.problem} ${note(alone, t)}`, "api_key")
  })

  it("keys the next URL keeps as they were are not set again; only what changes is", () => {
    const t = tool({ per_page: "number", page: "number", sort: "string" })
    const link = `<${base}?per_page=30&page=2&sort=name>; rel="next"`
    const page = Pages.nextPage(response([], { link }, {}, `${base}?per_page=30&page=1&sort=name`), t)
    assert.deepStrictEqual(page?.set, { page: 2 })
    // Without the request's URL, every key of the next one is what to set.
    const unknown = Pages.nextPage(response([], { link }, {}, undefined), t)
    assert.deepStrictEqual(unknown?.set, { per_page: 30, page: 2, sort: "name" })
  })

  it("a next link that is not a URL: said, and not copied", () => {
    const t = tool({ page: "number" })
    const page = Pages.nextPage(response([], { link: `<http://[not-a-host>; rel="next"` }, {}, `${base}?page=1`), t)
    assert.strictEqual(page?.source, "Link")
    assert.isUndefined(page?.set)
    assert.strictEqual(page?.problem, "its next link is not a URL")
    assert.notInclude(note(page, t), "not-a-host")
  })

  it("a next URL that differs only by its path: no param reaches it", () => {
    const page = Pages.nextPage(response([], { link: `</repos/2/items>; rel="next"` }, {}, `${base}`), tool({ q: "string" }))
    assert.isUndefined(page?.set)
    assert.include(page?.problem ?? "", "another path")
  })

  it("rel lists, case and quoting: `rel=\"prev NEXT\"`, a bare token", () => {
    assert.strictEqual(nextLink(`<a>; rel="prev NEXT"`), "a")
    assert.strictEqual(nextLink(`<a>; rel=next`), "a")
    assert.strictEqual(nextLink(`<a>; rel="last", <b>; title="x, y"; rel="next"`), "b")
    assert.isUndefined(nextLink(`<a>; rel="nextish"`))
    assert.isUndefined(nextLink(undefined))
  })

  it("agrees with http-link-header on well-formed headers", () => {
    const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/)
    const quoted = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\\"\r\n]/g, ""))
    const param = fc.tuple(token, fc.oneof(token, quoted.map((s) => `"${s}"`)))
    const rel = fc.constantFrom("next", "prev", "last", "first", "prev next", "NEXT")
    const link = fc.tuple(fc.webUrl(), rel, fc.array(param, { maxLength: 3 }))
      .map(([uri, r, params]) => `<${uri}>; rel="${r}"${params.filter(([name]) => name !== "rel").map(([name, value]) => `; ${name}=${value}`).join("")}`)
    fc.assert(
      fc.property(fc.array(link, { minLength: 1, maxLength: 4 }), (links) => {
        const header = links.join(", ")
        const oracle = LinkHeader.parse(header).rel("next")[0]?.uri
        assert.strictEqual(nextLink(header), oracle, header)
      }),
      { numRuns: 300, seed: 34 }
    )
  })

  it("linear: a header of 100,000 bare parameters is read at once", () => {
    const header = `<a>${"; x".repeat(100_000)}; rel=next`
    const start = performance.now()
    assert.strictEqual(nextLink(header), "a")
    assert.isBelow(performance.now() - start, 1000)
  })
})

describe("pages: what the note says (page level; the mutation set's oracle for pages.ts)", () => {
  const t = tool({ cursor: "string", limit: "number" })
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `it_${i + 1}` }))

  it("a shortened page: how many of its items were seen, that the next page starts after all of them, the size param to lower", () => {
    const page = Pages.nextPage(response({ data: items(200), next_cursor: "c2" }), t)!
    assert.strictEqual(
      Pages.describeNextPage(page, t, 11),
      "There are more results: call list_things again with the same arguments and cursor set to \"c2\". This page was shortened: " +
        "you saw 11 of its 200 items, and the next page starts after all 200 (lower limit to see a page whole)."
    )
    const whole = "There are more results: call list_things again with the same arguments and cursor set to \"c2\"."
    assert.strictEqual(Pages.describeNextPage(page, t, 200), whole)
    assert.strictEqual(Pages.describeNextPage(page, t, undefined), whole)
    assert.strictEqual(Pages.describeNextPage(page, t, 199).includes("you saw 199 of its 200 items"), true)
    // No size param the model sees: no hint.
    const noSize = tool({ cursor: "string" })
    assert.strictEqual(
      Pages.describeNextPage(Pages.nextPage(response({ data: items(3), next_cursor: "c2" }), noSize)!, noSize, 1),
      `${whole} This page was shortened: you saw 1 of its 3 items, and the next page starts after all 3.`
    )
  })

  it("the size param: the first of the page-size names the model sees, never one the next page already sets", () => {
    const names = ["limit", "per_page", "perPage", "page_size", "pageSize", "maxResults", "max_results", "count", "size"]
    for (const [i, name] of names.entries()) {
      const sized = tool({ cursor: "string", [name]: "number", ...Object.fromEntries(names.slice(i + 1).map((n) => [n, "number"])) })
      assert.include(
        Pages.describeNextPage(Pages.nextPage(response({ data: items(3), next_cursor: "c" }), sized)!, sized, 1),
        ` (lower ${name} to see a page whole).`
      )
    }
    const linked = tool({ page: "number", per_page: "number", limit: "number" })
    const link = `<https://api.example.test/x?page=2&limit=5>; rel="next"`
    const page = Pages.nextPage(response(items(4), { link }, {}, "https://api.example.test/x?page=1&limit=4"), linked)!
    assert.deepStrictEqual(page.set, { page: 2, limit: 5 })
    assert.strictEqual(
      Pages.describeNextPage(page, linked, 2),
      "There are more results: call list_things again with the same arguments and page set to 2 and limit set to 5. This page was " +
        "shortened: you saw 2 of its 4 items, and the next page starts after all 4 (lower per_page to see a page whole)."
    )
  })

  it("the short forms, for a tight budget", () => {
    const page = Pages.nextPage(response({ data: items(3), next_cursor: "c2" }), t)!
    assert.strictEqual(Pages.describeNextPage(page, t, 1, true), "More results: call list_things again with cursor set to \"c2\".")
    const none = Pages.nextPage(response({ next_cursor: "c2" }), tool({ q: "string" }))!
    assert.strictEqual(Pages.describeNextPage(none, t, undefined, true), "There are more results, but list_things cannot ask for them.")
  })

  it("a page no param reaches: the source, the problem, and that the tool cannot fetch them", () => {
    const none = Pages.nextPage(response({ next_cursor: "c2" }), tool({ q: "string" }))!
    assert.strictEqual(
      Pages.describeNextPage(none, t, undefined),
      "There are more results (the response's next_cursor says so), but no parameter of this tool can carry its cursor (\"cursor\" or " +
        "\"next_cursor\"); list_things cannot fetch them."
    )
    assert.strictEqual(
      Pages.describeNextPage({ source: "has_more", set: undefined }, t, undefined),
      "There are more results (the response's has_more says so), but this tool cannot ask for them; list_things cannot fetch them."
    )
  })

  it("the list a page is made of: the body itself, or the first of its list members, own and arrays only", () => {
    const shown = (body: unknown) => Pages.describeNextPage(Pages.nextPage(response(body, { link: `</x?cursor=c>; rel="next"` }), t)!, t, 1)
    const ofTwo = "you saw 1 of its 2 items"
    assert.include(shown(items(2)), ofTwo)
    for (const key of ["data", "items", "results", "members", "channels", "messages", "files", "value", "entries"]) {
      assert.include(shown({ total: 9, other: [1, 2, 3], [key]: items(2) }), ofTwo, key)
      assert.notInclude(shown({ [key]: "not a list" }), "you saw", key)
    }
    assert.include(shown({ data: items(2), items: items(5) }), ofTwo, "the first key of the list wins")
    assert.notInclude(shown(Object.create({ data: items(2) })), "you saw", "an inherited member is not the body's")
    for (const body of [undefined, null, "text", 42]) {
      assert.strictEqual(
        shown(body),
        "There are more results: call list_things again with the same arguments and cursor set to \"c\".",
        String(body)
      )
    }
  })

  it("a body that is not an object (or none) has no cursor, and does not break the reading", () => {
    for (const body of [undefined, null, "next_cursor", 7, true, [{ next_cursor: "c" }]]) {
      assert.isUndefined(Pages.nextPage(response(body), t), String(body))
    }
    assert.isUndefined(Pages.nextPage(response({ response_metadata: null, metadata: [], has_more: true, data: null }), t))
  })

  it("a cursor is a non-empty string or a finite number; a number param takes only a number", () => {
    for (const cursor of [true, {}, [], "", null, JSON.parse("1e999")]) {
      assert.isUndefined(Pages.nextPage(response({ next_cursor: cursor }), t), JSON.stringify(cursor))
    }
    assert.deepStrictEqual(Pages.nextPage(response({ next_cursor: 0 }), t)?.set, { cursor: 0 })
    const numeric = tool({ cursor: "number" })
    assert.deepStrictEqual(Pages.nextPage(response({ next_cursor: 5 }), numeric)?.set, { cursor: 5 })
    const text = Pages.nextPage(response({ next_cursor: "abc" }), numeric)!
    assert.isUndefined(text.set)
    assert.strictEqual(text.problem, "no parameter of this tool can carry its cursor (\"cursor\" or \"next_cursor\")")
  })

  it("Stripe: forwards unless ending_before was sent (null is not sent); no page without a list or an item id", () => {
    const s = tool({ starting_after: "string", ending_before: "string" })
    const body = { has_more: true, data: items(3) }
    assert.deepStrictEqual(Pages.nextPage(response(body, {}, { ending_before: null }), s)?.set, { starting_after: "it_3" })
    assert.deepStrictEqual(Pages.nextPage(response(body, {}, { ending_before: "it_9" }), s)?.set, { ending_before: "it_1" })
    assert.deepStrictEqual(Pages.nextPage(response(body, {}, { starting_after: "it_0" }), s)?.set, { starting_after: "it_3" })
    for (
      const other of [
        { has_more: "true", data: items(3) },
        { has_more: true, data: [] },
        { has_more: true, data: null },
        { has_more: true, data: "it_1" },
        { has_more: true, data: [{ id: "it_1" }, { id: 42 }] },
        { has_more: true, data: [{ id: "it_1" }, { id: "" }] },
        { has_more: true, data: [{ id: "it_1" }, { name: "x" }] }
      ]
    ) {
      assert.isUndefined(Pages.nextPage(response(other), s), JSON.stringify(other))
    }
  })
})

describe("pages: Link next URLs, value by value", () => {
  const base = "https://api.example.test/things"

  it("repeated keys: read as one comma-joined value, and unchanged when the request had the same ones", () => {
    const t = tool({ tag: "string", page: "number" })
    const link = `<${base}?tag=a&tag=b&page=2>; rel="next"`
    assert.deepStrictEqual(Pages.nextPage(response([], { link }, {}, `${base}?tag=a&tag=b&page=1`), t)?.set, { page: 2 })
    assert.deepStrictEqual(Pages.nextPage(response([], { link }, {}, `${base}?tag=ab&page=1`), t)?.set, { tag: "a,b", page: 2 })
  })

  it("without the request's URL, a key with an empty value is set too", () => {
    const t = tool({ q: "string", page: "number" })
    const page = Pages.nextPage(response([], { link: `<${base}?page=2&q=>; rel="next"` }, {}, undefined), t)
    assert.deepStrictEqual(page?.set, { page: 2, q: "" })
    assert.strictEqual(page?.source, "Link")
  })

  it("a number param takes a number only: an empty or blank value is no page number", () => {
    const t = tool({ page: "number" })
    for (const value of ["", "%20", "abc"]) {
      const page = Pages.nextPage(response([], { link: `<${base}?page=${value}>; rel="next"` }, {}, `${base}?page=1`), t)
      assert.isUndefined(page?.set, value)
      assert.strictEqual(page?.problem, "the next page is asked for with \"page\", which no parameter of this tool can set", value)
    }
    assert.deepStrictEqual(Pages.nextPage(response([], { link: `<${base}?page=%203>; rel="next"` }, {}, `${base}?page=1`), t)?.set, { page: 3 })
  })

  it("keys no param sets: the first five named, each cut at 40 characters; the source is Link", () => {
    const long = "k".repeat(50)
    const link = `<${base}?a=1&b=2&c=3&d=4&${long}=5&f=6>; rel="next"`
    const page = Pages.nextPage(response([], { link }, {}, base), tool({ q: "string" }))
    assert.strictEqual(page?.source, "Link")
    assert.strictEqual(
      page?.problem,
      `the next page is asked for with "a", "b", "c", "d", "${"k".repeat(40)}", which no parameter of this tool can set`
    )
    const path = Pages.nextPage(response([], { link: `</things/2>; rel="next"` }, {}, base), tool({ q: "string" }))
    assert.deepStrictEqual([path?.source, path?.problem], ["Link", "the next page is at another path, which no parameter of this tool can reach"])
    const set = Pages.nextPage(response([], { link: `<${base}?q=x>; rel="next"` }, {}, base), tool({ q: "string" }))
    assert.deepStrictEqual([set?.source, set?.set], ["Link", { q: "x" }])
  })
})

describe("pages: which rule answers, and where a shortened Stripe page continues", () => {
  const t = tool({ cursor: "string" })
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `it_${i + 1}` }))

  it("a cursor of exactly MAX_CURSOR_CHARS is copied", () => {
    const cursor = "x".repeat(Pages.MAX_CURSOR_CHARS)
    assert.deepStrictEqual(Pages.nextPage(response({ next_cursor: cursor }), t)?.set, { cursor })
  })

  it("a cursor no param carries: the body's list is still the page's", () => {
    const body = { data: items(3), next_cursor: "c" }
    assert.strictEqual(Pages.nextPage(response(body), tool({ q: "string" }))?.list, body.data)
  })

  it("a Link the tool can follow wins over a cursor it cannot carry; a cursor's problem over a Link's", () => {
    const base = "https://api.example.test/x"
    const both = tool({ page: "number" })
    const followed = Pages.nextPage(response({ next_cursor: "c" }, { link: `<${base}?page=2>; rel="next"` }, {}, `${base}?page=1`), both)
    assert.deepStrictEqual([followed?.source, followed?.set], ["Link", { page: 2 }])
    const neither = Pages.nextPage(response({ next_cursor: "c" }, { link: `<${base}?since=9>; rel="next"` }, {}, base), both)
    assert.deepStrictEqual([neither?.source, neither?.set], ["next_cursor", undefined])
  })

  it("Stripe: seen from the first item only, the next page starts after it; an unseen id keeps the page's own", () => {
    const s = tool({ starting_after: "string" })
    const page = Pages.nextPage(response({ has_more: true, data: items(4) }), s)!
    assert.strictEqual(Pages.describeNextPage(page, s, 1, true), "More results: call list_things again with starting_after set to \"it_1\".")
    const gap = Pages.nextPage(response({ has_more: true, data: [{ id: "it_1" }, { name: "no id" }, { id: "it_3" }] }), s)!
    assert.strictEqual(Pages.describeNextPage(gap, s, 2, true), "More results: call list_things again with starting_after set to \"it_3\".")
    // A Link that sets starting_after is the Link's: not moved to the last item seen.
    const linked = Pages.nextPage(
      response(items(4), { link: `<https://api.example.test/x?starting_after=it_4>; rel="next"` }, {}, "https://api.example.test/x"),
      s
    )!
    assert.strictEqual(Pages.describeNextPage(linked, s, 2, true), "More results: call list_things again with starting_after set to \"it_4\".")
  })
})
