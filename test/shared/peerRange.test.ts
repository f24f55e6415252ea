/**
 * The peer check every public entry runs first (src/internal/shared/peerRange.ts): the supported
 * ranges are package.json's (the core's peers, and the CLI's own effect and @effect/platform), the
 * range is npm's reading of them, and the installed version is the one Node's lookup would find —
 * checked over real folders on disk. The built package beside a real effect@4.1.0 is in
 * test/packed.test.ts.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { afterAll } from "vitest"
import { assertPeers, inRange, installedVersion, LINES, peerProblem, SUPPORTED } from "../../src/internal/shared/peerRange.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"))
const [effect, platform] = SUPPORTED as [(typeof SUPPORTED)[0], (typeof SUPPORTED)[0]]

describe("the supported ranges", () => {
  it("are the core's peerDependencies, and the CLI's own effect and @effect/platform", () => {
    const core = readJson("package.json")
    const cli = readJson("packages/cli/package.json")
    assert.deepStrictEqual(Object.fromEntries(SUPPORTED.map((p) => [p.name, p.range])), core.peerDependencies)
    for (const peer of SUPPORTED) assert.strictEqual(cli.dependencies[peer.name], peer.range, peer.name)
  })

  it("the Effect 4 line's range is release.json's, which scripts/publish.mjs writes as its peer; each line's command is the README's", () => {
    const release = readJson("release.json")
    assert.deepStrictEqual(LINES.v3.peers, SUPPORTED)
    assert.deepStrictEqual(LINES.v4.peers.map((p) => [p.name, p.range, p.install]), [
      ["effect", release.effect4.effect, `effect@${release.effect4.effect}`]
    ])
    assert.deepStrictEqual([LINES.v4.peers[0]!.lowest, LINES.v4.peers[0]!.below], [[4, 1, 0], [5, 0, 0]])
    const readme = readFileSync(join(root, "README.md"), "utf8")
    for (const line of [LINES.v3, LINES.v4]) assert.include(readme, `\n${line.install} `, line.install)
  })

  it("each install spec (^lowest) means the same range, and the bounds spell it", () => {
    for (const peer of SUPPORTED) {
      assert.strictEqual(peer.install, `${peer.name}@^${peer.lowest.join(".")}`)
      const below = peer.below[0] === 0 ? `${peer.below[0]}.${peer.below[1]}` : `${peer.below[0]}`
      assert.strictEqual(peer.range, `>=${peer.lowest.join(".")} <${below}`)
    }
  })
})

describe("inRange: npm's reading of the range", () => {
  const cases: ReadonlyArray<readonly [string, boolean, boolean]> = [
    // version, effect >=3.22.4 <4, @effect/platform >=0.97.2 <0.98
    ["3.22.4", true, false],
    ["3.22.3", false, false],
    ["3.99.12", true, false],
    ["3.22.10", true, false],
    ["4.0.0", false, false],
    ["4.1.0", false, false],
    ["4.0.0-beta.3", false, false],
    ["3.23.0-beta.1", false, false],
    ["0.97.2", false, true],
    ["0.97.1", false, false],
    ["0.97.30", false, true],
    ["0.98.0", false, false],
    ["0.97.2+build.7", false, true],
    ["3.22", false, false],
    ["", false, false],
    ["v3.22.4", false, false]
  ]
  for (const [version, forEffect, forPlatform] of cases) {
    it(`${JSON.stringify(version)}: effect ${forEffect}, @effect/platform ${forPlatform}`, () => {
      assert.strictEqual(inRange(effect, version), forEffect)
      assert.strictEqual(inRange(platform, version), forPlatform)
    })
  }
})

describe("the installed version Node would import", () => {
  const work = mkdtempSync(join(tmpdir(), "rcp-peers-"))
  afterAll(() => rmSync(work, { recursive: true, force: true }))
  const installed = (dir: string, name: string, version: string) => {
    mkdirSync(join(dir, "node_modules", name), { recursive: true })
    writeFileSync(join(dir, "node_modules", name, "package.json"), JSON.stringify({ name, version }))
  }
  // An app, with the package installed in it: node_modules/rcp-sdk/dist/peers.js.
  const app = (name: string) => {
    const dir = join(work, name)
    mkdirSync(join(dir, "node_modules", "rcp-sdk", "dist"), { recursive: true })
    return { dir, from: pathToFileURL(join(dir, "node_modules", "rcp-sdk", "dist", "peers.js")).href }
  }

  it("in range: no problem, no throw", () => {
    const { dir, from } = app("fine")
    installed(dir, "effect", "3.22.4")
    installed(dir, "@effect/platform", "0.97.2")
    assert.strictEqual(installedVersion(from, "effect"), "3.22.4")
    assert.isUndefined(peerProblem(from, "rcp-sdk"))
    assertPeers(from, "rcp-sdk")
  })

  it("Effect 4 and no @effect/platform: one sentence with the range and the install command", () => {
    const { dir, from } = app("four")
    installed(dir, "effect", "4.1.0")
    const sentence =
      "rcp-sdk needs effect >=3.22.4 <4 and @effect/platform >=0.97.2 <0.98 but found effect 4.1.0 and no @effect/platform: npm install effect@^3.22.4 @effect/platform@^0.97.2 (or, for Effect 4, rcp-sdk's Effect 4 line: npm install rcp-sdk effect)"
    assert.strictEqual(peerProblem(from, "rcp-sdk"), sentence)
    assert.throws(() => assertPeers(from, "rcp-sdk"), sentence)
    try {
      assertPeers(from, "rcp-sdk")
    } catch (error) {
      assert.strictEqual((error as { code?: unknown }).code, "RCP_PEER_RANGE")
      assert.strictEqual((error as Error).stack, `Error [RCP_PEER_RANGE]: ${sentence}`)
    }
  })

  it("the Effect 4 line: in range with effect 4.1+, and beside Effect 3 the sentence names the Effect 3 line's command", () => {
    const four = app("line4")
    installed(four.dir, "effect", "4.1.0")
    assert.isUndefined(peerProblem(four.from, "rcp-sdk", LINES.v4))
    assertPeers(four.from, "rcp-sdk", LINES.v4)
    const three = app("line4-beside3")
    installed(three.dir, "effect", "3.22.4")
    installed(three.dir, "@effect/platform", "0.97.2")
    const sentence =
      "rcp-sdk needs effect ^4.1.0 but found effect 3.22.4: npm install effect@^4.1.0 (or, for Effect 3, rcp-sdk's Effect 3 line: npm install rcp-sdk@effect3 effect@3 @effect/platform@0.97)"
    assert.strictEqual(peerProblem(three.from, "rcp-sdk", LINES.v4), sentence)
    assert.throws(() => assertPeers(three.from, "rcp-sdk", LINES.v4), sentence)
    // Neither line's Effect (an old 4.0, none at all): the range and its command, no other line.
    const old = app("line4-old")
    installed(old.dir, "effect", "4.0.5")
    assert.strictEqual(peerProblem(old.from, "rcp-sdk", LINES.v4), "rcp-sdk needs effect ^4.1.0 but found effect 4.0.5: npm install effect@^4.1.0")
    const none = app("line4-none")
    assert.strictEqual(peerProblem(none.from, "rcp-sdk", LINES.v4), "rcp-sdk needs effect ^4.1.0 but found no effect: npm install effect@^4.1.0")
    assert.strictEqual(
      peerProblem(none.from, "rcp-sdk"),
      "rcp-sdk needs effect >=3.22.4 <4 and @effect/platform >=0.97.2 <0.98 but found no effect and no @effect/platform: npm install effect@^3.22.4 @effect/platform@^0.97.2"
    )
  })

  it("the nearest node_modules wins, as in Node's lookup: a package's own copy before the app's", () => {
    const { dir, from } = app("nested")
    installed(dir, "effect", "4.1.0")
    installed(dir, "@effect/platform", "0.97.2")
    installed(join(dir, "node_modules", "rcp-sdk"), "effect", "3.22.5")
    assert.strictEqual(installedVersion(from, "effect"), "3.22.5")
    assert.isUndefined(peerProblem(from, "rcp-sdk"))
  })

  it("a package.json without a readable version is out of range, and said so", () => {
    const { dir, from } = app("broken")
    installed(dir, "@effect/platform", "0.97.2")
    mkdirSync(join(dir, "node_modules", "effect"), { recursive: true })
    writeFileSync(join(dir, "node_modules", "effect", "package.json"), "{ not json")
    assert.strictEqual(
      peerProblem(from, "rcp-sdk"),
      "rcp-sdk needs effect >=3.22.4 <4 and @effect/platform >=0.97.2 <0.98 but found effect of an unknown version: npm install effect@^3.22.4 @effect/platform@^0.97.2"
    )
  })
})
