/**
 * The provider examples (`examples/providers/*.ts`) as a user runs them: compiled against the
 * BUILT package (`npm test` builds first) by their own tsconfig into a directory of their own (the
 * SDKs' types stay out of the demo's compile, and this file and test/demo.test.ts never write the
 * same output), then each run with node as a child process:
 * a scripted model's calls reach the learning API on 127.0.0.1 with the resolved learner, and
 * the results go back in that provider's format. `../effect-ai-agent` is examples/effect-ai-agent.ts
 * (@effect/ai's `Chat` over `@rcp-sdk/effect-ai`).
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")
const OUT = "examples/build-providers"

/** Runs node without blocking the test worker (a synchronous tsc run starves vitest's own RPC). */
const node = (args: ReadonlyArray<string>, timeout: number) =>
  new Promise<{ readonly status: number | null; readonly stdout: string; readonly stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, timeout, env: { ...process.env, NODE_OPTIONS: "" } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

const REQUESTS = ["GET /courses?topic=typescript", "GET /courses/no-such-course", "POST /learners/learner-42/enrollments"]

// [example, how its 404 goes back to the model, how a success goes back]
const EXAMPLES: ReadonlyArray<readonly [string, string, string]> = [
  [
    "openai-chat",
    `{"role":"tool","tool_call_id":"call_2","content":"HTTP 404: {\\"error\\":\\"no such course\\"}"}`,
    `{"role":"tool","tool_call_id":"call_3","content":"{\\"learnerId\\":\\"learner-42\\",\\"courseId\\":\\"effect-101\\",\\"status\\":\\"enrolled\\"}"}`
  ],
  [
    "openai-responses",
    `{"type":"function_call_output","call_id":"call_2","output":"HTTP 404: {\\"error\\":\\"no such course\\"}"}`,
    `{"type":"function_call_output","call_id":"call_3","output":"{\\"learnerId\\":\\"learner-42\\",\\"courseId\\":\\"effect-101\\",\\"status\\":\\"enrolled\\"}"}`
  ],
  [
    "anthropic",
    `{"type":"tool_result","tool_use_id":"call_2","content":"HTTP 404: {\\"error\\":\\"no such course\\"}","is_error":true}`,
    `"is_error":false}`
  ],
  [
    "gemini",
    `{"functionResponse":{"id":"call_2","name":"get_course","response":{"error":"HTTP 404: {\\"error\\":\\"no such course\\"}"}}}`,
    `{"functionResponse":{"id":"call_3","name":"enroll","response":{"output":{"learnerId":"learner-42","courseId":"effect-101","status":"enrolled"}}}}`
  ],
  [
    "ai-sdk",
    `back to the model (error): AiSdkToolError: HTTP 404: {"error":"no such course"}`,
    `back to the model: {"learnerId":"learner-42","courseId":"effect-101","status":"enrolled"}`
  ],
  [
    "../effect-ai-agent",
    `back to the model (failure): "HTTP 404: {\\"error\\":\\"no such course\\"}"`,
    `back to the model: {"learnerId":"learner-42","courseId":"effect-101","status":"enrolled"}`
  ]
]

describe("examples/providers", () => {
  beforeAll(async () => {
    const compiled = await node(
      [tsc, "-p", "examples/providers/tsconfig.json"],
      120_000
    )
    assert.strictEqual(compiled.status, 0, `tsc -p examples/providers/tsconfig.json failed:\n${compiled.stdout}${compiled.stderr}`)
  }, 150_000)

  for (const [example, failure, success] of EXAMPLES) {
    it(`${example}: the scripted model's calls reach the API and the results go back in its format`, async () => {
      const run = await node([`${OUT}/providers/${example}.js`], 20_000)
      assert.strictEqual(run.status, 0, `exited with ${run.status}:\n${run.stderr}`)
      assert.strictEqual(run.stderr, "")
      const output = run.stdout
      assert.include(output, "model → list_courses {\"topic\":\"typescript\"}")
      for (const request of REQUESTS) assert.include(output, request)
      assert.include(output, failure)
      assert.include(output, success)
      assert.include(output, "model: Done — you are enrolled.")
      // The learner is the resolver's: never among the model's arguments; the token is never printed.
      for (const line of output.split("\n").filter((l) => l.startsWith("model →"))) assert.notInclude(line, "learner")
      assert.notInclude(output, "example-token")
      assert.notInclude(output, "operator:")
    })
  }
})
