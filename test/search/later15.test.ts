/**
 * Recall round 15 (issue #32), over the evaluation's real imports; requests written for these tests,
 * not taken from a task set:
 * - a change held to a later point of the billing cycle is a subscription schedule (lexicon.ts);
 * - refusing a payer is an entry of a Radar block list, a value list *item* (lexicon.ts), and a name
 *   spelled after its method (`PostRadarValueListItems`) takes no verb from the nouns of its path
 *   (index.ts `actionOf`);
 * - a URL given with a word of recurrence or of events asks for a webhook (query.ts `callsBack`);
 * - a postal address and an IPv4 address are values to set (hints.ts); an item named with such a
 *   value and no verb is updated; a change partway through a period is the subscription's.
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a change that waits for a later time", () => {
  it("is a subscription schedule, where the same change now updates the subscription", () => {
    expect(names("move sub_9Zq to price_Lite")).not.toContain("PostSubscriptionSchedules")
    expect(names("move sub_9Zq to price_Lite at its next renewal").slice(0, 3)).toEqual([
      "PostSubscriptionsSubscriptionExposedId",
      "PostSubscriptionSchedules",
      "PostSubscriptionSchedulesSchedule"
    ])
  })
})

describe("refusing a payer", () => {
  it("adds an item to a Radar list, not a new list", () => {
    expect(names("blacklist fraud@actor.io in radar").slice(0, 2)).toEqual(["PostRadarValueListItems", "PostRadarValueLists"])
  })

  it("reads a method-named tool's verb from its URL, not from a noun of its path", () => {
    // `PostRadarValueListItems` was read as a list ("List" in its name): a create ranked it below the lists.
    expect(names("add an item to the value list rsl_1Ab")[0]).toBe("PostRadarValueListItems")
    expect(names("give me the value list items of rsl_1Ab")[0]).toBe("GetRadarValueListItems")
  })
})

describe("a URL to be called when something happens", () => {
  it("is a webhook, whatever verb says what is sent there", () => {
    expect(names("ping https://pay.octo.dev/cb")[0]).not.toBe("PostWebhookEndpoints")
    expect(names("ping https://pay.octo.dev/cb whenever a charge is refunded")[0]).toBe("PostWebhookEndpoints")
    expect(names("notify https://ops.octo.dev/in on each release of octo/site")[0]).toBe("repos_create-webhook")
  })
})

describe("a value that is a property of the item", () => {
  it("cuts out postal and IPv4 addresses as values to set", () => {
    const address = Hints.read("send it to 400 Oak Avenue, Denver CO 80202 please")
    expect(address.hints.map((hint) => [hint.words, hint.attribute])).toEqual([[["address"], true]])
    const ip = Hints.read("deny 198.51.100.7 now")
    expect(ip.hints.map((hint) => [hint.words, hint.attribute])).toEqual([[["ip", "address"], true]])
  })

  it("updates the item named with the value and no verb", () => {
    expect(names("cus_7Hd now lives in Denver")[0]).toBe("GetCustomersCustomer")
    expect(names("cus_7Hd now lives at 400 Oak Avenue, Denver CO 80202")[0]).toBe("PostCustomersCustomer")
  })

  it("reads a change partway through a period as the subscription's", () => {
    expect(names("swap cus_7Hd onto price_Pro")).not.toContain("PostSubscriptionItemsItem")
    expect(names("swap cus_7Hd onto price_Pro partway through the month")).toContain("PostSubscriptionItemsItem")
  })

  it("reads the new shapes in time linear in the request", () => {
    const hostile = "1 A ".repeat(5_000) + "St " + "9.".repeat(5_000)
    const started = performance.now()
    Hints.read(hostile)
    expect(performance.now() - started).toBeLessThan(200)
  })
})
