/**
 * Protocol 0.2 end to end (docs/protocol.md §1.10–§1.12): a server defines its tools with Effect
 * Schema and zod (`defineTool`), publishes the manifest, a client discovers it over HTTP on
 * 127.0.0.1, shows the model the schemas, checks the model's arguments and sends the request — and
 * the server decodes exactly what the model sent: a JSON body with its own schema, a query and a
 * form body as qs (Express's parser) reads them.
 */
import { orderArgs } from "#test-target"
import { assert, describe, it } from "./support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { z } from "zod"
import * as Client from "../src/Client.js"
import * as Manifest from "../src/Manifest.js"
import * as Server from "../src/Server.js"
import {
  assertNoSecrets,
  clientLayer,
  type RecordedSpan,
  recordingTracer,
  RESOLVED_SECRET,
  safeStringify
} from "./support/execute.js"
import { qsParse } from "./support/formDecoding.js"
import { decodedByEffect } from "./support/schemaLibraries.js"
import { json, type Recorded, type TestServer, testServer } from "./support/server.js"

/**
 * A server that publishes `tools(origin)` at /rcp/manifest and answers every other request with
 * `{ ok: true }`, or with `answer`'s status and body.
 */
const apiServer = (
  tools: (origin: string) => ReadonlyArray<Manifest.Tool>,
  answer?: (req: Recorded) => readonly [number, unknown]
) =>
  Effect.gen(function*() {
    let manifest: Manifest.Manifest | undefined
    const server: TestServer = yield* testServer((req, res) => {
      if (req.path === "/rcp/manifest") return json(res, 200, manifest ??= Server.manifestSync({ tools: tools(server.origin) }))
      const [status, body] = answer?.(req) ?? [200, { ok: true }]
      return json(res, status, body)
    })
    return server
  })

/** The one request the API received after discovery. */
const received = (server: TestServer): Recorded => {
  const calls = server.requests.filter((req) => req.path !== "/rcp/manifest")
  assert.strictEqual(calls.length, 1, "exactly one call reached the API")
  return calls[0]!
}

const queryOf = (req: Recorded): Record<string, unknown> => qsParse(req.target.split("?")[1] ?? "")

// ---------------------------------------------------------------------------------------------
// Effect Schema: arrays and objects in a JSON body and in the query
// ---------------------------------------------------------------------------------------------

const createOrder = (origin: string) =>
  Server.defineTool({
    name: "create_order",
    description: "Place an order.",
    method: "POST",
    args: orderArgs,
    url: `${origin}/orders`,
    queryParams: { tags: (t) => t.arg("tags"), filter: (t) => t.arg("filter") },
    styles: { tags: { style: "form", explode: false } },
    body: { items: (t) => t.arg("items"), shipping: (t) => t.arg("shipping"), source: "assistant" }
  })

const order = {
  items: [{ sku: "SKU-1", quantity: 2 }, { sku: "SKU-22", quantity: 1 }],
  shipping: { name: "Ada", address: { line1: "1 Loop Rd", city: "Paris" }, notes: "ring twice & wait" },
  tags: ["gift", "express"],
  filter: { "warehouse id": "eu-1", channel: "web" }
}

