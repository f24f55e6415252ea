/**
 * `npm run demo` as a user runs it: the examples compiled with `tsc -p examples/tsconfig.json`
 * against the BUILT package (`npm test` builds first; for a local run do `npm run build`), then
 * `node examples/build/demo.js` as a child process talking to a real server on 127.0.0.1.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")

// The client's describeManifest for the demo's API, exactly: learnerId is marked on both tools
// that declare it, the model-fillable params are not.
const DESCRIPTION = `RCP manifest v0.1 — auth: header "Authorization" (scheme: Bearer)
4 tool(s):
- get_profile (GET) — Get the learner's profile and the courses they are enrolled in.
  learnerId: string, required [resolved by client, hidden from model] — The signed-in learner's id: resolve it from your session, never let the model choose it.
- list_courses (GET) — List the catalogue's courses, optionally only those on one topic.
  topic: string, optional — e.g. "typescript" or "databases"
- get_course (GET) — Get one course's details.
  courseId: string, required — A course id, as returned by list_courses.
- enroll (POST) — Enroll the learner in a course.
  learnerId: string, required [resolved by client, hidden from model] — The signed-in learner's id: resolve it from your session, never let the model choose it.
  courseId: string, required — A course id, as returned by list_courses.`

// The text between one "== N." heading and the next.
const section = (output: string, n: number): string => {
  const start = output.indexOf(`\n== ${n}.`)
  assert.isAtLeast(start, 0, `section ${n} is missing`)
  const end = output.indexOf("\n== ", start + 1)
  return output.slice(start, end === -1 ? undefined : end)
}

describe("npm run demo", () => {
  it("compiles, runs by itself to its end, and walks through discovery, a turn and the refusals", () => {
    const compiled = spawnSync(process.execPath, [tsc, "-p", "examples/tsconfig.json"], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000
    })
    assert.strictEqual(compiled.status, 0, `tsc -p examples/tsconfig.json failed:\n${compiled.stdout}${compiled.stderr}`)

    // It must exit by itself (status 0); the kill after a minute only keeps a hung demo from
    // hanging the suite (it takes a few seconds).
    const run = spawnSync(process.execPath, ["examples/build/demo.js"], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, NODE_OPTIONS: "" }
    })
    const output = run.stdout

    assert.strictEqual(run.status, 0, `the demo exited with ${run.status} (${run.signal ?? "no signal"}):\n${run.stderr}`)
    assert.strictEqual(run.stderr, "")

    // The API is real and checks its bearer token.
    assert.match(section(output, 1), /listening on http:\/\/127\.0\.0\.1:\d+/)
    assert.include(section(output, 1), "without the bearer token → 401")

    // Discovery: the exact describeManifest text; the model's schemas carry no learnerId at all.
    assert.include(section(output, 2), DESCRIPTION)
    const schemas = section(output, 3)
    for (const tool of ["get_profile", "list_courses", "get_course", "enroll"]) {
      assert.include(schemas, `${tool}: {"type":"object"`)
    }
    assert.notInclude(schemas.split("\n").slice(2).join("\n"), "learnerId")

    // The scripted turn reached the API with the resolved learner, and the enrollment shows.
    const turn = section(output, 4)
    assert.include(turn, "sent:     GET /courses?topic=typescript")
    assert.include(turn, "sent:     POST /learners/learner-42/enrollments")
    assert.include(turn, "answered: 201 {\"learnerId\":\"learner-42\",\"courseId\":\"effect-101\",\"status\":\"enrolled\"}")
    assert.include(turn, "answered: 200 {\"name\":\"Ada Lovelace\",\"enrolledIn\":[\"Effect from first principles\"]}")

    // The three refusals, in order, each with nothing sent.
    const refusals = section(output, 5)
    const tags = [...refusals.matchAll(/→ (\w+): /g)].map((match) => match[1])
    assert.deepStrictEqual(tags, ["ResolverMissing", "InvalidArguments", "InvalidArguments"])
    assert.include(refusals, "no value for \"learnerId\"")
    assert.include(refusals, "\"learnerId\" is filled in by the client")
    assert.include(refusals, "\"courseId\" cannot contain \"/\"")
    assert.strictEqual(refusals.match(/requests that reached the API: 0\n/g)?.length, 3)

    assert.include(section(output, 6), "client closed, server stopped")
    // The API's token is the client's secret: it is never printed.
    assert.notInclude(output, "demo-secret-token")
  }, 180_000)
})
