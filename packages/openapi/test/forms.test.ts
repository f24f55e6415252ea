/**
 * docs/openapi.md §Body: a request body that is one of several forms (a top-level `oneOf` /
 * `anyOf` in its schema). GitHub's REST API as published (`@octokit/openapi`), whose operations with such a
 * body were skipped before, imported and two of them executed through `createRcpClient` against a
 * real server on 127.0.0.1; small documents for the rules: conflicting definitions, forms that are
 * not objects, no object form at all, a form body, the remark under the description cap, the budget.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Client from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"
import { json, withServer } from "../../../test/support/server.js"
import * as OpenApi from "../src/OpenApi.js"
import * as Budget from "../src/internal/budget.js"
import * as Mapping from "../src/internal/mapping.js"
import { messages, oneTool, op, spec3 } from "./support.js"

const require = createRequire(import.meta.url)
const GITHUB = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
const METHODS = ["get", "put", "post", "delete", "patch"]

/** Each param as `name type required`, the way a reader checks a tool's signature. */
const signature = (tool: Manifest.Tool): Array<string> =>
  tool.params.map((p) => `${p.name} ${p.type}${p.required === false ? "" : " required"}`)

const bodyOf = (schema: unknown, required = true, media = "application/json") =>
  ({ required, content: { [media]: { schema } } })

