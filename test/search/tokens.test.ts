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
    expect(counted.tools).toEqual([
      { name: "get_weather", tokens: countChatCompletionTokens!({ messages: [], functions: [functions[0]!] }) - empty },
      { name: "refund_charge", tokens: countChatCompletionTokens!({ messages: [], functions: [functions[1]!] }) - empty }
    ])
    expect(counted.total).toBeGreaterThan(20)
  })

  it("estimates Anthropic and Gemini tools from their wire JSON", async () => {
    const anthropic = [weather, refund].map((tool) => {
      const { description, name, schema } = wire(tool)
      return { name, description, input_schema: schema }
    })
    const counted = await Tokens.count([weather, refund], { provider: "anthropic" })
    expect(counted).toMatchObject({ provider: "anthropic", estimate: true, total: countTokens(JSON.stringify(anthropic)) })
    expect(counted.tools[1]).toEqual({ name: "refund_charge", tokens: countTokens(JSON.stringify(anthropic[1])) })

    const declarations = [weather, refund].map((tool) => {
      const { description, name, schema } = wire(tool)
      return { name, description, parametersJsonSchema: schema }
    })
    const gemini = await Tokens.count([weather, refund], { provider: "gemini" })
    expect(gemini.total).toBe(countTokens(JSON.stringify([{ functionDeclarations: declarations }])))
    expect(gemini.tools[0]).toEqual({ name: "get_weather", tokens: countTokens(JSON.stringify(declarations[0])) })
  })

  it("counts no tools as zero in every format, and OpenAI by default", async () => {
    for (const provider of ["openai", "anthropic", "gemini"] as const) {
      expect((await Tokens.count([], { provider })).total).toBe(0)
    }
    expect((await Tokens.count([weather])).provider).toBe("openai")
  })

  it("grows with the schema: a longer description costs more", async () => {
    const longer = { ...weather, description: `${weather.description} ${"Also mind the forecast. ".repeat(10)}` }
    const [a, b] = await Promise.all([Tokens.count([weather]), Tokens.count([longer])])
    expect(b.total - a.total).toBeGreaterThanOrEqual(50)
  })
})
