/**
 * Non-JSON bodies (docs/results.md "Text, HTML and binary bodies"): kinds by type and bytes, text
 * clipped on a code point, HTML as Markdown by turndown within bounds, binary described.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Body from "../../src/internal/result/body.js"
import * as Html from "../../src/internal/result/html.js"
import { clipText, cutAt } from "../../src/internal/result/text.js"

const bytes = (text: string) => new TextEncoder().encode(text)
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

describe("body kinds", () => {
  it("JSON and HTML by their types; text by type or bytes; binary by type or bytes", () => {
    assert.strictEqual(Body.kindOf("application/json; charset=utf-8", bytes("{}")), "json")
    assert.strictEqual(Body.kindOf("application/vnd.github+json", bytes("{}")), "json")
    assert.strictEqual(Body.kindOf("Text/HTML; charset=UTF-8", bytes("<p>hi</p>")), "html")
    assert.strictEqual(Body.kindOf("text/plain", bytes("hello")), "text")
    assert.strictEqual(Body.kindOf("text/csv", bytes("a,b\n1,2")), "text")
    assert.strictEqual(Body.kindOf(undefined, bytes("plain words")), "text")
    assert.strictEqual(Body.kindOf("application/vnd.unknown", bytes("id: 7")), "text")
    assert.strictEqual(Body.kindOf("image/png", PNG), "binary")
    assert.strictEqual(Body.kindOf("application/octet-stream", bytes("looks like text")), "binary")
    assert.strictEqual(Body.kindOf(undefined, PNG), "binary")
    assert.strictEqual(Body.kindOf("text/plain", Uint8Array.from([0xff, 0xfe, 0x41, 0x00])), "binary", "not UTF-8: mojibake is not text")
  })

  it("a character cut at the 8 KiB sniffing mark is still text", () => {
    const text = `${"a".repeat(8191)}é${"b".repeat(100)}`
    assert.strictEqual(Body.kindOf(undefined, bytes(text)), "text")
  })

  it("binary is described by its type and size, the type escaped and clipped", () => {
    assert.strictEqual(
      Body.describeBinary("image/png", 48213),
      "The response is binary (\"image/png\", 48213 bytes); its content is not shown to you."
    )
    assert.strictEqual(Body.describeBinary(undefined, 3), "The response is binary (no content type, 3 bytes); its content is not shown to you.")
    assert.include(Body.describeBinary("x/\u001b[31m\"evil", 1), "\\u001b[31m\\\"evil")
  })
})

describe("text", () => {
  it("clipped on a code point, with the marker and the notes after it, within the budget", () => {
    const text = "😀".repeat(100)
    for (let max = 40; max < 260; max++) {
      const clipped = clipText(text, max, ["more: call again"])
      assert.isAtMost(clipped.text.length, max)
      assert.notMatch(clipped.text, /[\ud800-\udbff](?![\udc00-\udfff])/, "no broken pair")
      if (clipped.omitted > 0) assert.include(clipped.text, `… [+${clipped.omitted} chars]`)
    }
    assert.deepStrictEqual(clipText("short", 100, ["a note"]), { text: "short\n\n[a note]", omitted: 0 })
  })

  it("cutAt never splits a surrogate pair", () => {
    const s = "a😀b"
    assert.strictEqual(cutAt(s, 2), 1)
    assert.strictEqual(cutAt(s, 3), 3)
    assert.strictEqual(cutAt(s, 99), 4)
  })
})

describe("HTML", () => {
  it("as Markdown: headings, emphasis, links, lists, code; scripts and styles gone", () => {
    const conversion = Html.htmlToMarkdown(
      `<html><head><title>T</title><style>p{color:red}</style></head><body><h1>Orders</h1>` +
        `<p>Order <b>A-1042</b> <a href="https://shop.example.com/o/1">shipped</a>.</p>` +
        `<ul><li>one</li><li>two</li></ul><pre><code>x = 1</code></pre><script>steal()</script></body></html>`
    )
    assert.deepStrictEqual(conversion, {
      _tag: "Converted",
      markdown: "# Orders\n\nOrder **A-1042** [shipped](https://shop.example.com/o/1).\n\n-   one\n-   two\n\n```\nx = 1\n```",
      inputCut: false
    })
  })

  it("a long page: only its start is read, and the result says so", () => {
    const page = `<p>${"word ".repeat(20_000)}</p>`
    const conversion = Html.htmlToMarkdown(page, { maxInputChars: 1000 })
    assert.strictEqual(conversion._tag, "Converted")
    assert.isTrue((conversion as { inputCut: boolean }).inputCut)
    assert.isAtMost((conversion as { markdown: string }).markdown.length, 1000)
  })

  it("nesting deeper than the guard is not converted (turndown's cost grows with its square)", () => {
    for (const hostile of ["<b>x".repeat(5000), "<table><tr><td>".repeat(1000), `${"<div>".repeat(20_000)}x`]) {
      const start = performance.now()
      assert.deepStrictEqual(Html.htmlToMarkdown(hostile), { _tag: "NotConverted", reason: "its elements nest more than 100 deep" })
      assert.isBelow(performance.now() - start, 2000)
    }
  })

  it("the nesting scan: void, optional-end and raw-text elements do not nest; linear on stray brackets", () => {
    assert.strictEqual(Html.nesting("<div><p>a<p>b<br><img src=x><ul><li>1<li>2</ul></div>"), 2)
    assert.strictEqual(Html.nesting("<script>if (a<b && c<d) {}</script><div></div>"), 1)
    assert.strictEqual(Html.nesting("<!-- <div><div> --><span/>"), 0)
    const start = performance.now()
    Html.nesting("<a".repeat(100_000))
    Html.nesting("<!--".repeat(100_000))
    assert.isBelow(performance.now() - start, 2000)
  })

  it("looksLikeHtml tells HTML from Markdown or prose with a <", () => {
    assert.isTrue(Html.looksLikeHtml("Returns the <b>repository</b>."))
    assert.isTrue(Html.looksLikeHtml("Line one<br/>line two"))
    assert.isFalse(Html.looksLikeHtml("Returns **the** repository when a < b."))
    assert.isFalse(Html.looksLikeHtml("Use `Array<string>`."))
  })
})