describe("docs/openapi.md §Body: a body of several forms, over GitHub's REST API (@octokit/openapi)", () => {
  // One import of GitHub's 13 MB serves every test below.
  const imported = OpenApi.openApiToManifest(GITHUB)
  const tool = async (name: string) => (await imported).manifest.tools.find((t) => t.name === name)!

  it("every operation whose JSON body has a top-level oneOf/anyOf is a tool now, and no operation of the document is skipped", async () => {
    // The oracle, read from the raw document: the operations with such a body.
    const doc = JSON.parse(readFileSync(GITHUB, "utf8")) as Record<string, any>
    const resolve = (node: any): any => node?.$ref === undefined ? node : resolve(node.$ref.slice(2).split("/").reduce((o: any, k: string) => o[k], doc))
    const choices: Array<string> = []
    let operations = 0
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const method of METHODS) {
        if (item[method] === undefined) continue
        operations++
        const schema = resolve(resolve(item[method].requestBody)?.content?.["application/json"]?.schema)
        if (schema?.oneOf !== undefined || schema?.anyOf !== undefined) choices.push(`${method.toUpperCase()} ${path}`)
      }
    }
    assert.strictEqual(choices.length, 29)
    const { manifest, warnings } = await imported
    assert.deepStrictEqual(warnings.filter((w) => w.skipped), [])
    assert.strictEqual(manifest.tools.length, operations)
    const url = (key: string) => `https://api.github.com${key.slice(key.indexOf(" ") + 1).replace(/\{(\w+)\}/g, "{{$1}}")}`
    for (const key of choices) {
      const found = manifest.tools.find((t) => t.method === key.slice(0, key.indexOf(" ")) && t.url === url(key))
      assert.isDefined(found, key)
      assert.isDefined(found!.body, key)
    }
  }, 120_000)

  it("POST /user/codespaces: both forms' properties, neither form's key required, the remark tells them apart", async () => {
    const codespaces = await tool("codespaces_create-for-authenticated-user")
    assert.deepStrictEqual(signature(codespaces), [
      "repository_id number",
      "ref string",
      "location string",
      "geo string",
      "client_ip string",
      "machine string",
      "devcontainer_path string",
      "multi_repo_permissions_opt_out boolean",
      "working_directory string",
      "idle_timeout_minutes number",
      "display_name string",
      "retention_period_minutes number",
      "pull_request object"
    ])
    assert.isTrue(codespaces.description.endsWith(" The body takes one of these forms: {repository_id} | {pull_request}."))
    // Written out again in the second form, `geo` is the same definition: no note, its values kept.
    assert.deepStrictEqual(codespaces.params.find((p) => p.name === "geo")!.enum, ["EuropeWest", "SoutheastAsia", "UsEast", "UsWest"])
    const notes = messages((await imported).warnings.filter((w) => w.operation?.startsWith("POST /user/codespaces ")))
    assert.deepStrictEqual(notes, [])
  })

  it("PATCH check-runs: the shared status keeps all its values; the forms say conclusion goes with completed", async () => {
    const update = await tool("checks_update")
    assert.deepStrictEqual(signature(update), [
      "owner string required",
      "repo string required",
      "check_run_id number required",
      "name string",
      "details_url string",
      "external_id string",
      "started_at string",
      "status string",
      "conclusion string",
      "completed_at string",
      "output object",
      "actions array"
    ])
    assert.deepStrictEqual(update.params.find((p) => p.name === "status")!.enum, ["queued", "in_progress", "completed", "waiting", "requested", "pending"])
    assert.isTrue(update.description.endsWith(
      " The body takes one or more of these forms: {status: \"completed\", conclusion} | {status: \"queued\" | \"in_progress\"}."
    ))
  })

  it("POST projectsV2 fields: keys every form requires are required; a key the forms narrow differently takes all their values", async () => {
    const add = await tool("projects_add-field-for-user")
    assert.deepStrictEqual(signature(add), [
      "username string required",
      "project_number number required",
      "name string required",
      "data_type string required",
      "single_select_options array",
      "iteration_configuration object"
    ])
    const dataType = add.params.find((p) => p.name === "data_type")!
    assert.deepStrictEqual(dataType.enum, ["text", "number", "date", "single_select", "iteration"])
    assert.isTrue(add.description.endsWith(
      " The body takes one of these forms: {data_type: \"text\" | \"number\" | \"date\"} | " +
        "{data_type: \"single_select\", single_select_options} | {data_type: \"iteration\", iteration_configuration}."
    ))
  })

  it("forms that require a property the body does not define are not offered, with a warning; the others decide what is required", async () => {
    const { warnings } = await imported
    const campaign = await tool("campaigns_create-campaign")
    // The second form requires secret_scanning_alerts, which the schema never defines: only the first can be sent.
    assert.deepStrictEqual(campaign.params.filter((p) => p.required !== false).map((p) => p.name), [
      "org",
      "name",
      "description",
      "ends_at",
      "code_scanning_alerts"
    ])
    assert.deepStrictEqual(messages(warnings.filter((w) => w.operation?.startsWith("POST /orgs/{org}/campaigns "))), [
      "POST /orgs/{org}/campaigns (campaigns/create-campaign): a form of the request body is not offered: it requires \"secret_scanning_alerts\", which the body does not define"
    ])
    const pages = await tool("repos_update-information-about-pages-site")
    assert.isTrue(pages.description.endsWith(" The body takes one or more of these forms: {build_type} | {source} | {cname} | {https_enforced}."))
  })

  it("PUT issue labels: a property two forms define differently keeps the first form's schema, and its description names the other", async () => {
    const set = await tool("issues_set-labels")
    const labels = set.params.find((p) => p.name === "labels")!
    assert.deepStrictEqual(labels.schema, { type: "array", items: { type: "string" }, minItems: 1 })
    assert.isTrue(labels.description!.endsWith(" Another body form gives it as: array of object {name}."))
    assert.deepStrictEqual(messages((await imported).warnings.filter((w) => w.operation?.startsWith("PUT /repos/{owner}/{repo}/issues/{issue_number}/labels "))), [
      "PUT /repos/{owner}/{repo}/issues/{issue_number}/labels (issues/set-labels): body property \"labels\" differs between the body's forms: the first form's schema is offered"
    ])
  })

  it("executed through createRcpClient against 127.0.0.1: the server receives exactly the form the model filled in", () =>
    withServer((_req, res) => json(res, 201, { id: 1 }), async (server) => {
      const { manifest } = await OpenApi.openApiToManifest(GITHUB, {
        baseUrl: server.url(""),
        include: ["codespaces/create-for-authenticated-user", "checks/update", "projects/add-field-for-user"]
      })
      assert.deepStrictEqual(manifest.tools.map((t) => t.name).sort(), ["checks_update", "codespaces_create-for-authenticated-user", "projects_add-field-for-user"])
      const rcp = Client.createRcpClient({ credential: "secret-credential", resolvers: {} })
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        await rcp.execute({
          name: "codespaces_create-for-authenticated-user",
          arguments: { pull_request: { pull_request_number: 42, repository_id: 7 }, geo: "EuropeWest" }
        })
        await rcp.execute({
          name: "checks_update",
          arguments: { owner: "acme", repo: "api", check_run_id: 5, status: "completed", conclusion: "success" }
        })
        // A key every form requires is required of the model: the client refuses before any request.
        const refused = await rcp.execute({ name: "projects_add-field-for-user", arguments: { username: "ada", project_number: 3, name: "Sprint" } })
          .then(() => undefined, (error) => error)
        assert.strictEqual(refused?._tag, "InvalidArguments")
        assert.strictEqual(server.requests.length, 2)
        const [create, update] = server.requests
        assert.strictEqual(create!.method, "POST")
        assert.strictEqual(create!.target, "/user/codespaces")
        assert.strictEqual(create!.headers["content-type"], "application/json")
        assert.strictEqual(create!.body, "{\"geo\":\"EuropeWest\",\"pull_request\":{\"pull_request_number\":42,\"repository_id\":7}}")
        assert.strictEqual(update!.method, "PATCH")
        assert.strictEqual(update!.target, "/repos/acme/api/check-runs/5")
        assert.strictEqual(update!.body, "{\"status\":\"completed\",\"conclusion\":\"success\"}")
      } finally {
        await rcp.close()
      }
    }), 120_000)
})

