/**
 * The satellites run on the target of their project, against the core of the same target
 * (docs/effect4.md §Satellites): their code and tests reach the core by name (`rcp-sdk/client`, …,
 * their only way in), and in each project that name is the core's src/ built for that Effect —
 * not the built Effect 3 package that `node_modules/rcp-sdk` holds. In `npm test` this file runs
 * on Effect 3 only.
 */
import { target } from "#test-target"
import * as ClientByName from "rcp-sdk/client"
import * as ManifestByName from "rcp-sdk/manifest"
import * as ProvidersByName from "rcp-sdk/providers"
import * as ResolverByName from "rcp-sdk/resolver"
import * as ResultByName from "rcp-sdk/result"
import * as Client from "../../src/Client.js"
import * as Providers from "../../src/Providers.js"
import * as Resolver from "../../src/Resolver.js"
import * as Result from "../../src/Result.js"
import { assert, describe, it } from "../support/effectVitest.js"

describe(`the satellites on the ${target} run`, () => {
  it("rcp-sdk/… by name is the core's src/ of this run: one copy of each module", () => {
    assert.strictEqual(ClientByName.RcpClient, Client.RcpClient)
    assert.strictEqual(ClientByName.createRcpClient, Client.createRcpClient)
    assert.strictEqual(ProvidersByName.modelFacingError, Providers.modelFacingError)
    assert.strictEqual(ResolverByName.Resolvers, Resolver.Resolvers)
    assert.strictEqual(ResultByName.looksLikeHtml, Result.looksLikeHtml)
  })

  it("rcp-sdk/manifest by name is built for this Effect: validate gives an Either on Effect 3, a Result on Effect 4", () => {
    const checked = ManifestByName.validate({ rcpVersion: "0.1", tools: [{ name: "x" }] }) as unknown as { readonly _tag: string }
    assert.strictEqual(checked._tag, target === "effect4" ? "Failure" : "Left")
  })
})
