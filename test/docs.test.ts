/**
 * docs/protocol.md and the JSDoc examples say what the code does: the reference's manifests
 * decode, its describeManifest text, model-facing schema and built request are what the client
 * produces for them, its error table lists exactly the exported errors, every section a code
 * comment or test cites exists, and every `@example` of the public modules compiles against the
 * built package.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { execFileSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import * as Client from "../src/Client.js"
import * as Manifest from "../src/Manifest.js"
import * as Resolver from "../src/Resolver.js"
import { blocks, errorTags, jsdocExamples, read, root, section, sectionNumbers, tableNames, typecheck } from "./support/docs.js"

const protocol = read("docs/protocol.md")

/** The reference's running example: the one JSON block of §1. */
const example = (): unknown => {
  const json = blocks(protocol).filter((b) => b.lang === "json")
  assert.strictEqual(json.length, 1)
  return JSON.parse(json[0]!.code)
}

/** A text block of a section, by its first line. */
const textBlock = (sectionTitle: string, startsWith: string): string => {
  const found = blocks(section(protocol, sectionTitle)).find((b) => b.code.startsWith(startsWith))
  assert.isDefined(found, `${sectionTitle}: no block starting with ${startsWith}`)
  return found!.code
}

// The example's identity param is resolved, as the reference describes; register sends nothing.
const client = Client.layer({ credential: "doc-token" }).pipe(
  Layer.provide(Resolver.layer({ customerId: () => "c-7" })),
  Layer.provide(FetchHttpClient.layer)
)

describe("docs/protocol.md", () => {
  it.effect("its manifest decodes, and §5, §7 and §3.4 show what the client makes of it", () =>
    Effect.gen(function*() {
      yield* Manifest.decode(example())
      const discovery = yield* Client.register(example(), { url: "https://shop.example.com/rcp/manifest" })

      assert.strictEqual(
        Client.describeManifest(discovery.manifest, discovery.tools),
        textBlock("5. describeManifest", "RCP manifest")
      )
      assert.deepStrictEqual(
        discovery.tools.find((tool) => tool.name === "get_order"),
        JSON.parse(textBlock("7. The model-facing schema", "{"))
      )

      const request = yield* Client.buildRequest({
        name: "add_order_note",
        arguments: { orderNumber: "A-1042", text: "Gift wrap, please" }
      })
      const [requestLine, ...rest] = textBlock("3.4 Build the request", "POST").split("\n")
      assert.strictEqual(requestLine, `${request.method} ${request.url}`)
      const blank = rest.indexOf("")
      const headers = Object.fromEntries(rest.slice(0, blank).map((line) => {
        const colon = line.indexOf(": ")
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 2)]
      }))
      assert.deepStrictEqual(headers, { ...request.headers, authorization: "Bearer <credential>" })
      assert.strictEqual(request.headers["authorization"], "Bearer <redacted>")
      assert.strictEqual(rest.slice(blank + 1).join("\n"), request.body)
    }).pipe(Effect.provide(client)))

  it("§6 lists exactly the library's error tags", () => {
    const exported = errorTags(Client)
    assert.isAtLeast(exported.length, 15)
    assert.deepStrictEqual(tableNames(section(protocol, "6. Errors")).filter((tag) => tag !== "_tag").sort(), exported)
  })

  it("every section cited in src/ and test/ exists (as \"SPEC §n\" or \"docs/protocol.md §n\")", () => {
    const numbers = sectionNumbers(protocol)
    for (const n of ["1", "2", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "4", "5", "6", "7", "8", "9"]) {
      assert.isTrue(numbers.has(n), `§${n} is missing`)
    }
    const cited = new Set<string>()
    // Every TypeScript file of src/ and test/, in the wings and suites below them too.
    for (const dir of ["src", "test"]) {
      const files = readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
      for (const file of files) {
        for (const m of read(`${dir}/${file}`).matchAll(/(?:SPEC|docs\/protocol\.md) §(\d+(?:\.\d+)*)/g)) cited.add(m[1]!)
      }
    }
    assert.isAtLeast(cited.size, 5)
    assert.deepStrictEqual([...cited].filter((n) => !numbers.has(n)), [])
  })

  it("does not send readers to a spec they do not have", () => {
    assert.notMatch(protocol, /\bSPEC\b/)
  })

  it("ships in the package, beside the README that links to it", () => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm"
    const packed = JSON.parse(
      execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" })
    ) as Array<{ readonly files: ReadonlyArray<{ readonly path: string }> }>
    const paths = packed[0]!.files.map((file) => file.path)
    assert.includeMembers(paths, ["README.md", "docs/protocol.md"])
  }, 30_000)
})

describe("JSDoc examples", () => {
  it("every @example of the public modules compiles against the built package", () => {
    const modules = [
      ...["Manifest", "Resolver", "Client", "Errors", "Providers", "Server", "Lock", "OAuth"].map((name) => `src/${name}.ts`),
      "packages/openapi/src/OpenApi.ts",
      "packages/openapi/src/Cli.ts",
      "packages/ai-sdk/src/AiSdk.ts",
      "packages/effect-ai/src/EffectAi.ts",
      "packages/mcp/src/Mcp.ts"
    ]
    const files = modules.flatMap((module) =>
      jsdocExamples(read(module)).map((code, i) => ({ name: `${module.replace(/\W/g, "_")}-${i}.ts`, code }))
    )
    assert.isAtLeast(files.length, 6)
    const tsc = typecheck(".jsdoc-check", files)
    assert.strictEqual(tsc.output, "", "JSDoc examples must compile")
    assert.strictEqual(tsc.status, 0)
  }, 60_000)
})