describe("docs/openapi.md §Body: a body of several forms, the rules", () => {
  it.effect("a property two forms define differently: scalars of one type take both forms' values; others the first schema, with a note", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/orders": {
          post: op({
            operationId: "order",
            requestBody: bodyOf({
              oneOf: [
                {
                  type: "object",
                  properties: { kind: { type: "string", enum: ["box"] }, size: { type: "integer", description: "Edge in cm." } },
                  required: ["kind", "size"]
                },
                {
                  type: "object",
                  properties: { kind: { type: "string", enum: ["bag"] }, size: { type: "string" }, note: { type: "string" } },
                  required: ["kind"]
                }
              ]
            })
          })
        }
      }))
      assert.deepStrictEqual(tool.params, [
        { name: "kind", type: "string", enum: ["box", "bag"], description: "One of: \"box\", \"bag\"." },
        { name: "size", type: "number", required: false, description: "Edge in cm. Another body form gives it as: string." },
        { name: "note", type: "string", required: false }
      ])
      assert.deepStrictEqual(tool.body, { kind: "{{kind}}", size: "{{size}}", note: "{{note}}" })
      assert.strictEqual(tool.description, "POST /orders. The body takes one of these forms: {kind: \"box\", size} | {kind: \"bag\"}.")
      assert.deepStrictEqual(messages(warnings), [
        "POST /orders (order): body property \"size\" differs between the body's forms: the first form's schema is offered"
      ])
    }))

  it.effect("forms that are not objects are not offered: the object form is the tool's, and the warning names the others", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/labels": {
          post: op({
            operationId: "label",
            requestBody: bodyOf({
              oneOf: [
                { type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] },
                { type: "array", items: { type: "string" } },
                { type: "string" }
              ]
            })
          })
        }
      }))
      assert.deepStrictEqual(signature(tool), ["names array required"])
      assert.deepStrictEqual(tool.body, { names: "{{names}}" })
      assert.strictEqual(tool.description, "POST /labels")
      assert.deepStrictEqual(messages(warnings), [
        "POST /labels (label): the request body's forms that are not objects are not offered (array of string; string)"
      ])
    }))

  it.effect("no form is an object: the body is refused as before — the operation skipped when it is required, the body left out when not", () =>
    Effect.gen(function*() {
      const choice = { oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] }
      const { manifest, warnings } = yield* OpenApi.toManifest(spec3({
        "/required": { post: op({ operationId: "required", requestBody: bodyOf(choice) }) },
        "/optional": { post: op({ operationId: "optional", requestBody: bodyOf(choice, false) }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => [t.name, t.body]), [["optional", undefined]])
      assert.deepStrictEqual(messages(warnings), [
        "POST /required (required): the request body is not a JSON object (one of: array of string | string)",
        "POST /optional (optional): the optional request body left out: it is not a JSON object (one of: array of string | string)"
      ])
    }))

  it.effect("an optional body of several forms: every param optional; a form body (Stripe, Slack) follows the same rule", () =>
    Effect.gen(function*() {
      const forms = {
        type: "object",
        properties: { reason: { type: "string" } },
        anyOf: [
          { type: "object", properties: { amount: { type: "integer" } }, required: ["amount"] },
          { type: "object", properties: { percent: { type: "number" } }, required: ["percent"] }
        ]
      }
      const { manifest, warnings } = yield* OpenApi.toManifest(spec3({
        "/refunds": { post: op({ operationId: "refund", requestBody: bodyOf(forms, true, "application/x-www-form-urlencoded") }) },
        "/credits": { post: op({ operationId: "credit", requestBody: bodyOf(forms, false) }) }
      }))
      const [refund, credit] = manifest.tools
      assert.strictEqual(refund!.bodyEncoding, "form")
      assert.deepStrictEqual(signature(refund!), ["reason string", "amount number", "percent number"])
      assert.strictEqual(refund!.description, "POST /refunds. The body takes one or more of these forms: {amount} | {percent}.")
      assert.deepStrictEqual(signature(credit!), ["reason string", "amount number", "percent number"])
      assert.strictEqual(credit!.bodyEncoding, undefined)
      assert.deepStrictEqual(warnings, [])
    }))

  it.effect("a long operation description is cut before the forms' remark: the remark is always there, within 1024 characters", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({
        "/things": {
          post: op({
            description: "word ".repeat(600),
            requestBody: bodyOf({
              oneOf: [
                { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
                { type: "object", properties: { b: { type: "string" } }, required: ["b"] }
              ]
            })
          })
        }
      }))
      assert.isAtMost(tool.description.length, 1024)
      assert.match(tool.description, /^word word .* \(\d[\d,]* more characters of the document's description left out\) The body takes one of these forms: \{a\} \| \{b\}\.$/)
    }))

  it("§Limits: what the forms merge is paid for from the budget — many forms of a large object exceed a small document's", () => {
    const properties = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: "string" }]))
    const doc = (forms: number) =>
      spec3({
        "/big": { post: op({ operationId: "big", requestBody: bodyOf({ oneOf: Array.from({ length: forms }, () => ({ $ref: "#/components/schemas/Big" })) }) }) }
      }, { components: { schemas: { Big: { type: "object", properties } } } })
    const few = Budget.make(Number.POSITIVE_INFINITY)
    assert.strictEqual(Mapping.toManifest(doc(2), {}, undefined, new Map(), [], few)._tag, "Mapped")
    const many = Budget.make(Number.POSITIVE_INFINITY)
    assert.strictEqual(Mapping.toManifest(doc(200), {}, undefined, new Map(), [], many)._tag, "Mapped")
    // Each form's 400 properties are merged again: the spend grows with the forms.
    assert.isAbove(many.spent() - few.spent(), 198 * 400)
    const limited = doc(2000)
    const limit = Budget.FLOOR + Budget.PER_NODE * Budget.countNodes(limited)
    assert.deepStrictEqual(Mapping.toManifest(limited, {}, undefined, new Map(), []), Mapping.refused([Budget.exceededMessage(limit)]))
  })
})
