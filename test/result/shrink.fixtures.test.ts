/**
 * What survives shrinking of real-shaped responses (test/result/fixtures.ts) at the default budget
 * and a small one: always valid JSON within the budget; the first items whole, with the fields a
 * reader needs (a repository's name, stars and language; a charge's amount and status; a pod's
 * name, phase and image); the markers' counts add up to the list's length; the members after a
 * list (Stripe's `has_more` and `url`, Kubernetes' `metadata.continue`) are still there.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Shrink from "../../src/internal/result/shrink.js"
import * as Fixtures from "../../bench/responses.js"

const DEFAULT = 40_000

const shrunk = (value: unknown, maxChars: number) => {
  const whole = JSON.stringify(value)
  const result = Shrink.shrink(value, { maxChars, fullChars: whole.length })
  assert.isAtMost(result.text.length, maxChars)
  const parsed = JSON.parse(result.text) as { truncated: string; data: any }
  assert.include(parsed.truncated, `fit ${maxChars} characters`)
  if (maxChars >= 1024) assert.include(parsed.truncated, `(it had ${whole.length})`)
  return { ...result, parsed }
}

/** The items shown and the count the marker gives, checked against the input's length. */
const shownOf = (items: ReadonlyArray<unknown>, length: number): Array<any> => {
  const marker = items[items.length - 1]
  assert.isString(marker)
  const shown = items.slice(0, -1)
  assert.strictEqual(marker, `… ${length - shown.length} more items`)
  return shown
}

describe("shrink: real-shaped responses", () => {
  it("GitHub, 100 repositories (~530 KB): whole repositories first, every field of each", () => {
    const repos = Fixtures.githubRepositories()
    const { cut, parsed } = shrunk(repos, DEFAULT)
    const shown = shownOf(parsed.data, repos.length)
    assert.isAtLeast(shown.length, 6)
    // Whole: every repository shown is exactly the input's.
    assert.deepStrictEqual(shown, repos.slice(0, shown.length))
    assert.strictEqual(cut?.itemsOmitted, repos.length - shown.length)
    assert.strictEqual(cut?.stringsClipped, 0)
  })

  it("GitHub at 4,000 characters: the first repository, its short fields whole", () => {
    const repos = Fixtures.githubRepositories()
    const { parsed } = shrunk(repos, 4_000)
    const [first] = shownOf(parsed.data, repos.length)
    for (const field of ["id", "name", "full_name", "html_url", "private", "fork"] as const) {
      assert.deepStrictEqual(first[field], repos[0]![field], field)
    }
    assert.strictEqual(first.owner.login, "octocat")
  })

  it("Stripe, 100 charges (~225 KB): the first charges whole, has_more and url after the list kept", () => {
    const list = Fixtures.stripeCharges()
    const { parsed } = shrunk(list, DEFAULT)
    assert.deepStrictEqual(Object.keys(parsed.data), ["object", "data", "has_more", "url"])
    assert.strictEqual(parsed.data.has_more, true)
    assert.strictEqual(parsed.data.url, "/v1/charges")
    const shown = shownOf(parsed.data.data, list.data.length)
    assert.isAtLeast(shown.length, 12)
    assert.deepStrictEqual(shown, list.data.slice(0, shown.length))
  })

  it("Stripe at 4,000 characters: one charge, its amount, currency, status and customer", () => {
    const list = Fixtures.stripeCharges()
    const { parsed } = shrunk(list, 4_000)
    const [first] = shownOf(parsed.data.data, list.data.length)
    for (const field of ["id", "amount", "currency", "status", "customer", "created"] as const) {
      assert.deepStrictEqual(first[field], list.data[0]![field], field)
    }
    assert.strictEqual(parsed.data.has_more, true)
  })

  it("Kubernetes, 200 pods (~750 KB): names, phases and images of the first pods; the continue token", () => {
    const pods = Fixtures.kubernetesPods()
    const { parsed } = shrunk(pods, DEFAULT)
    assert.strictEqual(parsed.data.metadata.continue, pods.metadata.continue)
    const shown = shownOf(parsed.data.items, pods.items.length)
    assert.isAtLeast(shown.length, 8)
    shown.forEach((pod, i) => {
      const original = pods.items[i]!
      assert.strictEqual(pod.metadata.name, original.metadata.name)
      assert.strictEqual(pod.status.phase, original.status.phase)
      assert.strictEqual(pod.spec.containers[0].image, original.spec.containers[0]!.image)
      assert.deepStrictEqual(pod.status.containerStatuses[0].state, original.status.containerStatuses[0]!.state)
    })
  })

  it("Kubernetes at 4,000 characters: the first pod's name, phase and image", () => {
    const pods = Fixtures.kubernetesPods()
    const { parsed } = shrunk(pods, 4_000)
    const [first] = shownOf(parsed.data.items, pods.items.length)
    assert.strictEqual(first.metadata.name, pods.items[0]!.metadata.name)
    assert.strictEqual(first.status.phase, pods.items[0]!.status.phase)
    assert.strictEqual(first.spec.containers[0].image, pods.items[0]!.spec.containers[0]!.image)
  })

  it("a 5 MiB array of events: the first events whole, the count of the rest", () => {
    const events = Fixtures.events()
    assert.isAtLeast(JSON.stringify(events).length, 5 * 1024 * 1024)
    const tiny = shownOf(shrunk(events, Shrink.MIN_CHARS).parsed.data, events.length)
    assert.strictEqual(tiny[0].id, (events[0] as { id: string }).id)
    for (const maxChars of [4_000, DEFAULT, 400_000]) {
      const { parsed } = shrunk(events, maxChars)
      const shown = shownOf(parsed.data, events.length)
      assert.isAtLeast(shown.length, 1)
      assert.deepStrictEqual(shown, events.slice(0, shown.length), String(maxChars))
    }
  })

  it("fixtures at budgets from the minimum to a megabyte: within the budget, valid, deterministic", () => {
    const values = [Fixtures.githubRepositories(), Fixtures.stripeCharges(), Fixtures.kubernetesPods()]
    for (const value of values) {
      const whole = JSON.stringify(value)
      for (const maxChars of [256, 300, 512, 1000, 1500, 2500, 10_000, 100_000, 1_000_000]) {
        const first = Shrink.shrink(value, { maxChars, fullChars: whole.length })
        assert.isAtMost(first.text.length, maxChars)
        assert.strictEqual(Shrink.shrink(value, { maxChars, fullChars: whole.length }).text, first.text)
        const parsed = JSON.parse(first.text)
        if (whole.length <= maxChars) assert.strictEqual(first.text, whole)
        else assert.isString(parsed.truncated)
      }
    }
  })

  it("the hint may overstate (pretty-printed JSON): a value whose compact form fits is sent whole", () => {
    const value = Fixtures.stripeCharges(10)
    const pretty = JSON.stringify(value, null, 2)
    const compact = JSON.stringify(value)
    const maxChars = compact.length + 10
    assert.isAbove(pretty.length, maxChars)
    const result = Shrink.shrink(value, { maxChars, fullChars: pretty.length })
    assert.strictEqual(result.text, compact)
    assert.isUndefined(result.cut)
  })
})