describe("Effect Schema → manifest → client → a real server (JSON body and query)", () => {
  it.scoped("the manifest is version 0.2 and carries the schemas; the model sees them; the server decodes what the model sent", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [createOrder(origin)])
      yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(server.url("/rcp/manifest"))
        assert.strictEqual(discovery.manifest.rcpVersion, "0.2")
        // Effect's refinements describe themselves ("an array of at most 5 item(s)"); the bounds are there too.
        assert.deepStrictEqual(discovery.tools[0]?.parameters.properties.items, {
          type: "array",
          description: "an array of at most 5 item(s)",
          maxItems: 5,
          items: {
            type: "object",
            properties: {
              sku: { type: "string", description: "the product's SKU", minLength: 3 },
              quantity: { type: "integer", description: "a number between 1 and 99", minimum: 1, maximum: 99 }
            },
            required: ["sku", "quantity"],
            additionalProperties: false
          }
        })
        const result = yield* Client.execute({ name: "create_order", arguments: JSON.stringify(order) })
        assert.deepStrictEqual<unknown>(result, { status: 200, data: { ok: true } })
      }).pipe(Effect.provide(clientLayer()))

      const req = received(server)
      assert.strictEqual(req.headers["content-type"], "application/json")
      const body = JSON.parse(req.body)
      assert.strictEqual(body.source, "assistant")
      // The server's own schema decodes the body to exactly the model's values.
      const decoded = decodedByEffect(orderArgs, { items: body.items, shipping: body.shipping })
      assert.deepStrictEqual(decoded, { items: order.items, shipping: order.shipping })
      // The query: a comma-separated list and a deepObject map, as the server reads them.
      assert.deepStrictEqual(queryOf(req), { tags: "gift,express", filter: { "warehouse id": "eu-1", channel: "web" } })
      assert.strictEqual(req.target, "/orders?tags=gift%2Cexpress&filter%5Bwarehouse+id%5D=eu-1&filter%5Bchannel%5D=web")
    }))

  it.scoped("arguments that do not fit: every problem with its path inside the value, and nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [createOrder(origin)])
      const error = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Effect.flip(Client.execute({
          name: "create_order",
          arguments: {
            items: [{ sku: "X", quantity: 0.5 }, { sku: "SKU-3", quantity: 100, colour: "red" }],
            shipping: { name: "Ada", address: { line1: "1 Loop Rd" } },
            tags: "gift"
          }
        }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.strictEqual(
        error.message,
        [
          "invalid arguments for tool \"create_order\":",
          "- \"items[0].sku\" must be at least 3 characters long",
          "- \"items[0].quantity\" must be an integer, got a number with a fraction",
          "- \"items[1].quantity\" must be at most 99",
          "- unknown key \"colour\" in \"items[1]\" (expected: sku, quantity)",
          "- missing required \"shipping.address.city\" (string)",
          "- \"tags\" must be an array, got a string"
        ].join("\n")
      )
      assert.deepStrictEqual(server.requests.map((req) => req.path), ["/rcp/manifest"])
    }))

  it.scoped("OpenAI strict mode: nested required, additionalProperties false, nullable optionals — and a strict model's nulls are read as left out", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [createOrder(origin)])
      yield* Effect.gen(function*() {
        const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
        const [strictTool] = Client.toOpenAiTools(tools, { strict: true })
        // `filter` is a map: it has no strict form, so the tool goes without strict, and says why.
        assert.strictEqual(strictTool?.function.strict, false)
        assert.deepStrictEqual(Client.strictWarnings(tools), [
          "tool \"create_order\" is sent with strict: false: it holds an object with keys of the model's choosing " +
          "(additionalProperties), which strict mode cannot describe"
        ])
        yield* Client.execute({
          name: "create_order",
          arguments: { ...order, shipping: { ...order.shipping, notes: null }, tags: null, filter: null }
        })
      }).pipe(Effect.provide(clientLayer()))
      const req = received(server)
      assert.deepStrictEqual(JSON.parse(req.body).shipping, { name: "Ada", address: { line1: "1 Loop Rd", city: "Paris" } })
      assert.strictEqual(req.target, "/orders")
    }))
})

// ---------------------------------------------------------------------------------------------
// zod: a form body with nested keys, and arrays in the query
// ---------------------------------------------------------------------------------------------

const CheckoutArgs = z.object({
  customer: z.string().describe("the customer id, e.g. cus_42"),
  items: z.array(z.object({ price: z.string(), quantity: z.number().int().min(1) })).min(1),
  metadata: z.record(z.string(), z.string().max(500)).optional(),
  expand: z.array(z.string()).optional()
})

const createCheckout = (origin: string) =>
  Server.defineTool({
    name: "create_checkout_session",
    description: "Create a checkout session.",
    method: "POST",
    args: CheckoutArgs,
    url: `${origin}/v1/checkout/sessions`,
    bodyEncoding: "form",
    styles: { expand: { style: "deepObject" } },
    body: {
      mode: "payment",
      customer: (t) => t.arg("customer"),
      line_items: (t) => t.arg("items"),
      metadata: (t) => t.arg("metadata"),
      expand: (t) => t.arg("expand")
    }
  })

const listEvents = (origin: string) =>
  Server.defineTool({
    name: "list_events",
    description: "List events of some types.",
    method: "GET",
    args: z.object({ types: z.array(z.enum(["created", "updated", "deleted"])), limit: z.number().int().min(1).max(100) }),
    url: `${origin}/v1/events`,
    queryParams: { type: (t) => t.arg("types"), limit: (t) => t.arg("limit") }
  })

