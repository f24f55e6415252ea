import { assert, describe, it } from "../support/effectVitest.js"
import * as FastCheck from "fast-check"
import * as Template from "../../src/internal/manifest/template.js"
import { propertyRuns, seeded } from "../support/property.js"

const text = (t: string): Template.Part => ({ _tag: "Text", text: t })
const placeholder = (name: string): Template.Part => ({ _tag: "Placeholder", name })

describe("Template.parse", () => {
  it("text only: one text part, no placeholders, not whole", () => {
    const t = Template.parse("https://api.example.com/weather")
    assert.deepStrictEqual(t.parts, [text("https://api.example.com/weather")])
    assert.deepStrictEqual(t.placeholders, [])
    assert.isUndefined(t.whole)
    assert.deepStrictEqual(t.problems, [])
  })

  it("the empty string has no parts", () => {
    const t = Template.parse("")
    assert.deepStrictEqual(t.parts, [])
    assert.isUndefined(t.whole)
    assert.deepStrictEqual(t.problems, [])
  })

  it("a template that is exactly {{name}} is whole", () => {
    const t = Template.parse("{{city}}")
    assert.deepStrictEqual(t.parts, [placeholder("city")])
    assert.strictEqual(t.whole, "city")
    assert.strictEqual(Template.parse("{{_x1}}").whole, "_x1")
  })

  it("anything around the placeholder, even a space, makes it not whole", () => {
    assert.isUndefined(Template.parse(" {{city}}").whole)
    assert.isUndefined(Template.parse("{{city}} ").whole)
    assert.isUndefined(Template.parse("c={{city}}").whole)
  })

  it("adjacent placeholders are two parts, not whole", () => {
    const t = Template.parse("{{a}}{{b}}")
    assert.deepStrictEqual(t.parts, [placeholder("a"), placeholder("b")])
    assert.deepStrictEqual(t.placeholders, ["a", "b"])
    assert.isUndefined(t.whole)
    assert.deepStrictEqual(t.problems, [])
  })

  it("text and placeholders interleave; repeated names are kept in order", () => {
    const t = Template.parse("/users/{{id}}/posts/{{postId}}?by={{id}}")
    assert.deepStrictEqual(t.parts, [
      text("/users/"),
      placeholder("id"),
      text("/posts/"),
      placeholder("postId"),
      text("?by="),
      placeholder("id")
    ])
    assert.deepStrictEqual(t.placeholders, ["id", "postId", "id"])
  })

  const malformed: ReadonlyArray<readonly [string, string]> = [
    ["{{}}", "malformed placeholder \"{{}}\""],
    ["{{1x}}", "malformed placeholder \"{{1x}}\""],
    ["{{ x }}", "malformed placeholder \"{{ x }}\""],
    ["{{a-b}}", "malformed placeholder \"{{a-b}}\""],
    ["{{a.b}}", "malformed placeholder \"{{a.b}}\""],
    ["{{{a}}}", "malformed placeholder \"{{{a}}\""],
    ["{{x", "unclosed placeholder \"{{x\""],
    ["id={{x}&y", "unclosed placeholder \"{{x}&y\""]
  ]
  for (const [source, problem] of malformed) {
    it(`${JSON.stringify(source)} is a problem, kept as text, never a placeholder`, () => {
      const t = Template.parse(source)
      assert.deepStrictEqual(t.problems, [problem])
      assert.deepStrictEqual(t.placeholders, [])
      assert.isUndefined(t.whole)
      assert.strictEqual(Template.render(t, () => "VALUE"), source)
    })
  }

  it("a malformed placeholder does not hide a good one after it", () => {
    const t = Template.parse("{{ bad }}/{{good}}")
    assert.deepStrictEqual(t.problems, ["malformed placeholder \"{{ bad }}\""])
    assert.deepStrictEqual(t.placeholders, ["good"])
  })

  it("stray closing braces are plain text", () => {
    const t = Template.parse("a}}b {{x}}}}")
    assert.deepStrictEqual(t.parts, [text("a}}b "), placeholder("x"), text("}}")])
    assert.deepStrictEqual(t.problems, [])
  })

  it("clips a long malformed placeholder in the problem", () => {
    const t = Template.parse(`{{${"x ".repeat(500)}`)
    assert.strictEqual(t.problems.length, 1)
    assert.isBelow(t.problems[0]!.length, 80)
  })

  it("five malformed placeholders are each reported; past five, the rest are counted in one line", () => {
    assert.strictEqual(Template.parse("{{1}}".repeat(5)).problems.length, 5)
    const t = Template.parse("{{1}}".repeat(7))
    assert.deepStrictEqual(t.problems, [...Array(5).fill("malformed placeholder \"{{1}}\""), "and 2 more malformed placeholders"])
  })

  it("a placeholder after text that spells the previous name is read as its own name", () => {
    for (const source of ["{{ab}}ab{{cd}}", "{{a}}x{{b}}", "{{ab}}{{ab}}x{{cd}}"]) {
      const t = Template.parse(source)
      assert.deepStrictEqual(t.placeholders, source.match(/[a-z]+(?=\}\})/g), source)
    }
  })

  it("is linear: a megabyte of {{ parses quickly", () => {
    const started = Date.now()
    const t = Template.parse("{{".repeat(500_000))
    assert.strictEqual(t.problems.length, 1)
    assert.isBelow(Date.now() - started, 1000)
  })
})

