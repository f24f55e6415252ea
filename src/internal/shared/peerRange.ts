/**
 * The peer check every public entry runs before any of its Effect code is loaded: the `effect` and
 * `@effect/platform` this package would import are found the way Node finds them (the
 * `node_modules` folders from the package's own directory up) and their versions compared with the
 * supported range. Out of range or missing, the import fails with one sentence naming the range and
 * the install command — instead of Node's `ERR_MODULE_NOT_FOUND …/effect/dist/Either.js` or a
 * missing named export, which is what Effect 4 beside this package gives otherwise.
 *
 * The package is published as two version lines (docs/effect4.md §Publishing): 0.x on Effect 3,
 * 1.x on Effect 4, each built with its own table (`LINES`; scripts/bundle.mjs picks it by target).
 * When the `effect` found is of the other line's major, the sentence also names that line's one
 * install command: an app on Effect 4 that got the Effect 3 line needs the other package version,
 * not an older Effect.
 *
 * Why a module of its own that imports only `node:` builtins: ES modules are linked before any of
 * them runs, so a check inside a module graph that imports `effect` would never run. The build
 * (scripts/bundle.mjs) bundles this file alone as `dist/peers.js`; each entry (`dist/Client.js`, …)
 * imports it statically, then loads its bundle with a dynamic `import()`.
 *
 * @internal
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"

/** One supported peer: its npm range (as package.json says it), the bounds, the install spec. */
export interface SupportedPeer {
  readonly name: string
  readonly range: string
  readonly lowest: readonly [number, number, number]
  /** The first version not supported. */
  readonly below: readonly [number, number, number]
  readonly install: string
}

/** The core's peers; test/shared/peerRange.test.ts checks them against package.json. */
export const SUPPORTED: ReadonlyArray<SupportedPeer> = [
  { name: "effect", range: ">=3.22.4 <4", lowest: [3, 22, 4], below: [4, 0, 0], install: "effect@^3.22.4" },
  {
    name: "@effect/platform",
    range: ">=0.97.2 <0.98",
    lowest: [0, 97, 2],
    below: [0, 98, 0],
    install: "@effect/platform@^0.97.2"
  }
]

/** One version line of the package: the Effect major it is built for, its peers, its one install command. */
export interface Line {
  readonly effect: number
  readonly peers: ReadonlyArray<SupportedPeer>
  /** What the README gives users of this Effect (docs/install.md). */
  readonly install: string
}

/**
 * The two lines. The Effect 4 range is release.json's (what scripts/publish.mjs writes as the peer);
 * test/shared/peerRange.test.ts checks both against package.json, release.json and the README.
 */
export const LINES: { readonly v3: Line; readonly v4: Line } = {
  v3: { effect: 3, peers: SUPPORTED, install: "npm install rcp-sdk@effect3 effect@3 @effect/platform@0.97" },
  v4: {
    effect: 4,
    peers: [{ name: "effect", range: "^4.1.0", lowest: [4, 1, 0], below: [5, 0, 0], install: "effect@^4.1.0" }],
    install: "npm install rcp-sdk effect"
  }
}

/** The error's `code`, by which the `rcp` command knows it (it prints the message alone). */
export const PEER_RANGE_CODE = "RCP_PEER_RANGE"

const compare = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0)
  return 0
}

/**
 * Whether `version` is within the peer's range, as npm decides it for a range without pre-release
 * tags: a pre-release (`3.23.0-beta.1`, `4.0.0-beta.3`) or a version that is not `x.y.z` is out.
 */
export const inRange = (peer: SupportedPeer, version: string): boolean => {
  const match = /^(\d+)\.(\d+)\.(\d+)(\+[0-9A-Za-z.-]+)?$/.exec(version)
  if (match === null) return false
  const parts = [Number(match[1]), Number(match[2]), Number(match[3])]
  return compare(parts, peer.lowest) >= 0 && compare(parts, peer.below) < 0
}

/**
 * The version of `name` that a module in `from` would import, or `undefined` when none is found:
 * the first `node_modules/<name>` of Node's lookup that exists is the one Node would use.
 */
export const installedVersion = (from: string, name: string): string | undefined => {
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    const manifest = join(dir, name, "package.json")
    if (!existsSync(manifest)) continue
    try {
      const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown }).version
      return typeof version === "string" ? version : "of an unknown version"
    } catch {
      return "of an unknown version"
    }
  }
  return undefined
}

/**
 * The one sentence saying what is wrong and what to install, or `undefined` when every peer seen
 * from `from` (a file URL or path in the package) is in range. An `effect` of the other line's
 * major adds that line's install command.
 */
export const peerProblem = (from: string, packageName: string, line: Line = LINES.v3) => {
  const { peers } = line
  const found = peers.map((peer) => ({ peer, version: installedVersion(from, peer.name) }))
  const wrong = found.filter(({ peer, version }) => version === undefined || !inRange(peer, version))
  if (wrong.length === 0) return undefined
  const ranges = peers.map((peer) => `${peer.name} ${peer.range}`).join(" and ")
  const seen = wrong.map(({ peer, version }) =>
    version === undefined ? `no ${peer.name}` : `${peer.name} ${version}`
  ).join(" and ")
  const effect = found.find(({ peer }) => peer.name === "effect")?.version
  const other = [LINES.v3, LINES.v4].find((l) => l !== line && effect !== undefined && effect.startsWith(`${l.effect}.`))
  const otherLine = other === undefined ? "" : ` (or, for Effect ${other.effect}, ${packageName}'s Effect ${other.effect} line: ${other.install})`
  return `${packageName} needs ${ranges} but found ${seen}: npm install ${peers.map((peer) => peer.install).join(" ")}${otherLine}`
}

/** Throws the sentence as an Error (code `RCP_PEER_RANGE`, no stack beyond the sentence). */
export const assertPeers = (from: string, packageName: string, line: Line = LINES.v3): void => {
  const problem = peerProblem(from, packageName, line)
  if (problem === undefined) return
  const error = new Error(problem)
  Object.assign(error, { code: PEER_RANGE_CODE })
  // The sentence is the whole story: a stack into this check would only point away from it.
  error.stack = `Error [${PEER_RANGE_CODE}]: ${problem}`
  throw error
}
