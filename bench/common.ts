/**
 * What every benchmark process shares: the one request shape, the REST answer, the generated
 * manifests and manuals, small statistics, and how child processes are started and read.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

/** The bearer token the REST server requires; every contender sends it. */
export const TOKEN = "bench-token-7c1e"

/** The compiled bench directory (bench/build) and the repository root. */
export const buildDir = fileURLToPath(new URL(".", import.meta.url))
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url))

/** The REST answer (about 300 bytes of JSON); every contender keeps `name` and `price` of it. */
export const item = (id: string, lang: string) => ({
  id,
  name: `Item ${id}`,
  price: 12.5,
  currency: "EUR",
  lang,
  stock: 7,
  tags: ["bench", "loopback", "json"],
  updatedAt: "2025-01-01T00:00:00.000Z",
  description: "A small JSON answer: two of its fields are picked by the client, the rest is dropped."
})

/** The two fields every contender returns. */
export interface Picked {
  readonly name: string
  readonly price: number
}

/** The arguments of call `i`: the path param varies, the query param does not. */
export const argsOf = (i: number) => ({ id: `item-${i % 100}`, lang: "en" })

/** The rcp-sdk tool for `GET /items/{{id}}?lang={{lang}}`, picking two fields by responseMappings. */
export const rcpTool = (origin: string, name = "get_item") => ({
  name,
  description: "Get one catalogue item by its id, with its name and price.",
  method: "GET",
  params: [
    { name: "id", type: "string", description: "the item's id, e.g. item-42" },
    { name: "lang", type: "string", description: "the language of the item's texts (en, fr, de)" }
  ],
  url: `${origin}/items/{{id}}`,
  queryParams: { lang: "{{lang}}" },
  responseMappings: { name: "@name", price: "@price" }
})

export const rcpManifest = (origin: string, tools: number) => ({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: tools === 1
    ? [rcpTool(origin)]
    : Array.from({ length: tools }, (_, i) => rcpTool(origin, toolName(i)))
})

export const toolName = (i: number) => `get_item_${String(i).padStart(4, "0")}`

/** The UTCP manual of the same tool(s); the credential is a UTCP variable, substituted per call. */
export const utcpManual = (origin: string, tools: number) => ({
  utcp_version: "1.0.1",
  manual_version: "1.0.0",
  tools: Array.from({ length: tools }, (_, i) => ({
    name: tools === 1 ? "get_item" : toolName(i),
    description: "Get one catalogue item by its id, with its name and price.",
    inputs: {
      type: "object",
      properties: {
        id: { type: "string", description: "the item's id, e.g. item-42" },
        lang: { type: "string", description: "the language of the item's texts (en, fr, de)" }
      },
      required: ["id", "lang"]
    },
    outputs: { type: "object" },
    tags: ["catalogue"],
    tool_call_template: {
      name: "bench",
      call_template_type: "http",
      http_method: "GET",
      url: `${origin}/items/{id}`,
      auth: { auth_type: "api_key", api_key: "Bearer ${TOKEN}", var_name: "Authorization", location: "header" }
    }
  }))
})

/** A positive integer from the environment, or the default. */
export const envInt = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`)
  return value
}

export const sortNumbers = (values: ReadonlyArray<number>): Array<number> => [...values].sort((a, b) => a - b)

/** The q-quantile (0..1) of sorted values, nearest rank. */
export const quantile = (sorted: ReadonlyArray<number>, q: number): number => {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: ReadonlyArray<number>): number => {
  const sorted = sortNumbers(values)
  if (sorted.length === 0) return Number.NaN
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A started child process that printed one JSON line (its address) on stdout. */
export interface Child {
  readonly process: ChildProcess
  readonly info: { readonly port: number }
  readonly stop: () => Promise<void>
}

/** Starts `node <script> ...args` and waits for its first stdout line, `{"port":N}`. */
export const startChild = (script: string, args: ReadonlyArray<string> = [], nodeArgs: ReadonlyArray<string> = []) =>
  new Promise<Child>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, `${buildDir}${script}`, ...args], {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "inherit"]
    })
    const lines = createInterface({ input: child.stdout! })
    const onExit = (code: number | null) => reject(new Error(`${script} exited (${code}) before it listened`))
    child.once("exit", onExit)
    lines.once("line", (line) => {
      child.off("exit", onExit)
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done()
          child.once("exit", () => done())
          child.stdin!.end()
        })
      resolve({ process: child, info: JSON.parse(line), stop })
    })
  })

/** Ends the current process when its parent closes our stdin (servers run until then). */
export const exitWhenParentLeaves = (close: () => void) => {
  process.stdin.resume()
  process.stdin.on("end", () => {
    close()
    process.exit(0)
  })
}