describe("Template.render", () => {
  it("substitutes each placeholder through valueOf and keeps text as is", () => {
    const t = Template.parse("/users/{{id}}?q={{q}}&again={{id}}")
    const seen: Array<string> = []
    const out = Template.render(t, (name) => {
      seen.push(name)
      return name.toUpperCase()
    })
    assert.strictEqual(out, "/users/ID?q=Q&again=ID")
    assert.deepStrictEqual(seen, ["id", "q", "id"])
  })

  it("values are never re-parsed as templates", () => {
    assert.strictEqual(Template.render(Template.parse("{{a}}"), () => "{{b}}"), "{{b}}")
  })
})

describe("Template.hasPlaceholderSyntax", () => {
  it("is true for any {{, well-formed or not", () => {
    assert.isTrue(Template.hasPlaceholderSyntax("{{a}}"))
    assert.isTrue(Template.hasPlaceholderSyntax("x{{"))
    assert.isFalse(Template.hasPlaceholderSyntax("{a}"))
    assert.isFalse(Template.hasPlaceholderSyntax("}}"))
  })
})

const RUNS = propertyRuns(100)

describe("Template properties", () => {
  // Strings built from the characters that matter, so that braces and names meet often.
  const templateish = FastCheck.array(
    FastCheck.constantFrom("{{", "}}", "{", "}", "a", "b1", "_", " ", "1", "-", "/", "é"),
    { maxLength: 30 }
  ).map((pieces) => pieces.join(""))
  const source = FastCheck.oneof(templateish, FastCheck.string())

  it("parsing is lossless: rendering each placeholder as {{name}} gives the source back", () => {
    FastCheck.assert(FastCheck.property(source, (s) => {
      assert.strictEqual(Template.render(Template.parse(s), (name) => `{{${name}}}`), s)
    }), seeded(1, RUNS))
  })

  it("every placeholder is a valid param name; text parts are never empty or adjacent", () => {
    FastCheck.assert(FastCheck.property(source, (s) => {
      const t = Template.parse(s)
      t.parts.forEach((part, i) => {
        if (part._tag === "Placeholder") assert.match(part.name, Template.PARAM_NAME)
        else {
          assert.notStrictEqual(part.text, "")
          assert.notStrictEqual(t.parts[i + 1]?._tag, "Text")
        }
      })
      assert.deepStrictEqual(
        t.placeholders,
        t.parts.flatMap((part) => (part._tag === "Placeholder" ? [part.name] : []))
      )
      assert.strictEqual(t.whole !== undefined, t.parts.length === 1 && t.parts[0]?._tag === "Placeholder")
    }), seeded(2, RUNS))
  })

  it("a string without {{ is always one text part with no problem", () => {
    FastCheck.assert(FastCheck.property(FastCheck.string().filter((s) => !s.includes("{{") && s !== ""), (s) => {
      const t = Template.parse(s)
      assert.deepStrictEqual(t.parts, [text(s)])
      assert.deepStrictEqual(t.problems, [])
    }), seeded(3, RUNS))
  })
})
