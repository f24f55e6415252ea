/**
 * The `rcp` command's token store: files under the user's configuration directory, readable by
 * the user alone, written whole or not at all, refused when anyone else could have read them.
 */
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"
import * as FileStore from "../../../src/internal/client/oauth/fileStore.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"

const root = mkdtempSync(join(tmpdir(), "rcp-filestore-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const key = { api: "https://shop.example.com/rcp/manifest", subject: "default" }
const tokens: TokenStore.StoredTokens = {
  accessToken: Redacted.make("AT-file-1"),
  refreshToken: Redacted.make("RT-file-1"),
  expiresAt: 1_900_000_000_000,
  scope: "orders:read"
}
const posix = process.platform !== "win32"

const messageOf = <A, E>(exit: Exit.Exit<A, E>): string =>
  (Exit.isFailure(exit) ? (onlyFailure(exit.cause) as { message: string } | undefined)?.message : undefined) ?? "no failure"

describe("the configuration directory", () => {
  it("$XDG_CONFIG_HOME/rcp when it is absolute; %APPDATA%\\rcp on Windows; else ~/.config/rcp", () => {
    assert.strictEqual(FileStore.configDirectory({ XDG_CONFIG_HOME: "/x/conf" }, "linux", "/home/u"), join("/x/conf", "rcp"))
    // The XDG spec: a relative value is ignored.
    assert.strictEqual(FileStore.configDirectory({ XDG_CONFIG_HOME: "conf" }, "linux", "/home/u"), join("/home/u", ".config", "rcp"))
    assert.strictEqual(FileStore.configDirectory({ XDG_CONFIG_HOME: "" }, "darwin", "/Users/u"), join("/Users/u", ".config", "rcp"))
    assert.strictEqual(FileStore.configDirectory({ APPDATA: "C:\\Users\\u\\AppData\\Roaming" }, "win32", "C:\\Users\\u"), join("C:\\Users\\u\\AppData\\Roaming", "rcp"))
    assert.strictEqual(FileStore.credentialsDirectory({ XDG_CONFIG_HOME: "/x/conf" }), join("/x/conf", "rcp", "credentials"))
  })
})

describe("the file store", () => {
  it.effect("set, get and delete; the file is 0600 in a 0700 directory, named by a hash, holding its key", () =>
    Effect.gen(function*() {
      const directory = join(root, "a", "credentials")
      const store = FileStore.make(directory)
      assert.isUndefined(yield* store.get(key))
      yield* store.set(key, tokens)
      const file = FileStore.fileOf(directory, key)
      assert.match(file, /[0-9a-f]{32}\.json$/)
      assert.notInclude(file, "shop.example.com")
      if (posix) {
        assert.strictEqual(statSync(file).mode & 0o777, 0o600)
        assert.strictEqual(statSync(directory).mode & 0o777, 0o700)
      }
      assert.deepStrictEqual(readdirSync(directory), [file.slice(directory.length + 1)], "no temporary file left behind")
      assert.deepStrictEqual(JSON.parse(readFileSync(file, "utf8")), {
        format: 1,
        api: key.api,
        subject: "default",
        tokens: { accessToken: "AT-file-1", refreshToken: "RT-file-1", expiresAt: 1_900_000_000_000, scope: "orders:read" }
      })
      const back = yield* store.get(key)
      assert.deepStrictEqual(back === undefined ? undefined : TokenStore.toPlain(back), TokenStore.toPlain(tokens))
      assert.isUndefined(yield* store.get({ ...key, subject: "someone-else" }))

      yield* store.set(key, { ...tokens, refreshToken: Redacted.make("RT-file-2") })
      assert.strictEqual(JSON.parse(readFileSync(file, "utf8")).tokens.refreshToken, "RT-file-2")
      yield* store.delete(key)
      assert.isUndefined(yield* store.get(key))
      yield* store.delete(key)
    }))

  it.effect.skipIf(!posix)("a file others can read is refused, not used", () =>
    Effect.gen(function*() {
      const directory = join(root, "b")
      const store = FileStore.make(directory)
      yield* store.set(key, tokens)
      const file = FileStore.fileOf(directory, key)
      chmodSync(file, 0o644)
      const exit = yield* Effect.exit(store.get(key))
      assert.strictEqual(
        messageOf(exit),
        `the OAuth token store could not get a user's tokens: the token file ${file} can be read by other users; it was ` +
          `not used (delete it and run rcp login again); nothing was sent to the API`
      )
      assert.notInclude(messageOf(exit), "RT-file-1")
    }))

  it.effect.skipIf(!posix)("a link in place of the file is not followed", () =>
    Effect.gen(function*() {
      const directory = join(root, "c")
      mkdirSync(directory, { recursive: true, mode: 0o700 })
      const elsewhere = join(root, "elsewhere.json")
      writeFileSync(elsewhere, JSON.stringify({ format: 1, api: key.api, subject: key.subject, tokens: {} }), { mode: 0o600 })
      symlinkSync(elsewhere, FileStore.fileOf(directory, key))
      const exit = yield* Effect.exit(FileStore.make(directory).get(key))
      assert.strictEqual(messageOf(exit), "the OAuth token store could not get a user's tokens: the token file could not be read; nothing was sent to the API")
    }))

  it.effect("a file that holds another key, or is not a token file, is refused", () =>
    Effect.gen(function*() {
      const directory = join(root, "d")
      mkdirSync(directory, { recursive: true, mode: 0o700 })
      const file = FileStore.fileOf(directory, key)
      const store = FileStore.make(directory)
      writeFileSync(file, JSON.stringify({ format: 1, api: "https://other.example/rcp", subject: "default", tokens: {} }), { mode: 0o600 })
      assert.include(messageOf(yield* Effect.exit(store.get(key))), "the token file holds another key")
      writeFileSync(file, "not json", { mode: 0o600 })
      assert.include(messageOf(yield* Effect.exit(store.get(key))), "the token file is not JSON")
      writeFileSync(file, JSON.stringify({ format: 2 }), { mode: 0o600 })
      assert.include(messageOf(yield* Effect.exit(store.get(key))), "not in a format this version reads")
      writeFileSync(file, JSON.stringify({ format: 1, api: key.api, subject: key.subject, tokens: { refreshToken: 7 } }), { mode: 0o600 })
      assert.include(messageOf(yield* Effect.exit(store.get(key))), "its refreshToken is not a non-empty string")
    }))
})
