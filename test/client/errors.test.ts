/**
 * rcp-sdk/errors: every error class a client raises, one union and one guard. The guard knows the
 * classes (not a `_tag` look-alike); rcp-sdk/client re-exports the very same classes; and the union
 * is every error the client's operations declare they fail with. rcp-sdk/providers is re-exported by
 * rcp-sdk/client the same way.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Client from "../../src/Client.js"
import * as Errors from "../../src/Errors.js"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import * as Providers from "../../src/Providers.js"
import * as Resolver from "../../src/Resolver.js"
import * as Server from "../../src/Server.js"
import { errorTags } from "../support/docs.js"

/** One instance of every class, built as the client builds them. */
const instances: ReadonlyArray<Errors.RcpError> = [
  new Errors.ManifestInvalid({ issues: [] }),
  new Errors.UnsupportedVersion({ url: "https://api.example/rcp", version: "9" }),
  new Errors.DuplicateTool({ tool: "t", firstUrl: "https://a.example", secondUrl: "https://b.example" }),
  new Errors.InvalidDiscoverOptions({ url: "https://api.example/rcp", problem: "p" }),
  new Errors.ManifestChanged({ url: "https://api.example/rcp", added: [], removed: [], changed: [] }),
  new Errors.ManifestNotPinned({ url: "https://api.example/rcp", pinned: [] }),
  new Errors.ToolNotFound({ tool: "t", available: [] }),
  new Errors.InvalidArguments({ tool: "t", problems: [] }),
  new Errors.ResolverMissing({ tool: "t", param: "p" }),
  new Errors.ResolverFailed({ tool: "t", param: "p", reason: "r" }),
  new Errors.InsecureUrl({ url: "http://api.example" }),
  new Errors.UntrustedOrigin({ tool: "t", origin: "https://a.example", manifestOrigin: "https://b.example" }),
  new Errors.CredentialMissing({ tool: "t", origin: "https://a.example", reason: "r" }),
  new Errors.ApprovalDenied({ tool: "t", method: "POST" }),
  new Errors.ApprovalFailed({ tool: "t", method: "POST", cause: undefined }),
  new Errors.TransportError({ target: "t", reason: "r" }),
  new Errors.Timeout({ target: "t", timeoutMs: 1 }),
  new Errors.ResponseTooLarge({ target: "t", maxBytes: 1 }),
  new Errors.RedirectRefused({ target: "t", status: 302, origin: "https://a.example", location: "https://b.example" }),
  new Errors.TooManyRedirects({ target: "t", max: 1 }),
  new Errors.BlockedAddress({ target: "t", host: "127.0.0.1" }),
  new Errors.HttpError({ target: "t", status: 500, body: "" }),
  new Errors.InvalidResponse({ target: "t", reason: "r" }),
  new Errors.ClientClosed(),
  new Errors.AuthorizationRequired({ api: "a", reason: "not-connected", authorizationUrl: undefined }),
  new Errors.TokenRequestFailed({ api: "a", grant: "refresh_token", origin: "https://a.example", reason: "r" }),
  new Errors.TokenStoreFailed({ operation: "get", reason: "r" }),
  new Errors.UntrustedAuthorizationServer({ api: "a", endpoint: "tokenUrl", origin: "https://a.example", manifestOrigin: "https://b.example" }),
  new Errors.AuthorizationFailed({ api: "a", reason: "r" }),
  new Errors.OAuthNotConfigured({ url: "https://api.example/rcp" })
]

describe("rcp-sdk/errors", () => {
  it("declares one class per error tag rcp-sdk/client exports, and the client's are the same classes", () => {
    assert.deepStrictEqual(errorTags(Errors), errorTags(Client))
    for (const tag of errorTags(Errors)) {
      assert.strictEqual((Client as Record<string, unknown>)[tag], (Errors as Record<string, unknown>)[tag], tag)
    }
    assert.strictEqual(Errors.ManifestInvalid, Manifest.ManifestInvalid)
    assert.strictEqual(Errors.ResolverMissing, Resolver.ResolverMissing)
    assert.strictEqual(Errors.ResolverFailed, Resolver.ResolverFailed)
  })

  it("isRcpError: true for an instance of every class, each under its own tag", () => {
    assert.deepStrictEqual(instances.map((error) => error._tag).sort(), errorTags(Errors))
    for (const error of instances) assert.isTrue(Errors.isRcpError(error), error._tag)
  })

  it("isRcpError: false for a look-alike, a plain Error and anything else", () => {
    for (const value of [{ _tag: "Timeout", message: "m" }, new Error("Timeout"), "Timeout", null, undefined, 1]) {
      assert.isFalse(Errors.isRcpError(value), String(value))
    }
  })

  it("narrows: a guarded value has a tag and a message", () => {
    const unknown: unknown = instances[0]
    if (!Errors.isRcpError(unknown)) return assert.fail("not an RcpError")
    const tag: Errors.RcpError["_tag"] = unknown._tag
    assert.strictEqual(tag, "ManifestInvalid")
    assert.match(unknown.message, /invalid RCP manifest/)
  })
})

describe("rcp-sdk/providers", () => {
  it("rcp-sdk/client re-exports every function of it, the very same", () => {
    const names = Object.keys(Providers)
    assert.isAtLeast(names.length, 10)
    for (const name of names) {
      assert.strictEqual((Client as Record<string, unknown>)[name], (Providers as Record<string, unknown>)[name], name)
    }
  })
})

describe("LockInvalid and ArgsInvalid: tagged errors like the rest (docs/effect4.md §Errors)", () => {
  const lockInvalid = new Lock.LockInvalid({ issues: [{ path: ["version"], message: "m" }], source: "rcp.lock.json" })
  const argsInvalid = new Server.ArgsInvalid({ tool: "t", reason: "r" })

  it("keep their tag (on the instance and the class), fields, message and Error-ness", () => {
    assert.strictEqual(lockInvalid._tag, "LockInvalid")
    assert.strictEqual(Lock.LockInvalid._tag, "LockInvalid")
    assert.strictEqual(argsInvalid._tag, "ArgsInvalid")
    assert.strictEqual(Server.ArgsInvalid._tag, "ArgsInvalid")
    assert.strictEqual(lockInvalid.source, "rcp.lock.json")
    assert.strictEqual(lockInvalid.message, "invalid lock rcp.lock.json (1 problem(s)):\n  - version: m")
    assert.strictEqual(argsInvalid.message, "defineTool \"t\": r")
    assert.instanceOf(lockInvalid, Error)
    assert.instanceOf(argsInvalid, Error)
    assert.strictEqual(String(argsInvalid), "ArgsInvalid: defineTool \"t\": r")
  })

  it.effect("are caught by tag", () =>
    Effect.gen(function*() {
      const caught = yield* Effect.fail(lockInvalid).pipe(Effect.catchTag("LockInvalid", (e) => Effect.succeed(e.issues.length)))
      assert.strictEqual(caught, 1)
      const args = yield* Effect.fail(argsInvalid).pipe(Effect.catchTag("ArgsInvalid", (e) => Effect.succeed(e.tool)))
      assert.strictEqual(args, "t")
    }))

  it("are no longer Schemas (the one change, CHANGELOG)", () => {
    assert.isFalse(Schema.isSchema(Lock.LockInvalid))
    assert.isFalse(Schema.isSchema(Server.ArgsInvalid))
  })
})
