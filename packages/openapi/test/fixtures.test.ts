/**
 * docs/openapi.md over real specs nobody here wrote: every example of `@readme/oas-examples`
 * (Swagger 2.0, OpenAPI 3.0 and 3.1) and GitHub's REST API from `@octokit/openapi`. Each imports
 * without failing, gives a valid manifest, and accounts for every operation: a tool, or a warning
 * that it was skipped. The operation count comes from walking the raw JSON, not from the importer.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Manifest from "rcp-sdk/manifest"
import * as OpenApi from "../src/OpenApi.js"

const require = createRequire(import.meta.url)
const examplesRoot = Path.dirname(require.resolve("@readme/oas-examples/package.json"))
const EXAMPLES = ["2.0", "3.0", "3.1"].flatMap((version) => {
  const dir = Path.join(examplesRoot, version, "json")
  return readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => Path.join(dir, f))
})
const GITHUB = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")

// Specs that name no server at all: importing them needs a baseUrl (and says so without one).
const NO_SERVER = new Set(["api-with-examples.json", "callbacks.json", "link-example.json", "webhooks.json"])

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"])

/** A local JSON pointer (`#/paths/~1pets`), for path items that are `$ref`s. */
const pointer = (doc: unknown, ref: string): unknown =>
  ref.slice(2).split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node: any, key) => node?.[key], doc)

/** `METHOD path` of every operation in the raw document: the oracle, independent of the importer. */
const operationsOf = (file: string): Array<string> => {
  const doc = JSON.parse(readFileSync(file, "utf8")) as { paths?: Record<string, Record<string, unknown>> }
  return Object.entries(doc.paths ?? {}).flatMap(([path, raw]) => {
    const item = typeof raw.$ref === "string" ? pointer(doc, raw.$ref) as Record<string, unknown> : raw
    return Object.keys(item).filter((key) => HTTP_METHODS.has(key)).map((method) => `${method.toUpperCase()} ${path}`)
  })
}

const check = async (file: string) => {
  const name = Path.basename(file)
  const baseUrl = NO_SERVER.has(name) ? "https://api.example.com/v1" : undefined
  const { manifest, warnings } = await OpenApi.openApiToManifest(file, baseUrl === undefined ? {} : { baseUrl })
  const needsHttp = warnings.some((w) => /plain http/.test(w.message))
  const issues = Manifest.issuesOf(manifest, { allowHttp: needsHttp })
  assert.deepStrictEqual(issues.map(Manifest.formatIssue), [], name)

  const expected = operationsOf(file)
  const skipped = warnings.filter((w) => w.skipped)
  assert.strictEqual(manifest.tools.length + skipped.length, expected.length, `${name}: tools + skipped = operations`)
  // Each skip names its operation ("GET /pets (listPets)"), one warning per skipped operation.
  const skippedOps = skipped.map((w) => w.operation!.replace(/ \(.*\)$/, ""))
  assert.strictEqual(new Set(skippedOps).size, skippedOps.length, `${name}: one skip warning per operation`)
  for (const op of skippedOps) assert.include(expected, op, `${name}: the warning names a real operation`)
  for (const w of warnings) assert.isTrue(w.message.length > 0)
  return { manifest, warnings, operations: expected.length }
}

describe("docs/openapi.md over @readme/oas-examples", () => {
  it("finds the examples (Petstore in 2.0, 3.0 and 3.1, parameter styles, security, circular schemas)", () => {
    const names = EXAMPLES.map((f) => `${Path.basename(Path.dirname(Path.dirname(f)))}/${Path.basename(f)}`)
    for (const expected of ["2.0/petstore.json", "3.0/petstore.json", "3.1/petstore.json", "3.0/parameters-style.json",
      "3.0/security.json", "3.0/circular.json", "3.0/schema-circular.json", "2.0/schema-circular.json"]) {
      assert.include(names, expected)
    }
  })

  for (const file of EXAMPLES) {
    const label = `${Path.basename(Path.dirname(Path.dirname(file)))}/${Path.basename(file)}`
    it(`${label}: imports, valid, every operation a tool or a skip warning`, () => check(file).then(() => undefined))
  }

  for (const name of NO_SERVER) {
    it(`${name} without baseUrl: OpenApiInvalid saying to pass baseUrl`, async () => {
      const file = EXAMPLES.find((f) => Path.basename(f) === name)!
      const error = await OpenApi.openApiToManifest(file).then(() => assert.fail("expected OpenApiInvalid"), (e) => e)
      assert.strictEqual(error._tag, "OpenApiInvalid")
      assert.match(error.message, /pass baseUrl/)
    })
  }

  it("Petstore 3.0: the representable operations by name; the rest skipped with the reason", async () => {
    const file = EXAMPLES.find((f) => f.endsWith(Path.join("3.0", "json", "petstore.json")))!
    const { manifest, warnings } = await check(file)
    assert.deepStrictEqual(manifest.tools.map((t) => t.name).sort(), [
      "addPet", "createUser", "deleteOrder", "deletePet", "deleteUser", "findPetsByStatus", "findPetsByTags", "getInventory",
      "getOrderById", "getPetById", "getUserByName", "loginUser", "logoutUser", "placeOrder", "updatePet", "updatePetWithForm",
      "updateUser", "uploadFile"
    ])
    assert.deepStrictEqual(
      warnings.filter((w) => w.skipped).map(OpenApi.formatWarning),
      [
        "POST /user/createWithArray (createUsersWithArrayInput): the request body is not a JSON object (array of object {id, username, firstName, lastName, email, password, phone, userStatus})",
        "POST /user/createWithList (createUsersWithListInput): the request body is not a JSON object (array of object {id, username, firstName, lastName, email, password, phone, userStatus})"
      ]
    )
  })

  it("the same Petstore in 2.0, 3.0 and 3.1 gives the same tool names", async () => {
    const names = await Promise.all(["2.0", "3.0", "3.1"].map(async (version) => {
      const file = EXAMPLES.find((f) => f.endsWith(Path.join(version, "json", "petstore.json")))!
      const { manifest } = await check(file)
      return manifest.tools.map((t) => t.name).sort()
    }))
    assert.deepStrictEqual(names[0], names[1])
    assert.deepStrictEqual(names[1], names[2])
  })
})

describe("docs/openapi.md over GitHub's REST API (@octokit/openapi)", () => {
  it("imports about a thousand operations: valid, every operation accounted for", async () => {
    const { manifest, operations, warnings } = await check(GITHUB)
    assert.isAbove(operations, 900)
    assert.isAbove(manifest.tools.length, operations * 0.8)
    assert.isTrue(manifest.tools.some((t) => t.name === "repos_get" && t.url === "https://api.github.com/repos/{{owner}}/{{repo}}"))
    assert.isTrue(warnings.every((w) => w.operation !== undefined || !w.skipped))
  }, 300_000)
})