describe("zod → manifest → client → a real server (form body, query arrays)", () => {
  it.scoped("a form body with Stripe's nested keys, read back by the server as the model's values", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [createCheckout(origin)])
      const args = {
        customer: "cus_42",
        items: [{ price: "price_1", quantity: 2 }, { price: "price_2", quantity: 1 }],
        metadata: { order_id: "6735", "note & more": "a=b" },
        expand: ["customer", "line_items"]
      }
      // The approval hook (a POST needs approval by default) sees the request before it is sent.
      const approved: Array<Client.PreparedRequest> = []
      const approval = Client.Approval.layer((request) => {
        approved.push(request)
        return true
      })
      const shown = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        const shown = yield* Client.buildRequest({ name: "create_checkout_session", arguments: args })
        yield* Client.execute({ name: "create_checkout_session", arguments: args })
        return shown
      }).pipe(Effect.provide(clientLayer().pipe(Layer.provide(approval))))
      const req = received(server)
      assert.strictEqual(req.headers["content-type"], "application/x-www-form-urlencoded")
      // buildRequest (and --dry-run) and the approval view show the body exactly as it is sent: encoded.
      assert.strictEqual(shown.body, req.body)
      assert.strictEqual(approved.length, 1)
      assert.strictEqual(approved[0]!.body, req.body)
      assert.strictEqual(approved[0]!.headers["content-type"], "application/x-www-form-urlencoded")
      assert.strictEqual(
        req.body,
        "mode=payment&customer=cus_42&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2" +
          "&line_items%5B1%5D%5Bprice%5D=price_2&line_items%5B1%5D%5Bquantity%5D=1&metadata%5Border_id%5D=6735" +
          "&metadata%5Bnote+%26+more%5D=a%3Db&expand%5B0%5D=customer&expand%5B1%5D=line_items"
      )
      // The server reads the form as Express does (qs); with its schema, coercing text as a form API must.
      const form = qsParse(req.body)
      assert.deepStrictEqual(form, {
        mode: "payment",
        customer: "cus_42",
        line_items: [{ price: "price_1", quantity: "2" }, { price: "price_2", quantity: "1" }],
        metadata: { order_id: "6735", "note & more": "a=b" },
        expand: ["customer", "line_items"]
      })
      const coerced = CheckoutArgs.extend({ items: z.array(z.object({ price: z.string(), quantity: z.coerce.number() })) })
      assert.deepStrictEqual(coerced.parse({ ...form, items: form.line_items }), { ...args })
    }))

  it.scoped("a map key that would change the form's structure is refused, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [createCheckout(origin)])
      const error = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Effect.flip(Client.execute({
          name: "create_checkout_session",
          arguments: { customer: "cus_42", items: [{ price: "p", quantity: 1 }], metadata: { "x][customer": "cus_evil" } }
        }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.include(error.message, "\"metadata\" cannot have an empty key, or a key containing \"[\" or \"]\"")
      assert.deepStrictEqual(server.requests.map((req) => req.path), ["/rcp/manifest"])
    }))

  it.scoped("an array of enum values in the query as repeated keys (OpenAPI's default)", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [listEvents(origin)])
      yield* Effect.gen(function*() {
        const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
        assert.deepStrictEqual(tools[0]?.parameters.properties.types, {
          type: "array",
          items: { type: "string", enum: ["created", "updated", "deleted"] }
        })
        assert.deepStrictEqual(tools[0]?.parameters.properties.limit, {
          type: "integer",
          description: "an integer",
          minimum: 1,
          maximum: 100
        })
        yield* Client.execute({ name: "list_events", arguments: { types: ["created", "deleted"], limit: 10 } })
      }).pipe(Effect.provide(clientLayer()))
      const req = received(server)
      assert.strictEqual(req.target, "/v1/events?type=created&type=deleted&limit=10")
      assert.deepStrictEqual(req.query.getAll("type"), ["created", "deleted"])
    }))
})

// ---------------------------------------------------------------------------------------------
// Resolvers fill structured params; their values stay out of errors
// ---------------------------------------------------------------------------------------------

