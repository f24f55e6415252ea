/**
 * Token accounting (src/internal/search/tokens.ts) against gpt-tokenizer called directly on tool
 * definitions written out by hand here in each provider's wire format — so a wrong format (a
 * missing description, a schema in the wrong field) changes the count and fails.
 */
import { countChatCompletionTokens, countTokens } from "gpt-tokenizer/model/gpt-4o"
import { describe, expect, it } from "vitest"
import type { ModelTool } from "../../src/internal/model/modelTool.js"
import * as Tokens from "../../src/internal/search/tokens.js"

const weather: ModelTool = {
  name: "get_weather",
  description: "Look up the weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string", description: "The city." }, unit: { type: "string", enum: ["c", "f"] } },
    required: ["city"],
    additionalProperties: false
  }
}
const refund: ModelTool = {
  name: "refund_charge",
  description: "Refund a charge, in full or in part.",
  parameters: {
    type: "object",
    properties: { charge: { type: "string" }, amount: { type: "number", description: "In cents." } },
    required: ["charge"],
    additionalProperties: false
  }
}

const wire = (tool: ModelTool) => ({
  name: tool.name,
  description: tool.description,
  schema: { type: "object", properties: tool.parameters.properties, required: tool.parameters.required, additionalProperties: false }
})

describe("toolTokens", () => {
  it("counts OpenAI tools as OpenAI renders function definitions", async () => {
    const empty = countChatCompletionTokens!({ messages: [] })
    const functions = [weather, refund].map((tool) => {
      const { description, name, schema } = wire(tool)
      return { name, description, parameters: schema as never }
    })
    const counted = await Tokens.count([weather, refund], { provider: "openai" })
    expect(counted).toMatchObject({ provider: "openai", encoding: "o200k_base", estimate: false })
    expect(counted.total).toBe(countChatCompletionTokens!({ messages: [], functions }) - empty)
    // A tool's share is what adding it to a list costs; the list's own tokens are counted once.
    const list = (fns: ReadonlyArray<(typeof functions)[number]>) => countChatCompletionTokens!({ messages: [], functions: [...fns] }) - empty
    expect(counted.tools).toEqual([
      { name: "get_weather", tokens: list([functions[1]!, functions[0]!]) - list([functions[1]!]) },
      { name: "refund_charge", tokens: list([functions[0]!, functions[1]!]) - list([functions[0]!]) }
    ])
    expect(counted.overhead).toBe(list([functions[0]!]) - counted.tools[0]!.tokens)
    expect(counted.overhead).toBeGreaterThan(0)
    expect(counted.tools[0]!.tokens + counted.tools[1]!.tokens + counted.overhead).toBe(counted.total)
    expect(counted.total).toBeGreaterThan(20)
  })

  it("estimates Anthropic and Gemini tools from their wire JSON", async () => {
    const anthropic = [weather, refund].map((tool) => {
      const { description, name, schema } = wire(tool)
      return { name, description, input_schema: schema }
    })
    const counted = await Tokens.count([weather, refund], { provider: "anthropic" })
    expect(counted).toMatchObject({ provider: "anthropic", estimate: true, total: countTokens(JSON.stringify(anthropic)) })
    // A share is what the tool adds to the JSON list (within the tokens its joins may merge).
    const json = (list: ReadonlyArray<unknown>) => countTokens(JSON.stringify(list))
    expect(counted.tools[1]!.name).toBe("refund_charge")
    expect(Math.abs(counted.tools[1]!.tokens - (json(anthropic) - json([anthropic[0]])))).toBeLessThanOrEqual(2)
    expect(counted.tools[0]!.tokens + counted.tools[1]!.tokens + counted.overhead).toBe(counted.total)

    const declarations = [weather, refund].map((tool) => {
      const { description, name, schema } = wire(tool)
      return { name, description, parametersJsonSchema: schema }
    })
    const gemini = await Tokens.count([weather, refund], { provider: "gemini" })
    expect(gemini.total).toBe(countTokens(JSON.stringify([{ functionDeclarations: declarations }])))
    expect(gemini.tools[0]!.name).toBe("get_weather")
    const geminiList = (list: ReadonlyArray<unknown>) => json([{ functionDeclarations: list }])
    expect(Math.abs(gemini.tools[0]!.tokens - (geminiList(declarations) - geminiList([declarations[1]])))).toBeLessThanOrEqual(2)
    expect(gemini.tools[0]!.tokens + gemini.tools[1]!.tokens + gemini.overhead).toBe(gemini.total)
  })

  it("counts OpenAI's strict-mode schemas with strict (every property required, an optional one nullable), as sent", async () => {
    const empty = countChatCompletionTokens!({ messages: [] })
    const strictWeather = {
      name: "get_weather",
      description: "Look up the weather for a city.",
      parameters: {
        type: "object",
        properties: { city: { type: "string", description: "The city." }, unit: { type: ["string", "null"], enum: ["c", "f", null] } },
        required: ["city", "unit"],
        additionalProperties: false
      } as never,
      strict: true
    }
    const strict = await Tokens.count([weather], { provider: "openai", strict: true })
    expect(strict.total).toBe(countChatCompletionTokens!({ messages: [], functions: [strictWeather] }) - empty)
    // Not the plain schema's count (OpenAI renders `unit?: "c" | "f"` and `unit: "c" | "f" | null` apart).
    expect(strict.total).not.toBe((await Tokens.count([weather], { provider: "openai" })).total)
    expect(strict.tools[0]!.tokens + strict.overhead).toBe(strict.total)
  })

  it("counts no tools as zero in every format, and OpenAI by default", async () => {
    for (const provider of ["openai", "anthropic", "gemini"] as const) {
      expect(await Tokens.count([], { provider })).toMatchObject({ total: 0, overhead: 0, tools: [] })
    }
    expect((await Tokens.count([weather])).provider).toBe("openai")
  })

  it("grows with the schema: a longer description costs more", async () => {
    const longer = { ...weather, description: `${weather.description} ${"Also mind the forecast. ".repeat(10)}` }
    const [a, b] = await Promise.all([Tokens.count([weather]), Tokens.count([longer])])
    expect(b.total - a.total).toBeGreaterThanOrEqual(50)
  })
})
