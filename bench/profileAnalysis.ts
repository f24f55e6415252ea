/**
 * Reading a V8 `.cpuprofile`: self time per function and per group (ours, effect runtime,
 * @effect/platform, HTTP client, Node core, GC, idle), for `bench:profile`.
 */
export interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
}

export interface ProfileNode {
  readonly id: number
  readonly callFrame: CallFrame
}

export interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** The group a function's self time counts to. */
export const groupOf = (frame: CallFrame): string => {
  const { functionName, url } = frame
  if (functionName === "(idle)") return "idle (waiting for the server)"
  if (functionName === "(garbage collector)") return "GC"
  if (functionName === "(program)") return "V8 / native (program)"
  if (url.includes("/dist/") && !url.includes("node_modules")) return "ours (rcp-sdk dist/)"
  if (url.includes("/node_modules/effect/")) return "effect runtime (effect)"
  if (url.includes("/node_modules/@effect/platform-node")) return "@effect/platform-node (NodeHttpClient)"
  if (url.includes("/node_modules/@effect/platform/")) return "@effect/platform (HttpClient, FetchHttpClient)"
  if (url.includes("/node_modules/undici/") || url.startsWith("node:internal/deps/undici")) return "HTTP client (undici / fetch)"
  if (url.startsWith("node:")) return "Node core (net, streams, http, timers)"
  if (url.includes("/bench/build/")) return "bench harness"
  if (url === "") return "builtins (JSON, URL, RegExp, …)"
  return "other"
}

const shortUrl = (url: string): string => {
  const i = url.indexOf("/node_modules/")
  if (i >= 0) return url.slice(i + "/node_modules/".length)
  const dist = url.indexOf("/main/dist/")
  if (dist >= 0) return `dist/${url.slice(dist + "/main/dist/".length)}`
  return url.replace(/^file:\/\/.*\/bench\/build\//, "bench/")
}

export interface Analysis {
  readonly totalMs: number
  readonly groups: ReadonlyMap<string, number>
  readonly functions: ReadonlyArray<{ readonly key: string; readonly group: string; readonly ms: number }>
}

/** Self time (ms) per group and per function of a `.cpuprofile`. */
export const analyze = (profile: CpuProfile): Analysis => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const groups = new Map<string, number>()
  const functions = new Map<string, { key: string; group: string; ms: number }>()
  let totalMs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)
    if (node === undefined) continue
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    totalMs += ms
    const group = groupOf(node.callFrame)
    groups.set(group, (groups.get(group) ?? 0) + ms)
    const frame = node.callFrame
    const key = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}${frame.url === "" ? "" : `:${frame.lineNumber + 1}`}`
    const entry = functions.get(key) ?? { key, group, ms: 0 }
    entry.ms += ms
    functions.set(key, entry)
  }
  return { totalMs, groups, functions: [...functions.values()].sort((a, b) => b.ms - a.ms) }
}