describe("a resolver fills an array or object param", () => {
  const scoped = (origin: string) =>
    Server.defineTool({
      name: "search_docs",
      description: "Search the documents the user may read.",
      method: "POST",
      args: z.object({
        q: z.string(),
        scope: z.object({ tenant: z.string(), groups: z.array(z.string()) }).describe("resolve on the client")
      }),
      url: `${origin}/search`,
      body: { q: (t) => t.arg("q"), scope: (t) => t.arg("scope") }
    })

  it.scoped("hidden from the model, checked against its schema, sent as JSON — and redacted from an error body", () =>
    Effect.gen(function*() {
      // The API rejects the call and echoes what it got, as error bodies do.
      const server = yield* apiServer((origin) => [scoped(origin)], (req) => [400, { error: "bad scope", got: req.body }])
      const resolvers = { scope: () => ({ tenant: RESOLVED_SECRET, groups: ["eng", "ops-secret-group"] }) }
      const spans: Array<RecordedSpan> = []
      const error = yield* Effect.gen(function*() {
        const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
        assert.deepStrictEqual(Object.keys(tools[0]!.parameters.properties), ["q"])
        return yield* Effect.flip(Client.execute({ name: "search_docs", arguments: { q: "roadmap" } }))
      }).pipe(Effect.provide(clientLayer({}, resolvers)), Effect.withTracer(recordingTracer(spans)))
      // No resolved value, at any depth of the object, in the spans or in the error's other fields.
      assert.isTrue(spans.some((span) => span.name === "RcpClient.execute"))
      for (const span of spans) {
        assertNoSecrets(`span ${span.name}`, safeStringify([span.name, [...span.attributes], span.events]), [
          RESOLVED_SECRET,
          "ops-secret-group"
        ])
      }
      assertNoSecrets("the error", safeStringify({ ...error, body: "(checked below)" }) + String(error), [
        RESOLVED_SECRET,
        "ops-secret-group"
      ])
      assert.deepStrictEqual(JSON.parse(received(server).body), {
        q: "roadmap",
        scope: { tenant: RESOLVED_SECRET, groups: ["eng", "ops-secret-group"] }
      })
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag === "HttpError") {
        assert.notInclude(error.body, RESOLVED_SECRET)
        assert.notInclude(error.body, "ops-secret-group")
        // The model's own value is not the client's secret, and short ones ("eng") say nothing.
        assert.include(error.body, "roadmap")
      }
    }))

  it.scoped("a value that does not fit is ResolverFailed, naming the path with a map's keys masked; nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* apiServer((origin) => [scoped(origin)])
      const error = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Effect.flip(Client.execute({ name: "search_docs", arguments: { q: "x" } }))
      }).pipe(Effect.provide(clientLayer({}, { scope: () => ({ tenant: RESOLVED_SECRET, groups: [7] }) })))
      assert.strictEqual(error._tag, "ResolverFailed")
      assert.strictEqual(
        error.message,
        "tool \"search_docs\": the resolver for \"scope\" produced a value that does not fit the param's schema: " +
          "\"scope.groups[0]\" must be a string, got a number"
      )
      assert.notInclude(error.message, RESOLVED_SECRET)
      assert.deepStrictEqual(server.requests.map((req) => req.path), ["/rcp/manifest"])
    }))
})

// ---------------------------------------------------------------------------------------------
// A tool this client cannot read is left out at discovery, with a warning; the others are used
// ---------------------------------------------------------------------------------------------

describe("a 0.2 manifest with a tool this client cannot read (docs/protocol.md §9)", () => {
  it.scoped("discovery leaves that tool out with a warning naming it; the others are offered and called", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path !== "/rcp/manifest") return json(res, 200, { ok: true })
        const tool = (name: string, extra: object) => ({
          name,
          description: "A tool.",
          method: "POST",
          params: [{ name: "q", type: "string" }],
          url: `${server.origin}/${name}`,
          body: { q: "{{q}}" },
          ...extra
        })
        return json(res, 200, {
          rcpVersion: "0.2",
          tools: [tool("upload", { bodyEncoding: "multipart" }), tool("search", { bodyEncoding: "form" })]
        })
      })
      const discovery = yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(server.url("/rcp/manifest"))
        yield* Client.execute({ name: "search", arguments: { q: "a&b" } })
        const missing = yield* Effect.flip(Client.execute({ name: "upload", arguments: { q: "x" } }))
        assert.strictEqual(missing._tag, "ToolNotFound")
        return discovery
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(discovery.tools.map((t) => t.name), ["search"])
      assert.include(
        discovery.warnings.join("\n"),
        "tool \"upload\" was left out: its bodyEncoding \"multipart\" is not one this client reads (\"json\", \"form\"); " +
          "a newer rcp-sdk may read it"
      )
      const req = received(server)
      assert.strictEqual(req.path, "/search")
      assert.strictEqual(req.body, "q=a%26b")
    }))
})
