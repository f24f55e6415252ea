/**
 * A child process run to completion, with what it printed and how it exited: for the tests that
 * check the package and the `rcp` command as a user meets them. Async, so that a test server in
 * this process keeps answering while the child runs.
 */
import { spawn, type SpawnOptions } from "node:child_process"

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
