/**
 * A child process run to completion, with what it printed and how it exited: for the tests that
 * check the package and the `rcp` command as a user meets them. Async, so that a test server in
 * this process keeps answering while the child runs.
 */
import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export interface Run {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

export const runProcess = (
  command: string,
  args: ReadonlyArray<string>,
  options: SpawnOptions = {},
  onSpawn?: (child: ReturnType<typeof spawn>) => void
): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stdout, stderr }))
    onSpawn?.(child)
  })

/** The environment for an npm run inside a test: npm run exports its own settings as npm_* variables, and the nested npm must see a plain shell (its cache, registry and user config kept). */
export const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || /^npm_config_(cache|registry|userconfig)$/i.test(key))
  )

/** The built `rcp` command. */
export const rcpBin = join(fileURLToPath(new URL("../..", import.meta.url)), "packages", "cli", "dist", "bin.js")

export interface RcpOptions {
  readonly env?: Record<string, string | undefined>
  /** Called once the child is running, e.g. to signal it. */
  readonly onSpawn?: (child: ChildProcess) => void
  readonly cwd?: string
}

/** The built `rcp` with pipes (never a TTY) and, unless a test says otherwise, no colour variables. */
export const rcp = (args: ReadonlyArray<string>, options: RcpOptions = {}): Promise<Run> => {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined }
  for (const [key, value] of Object.entries(options.env ?? {})) env[key] = value
  return runProcess(process.execPath, [rcpBin, ...args], { env, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) }, options.onSpawn)
}

/**
 * The URL a `rcp mcp --http` child announces on stderr (`serving at http://…/mcp`), and what it has
 * written there so far; rejects if the child exits first.
 */
export const servingUrl = (child: ChildProcess): Promise<{ readonly url: URL; readonly stderr: () => string }> => {
  let stderr = ""
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /serving at (http:\/\/\S+:\d+\/mcp)/.exec(stderr)
      if (match !== null) resolve({ url: new URL(match[1]!), stderr: () => stderr })
    })
    child.on("close", (code) => reject(new Error(`exited ${code}: ${stderr}`)))
  })
}
