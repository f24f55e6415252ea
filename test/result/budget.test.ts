/**
 * Budgets (docs/results.md "Budgets"): the nearest level wins, the default is 40,000 characters,
 * bad settings are named, and a token budget holds under a real tokenizer (gpt-tokenizer's o200k,
 * the tool-search wing's).
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { countTokens } from "gpt-tokenizer"
import * as Budget from "../../src/internal/result/budget.js"
import * as Shrink from "../../src/internal/result/shrink.js"
import * as Fixtures from "../../bench/responses.js"

describe("budget: which applies", () => {
  it("none set: the default, 40,000 characters", () => {
    assert.deepStrictEqual(Budget.effective({}), { maxChars: 40_000, maxTokens: undefined, from: "default" })
  })

  it("the nearest level that sets either limit decides both: call, tool, api, client", () => {
    const levels = {
      client: { maxResultChars: 20_000 },
      api: { maxResultChars: 30_000, maxResultTokens: 9_000 },
      tool: { maxResultTokens: 5_000 },
      call: undefined
    }
    assert.deepStrictEqual(Budget.effective(levels), { maxChars: Infinity, maxTokens: 5_000, from: "tool" })
    assert.deepStrictEqual(Budget.effective({ ...levels, tool: {} }), { maxChars: 30_000, maxTokens: 9_000, from: "api" })
    assert.deepStrictEqual(Budget.effective({ ...levels, call: { maxResultChars: 1_000 } }), {
      maxChars: 1_000,
      maxTokens: undefined,
      from: "call"
    })
    assert.deepStrictEqual(Budget.effective({ client: { maxResultChars: Infinity } }), { maxChars: Infinity, maxTokens: undefined, from: "client" })
  })

  it("a setting that cannot be used is named, with the floor", () => {
    assert.deepStrictEqual(Budget.check({ maxResultChars: 100, maxResultTokens: 1.5 }), [
      "maxResultChars must be a whole number of at least 256, or Infinity for no limit",
      "maxResultTokens must be a whole number of at least 768, or Infinity for no limit"
    ])
    assert.deepStrictEqual(Budget.check({ maxResultChars: "40000" }), [
      "maxResultChars must be a whole number of at least 256, or Infinity for no limit"
    ])
    assert.deepStrictEqual(Budget.check(7), ["a result budget must be an object"])
    assert.deepStrictEqual(Budget.check({ maxResultChars: 256, maxResultTokens: Infinity }), [])
    assert.deepStrictEqual(Budget.check(undefined), [])
  })
})

describe("budget: tokens", () => {
  const values = [Fixtures.githubRepositories(), Fixtures.stripeCharges(), Fixtures.kubernetesPods(), Fixtures.events(1024 * 1024)]

  it("a token budget holds under o200k for real-shaped responses, and uses most of it", () => {
    for (const value of values) {
      for (const maxTokens of [Budget.MIN_TOKENS, 2_000, 10_000]) {
        const fitted = Budget.withinTokens(
          (maxChars) => Shrink.shrink(value, { maxChars }).text,
          { maxChars: Infinity, maxTokens, from: "call" },
          countTokens
        )
        assert.strictEqual(fitted.tokens, countTokens(fitted.text))
        assert.isAtMost(fitted.tokens!, maxTokens)
        if (maxTokens >= 2_000) assert.isAtLeast(fitted.tokens!, maxTokens * 0.6, "not needlessly small")
      }
    }
  })

  it("text a tokenizer spends many tokens on (CJK, emoji) still lands within the budget", () => {
    const value = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: "日本語のテキスト😀🚀".repeat(3) })) }
    const fitted = Budget.withinTokens((maxChars) => Shrink.shrink(value, { maxChars }).text, { maxChars: Infinity, maxTokens: 1_000, from: "call" }, countTokens)
    assert.isAtMost(fitted.tokens!, 1_000)
  })

  it("without a counter, tokens are estimated at four characters each (within the character budget)", () => {
    const render = (maxChars: number) => `${maxChars}`
    assert.deepStrictEqual(Budget.withinTokens(render, { maxChars: 5000, maxTokens: 1000, from: "call" }, undefined), {
      text: "4000",
      tokens: undefined,
      maxChars: 4000
    })
    assert.strictEqual(Budget.withinTokens(render, { maxChars: 3000, maxTokens: 1000, from: "call" }, undefined).maxChars, 3000)
  })
})
