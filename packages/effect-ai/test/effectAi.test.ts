/**
 * `@rcp-sdk/effect-ai` with the AI module's own `LanguageModel.generateText` (`@effect/ai` 0.37 on
 * Effect 3, `effect/ai` on Effect 4: the file runs on both, `npm run test:effect4`) and a scripted
 * provider built on that module's `LanguageModel.make` (no network): the model's tool calls run against a real REST server on
 * 127.0.0.1; resolver values come from a service of the calling fiber; what the model and the
 * operator see follows the table in docs/providers.md "What the model is told of a failure".
 */
import {
  aiErrorKind,
  aiModule,
  Chat,
  handleOnce,
  isToolOfTarget,
  jsonSchemaOf,
  LanguageModel,
  type Prompt,
  type Response,
  scripted,
  target,
  UNKNOWN_TOOL
} from "#ai-test-target"
import { aiModule as twinAiModule } from "#ai-target/Ai.js"
import { Service } from "#target/Service.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Stream from "effect/Stream"
import type * as http from "node:http"
import * as Client from "rcp-sdk/client"
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import {
  agentTools,
  clientLayer,
  manifest,
  RESOLVED_SECRET,
  type RecordedSpan,
  recordingTracer,
  registerAt,
  type ToolInput
} from "../../../test/support/execute.js"
import { json, testServer, type TestServer, untouched } from "../../../test/support/server.js"
import * as RcpAi from "../src/EffectAi.js"

class CurrentUser extends Service<CurrentUser, { readonly id: string }>()("test/CurrentUser") {}

const tools = (origin: string): Array<ToolInput> => [
  ...agentTools(origin),
  { name: "missing", url: `${origin}/missing` },
  { name: "broken", url: `${origin}/broken` }
]

const api = (req: { readonly path: string; readonly query: URLSearchParams; readonly body: string }, res: http.ServerResponse) => {
  if (req.path === "/search") return json(res, 200, { courses: [`${req.query.get("q")} 101`] })
  if (req.path === "/missing") return json(res, 404, { error: "no such thing" })
  if (req.path === "/broken") return json(res, 500, { trace: "db password=hunter2" })
  return json(res, 201, { enrolled: JSON.parse(req.body).courseId })
}

/** The client under test, over fetch; `userId` is the resolver's, from the turn's user. */
const rcp = clientLayer({ retry: { retries: 0 } }, { userId: (user: { readonly id: string }) => user.id })

const call = (id: string, name: string, params: unknown): Response.PartEncoded => ({ type: "tool-call", id, name, params })

/** The model's calls once, then (with results in its prompt) an answer. */
const once = (...parts: Array<Response.PartEncoded>) => (prompt: Prompt.Prompt): Array<Response.PartEncoded> =>
  prompt.content.some((message) => message.role === "tool") ? [{ type: "text", text: "done" }] : parts

/**
 * Each tool result of a response as `name: ok|failed <result>`, in the order of the calls (their
 * ids): `effect/ai` runs a turn's calls concurrently and lists the results as they finish.
 */
const outcomes = (response: {
  readonly toolResults: ReadonlyArray<{ readonly id: string; readonly name: string; readonly isFailure: boolean; readonly result: unknown }>
}): Array<string> =>
  [...response.toolResults].sort((a, b) => a.id.localeCompare(b.id)).map((part) =>
    `${part.name}: ${part.isFailure ? "failed" : "ok"} ${JSON.stringify(part.result)}`
  )

/** Starts the API and registers its tools; the rest of `f` runs with the client. */
const withApi = <A, E>(
  f: (server: TestServer) => Effect.Effect<A, E, Client.RcpClient>,
  handler = api
) =>
  Effect.gen(function*() {
    const server = yield* testServer(handler)
    return yield* Effect.andThen(registerAt(server, tools(server.origin)), f(server)).pipe(Effect.provide(rcp))
  })

describe(`@rcp-sdk/effect-ai on ${target} (${aiModule})`, () => {
  it.scoped("runs on the Effect of its project: its twin, its toolkit Effect and its tools are that Effect's and that AI module's", () =>
    withApi(() =>
      Effect.gen(function*() {
        // Oracles independent of the kit: each Effect's own type-id keys, spelled out.
        const effect4 = target === "effect4"
        // The kit's word agrees with the Effect this file loaded (Effect 4 has Context.Service).
        assert.strictEqual("Service" in Context, effect4)
        assert.strictEqual("Tag" in Context, !effect4)
        assert.strictEqual(twinAiModule, effect4 ? "effect/ai" : "@effect/ai")
        const built = RcpAi.toolkit()
        assert.strictEqual("~effect/Effect" in built, effect4)
        assert.strictEqual(Symbol.for("effect/Effect") in built, !effect4)
        const toolkit = yield* built
        const tool = toolkit.tools["search"]!
        assert.property(tool, effect4 ? "~effect/ai/Tool" : "~@effect/ai/Tool")
        assert.notProperty(tool, effect4 ? "~@effect/ai/Tool" : "~effect/ai/Tool")
        assert.isTrue(isToolOfTarget(tool))
        // Effect 4's handler contract: `handle` gives a Stream of results, Effect 3's the result.
        const handled = yield* (toolkit.handle as (name: string, params: unknown) => Effect.Effect<unknown>)("search", { q: "x" })
        assert.strictEqual(Object.keys(handled as object).includes("isFailure"), !effect4)
        const result = yield* handleOnce(toolkit, "search", { q: "y" })
        assert.deepStrictEqual(result.result, { courses: ["y 101"] })
      })
    ))

  it.scoped("generateText runs the calls against the real server with the user of the calling fiber; the provider is shown the model-facing schemas exactly", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const model = scripted(once(call("c1", "search", { q: "rust" }), call("c2", "enroll", { courseId: "rust-101" })))
        const response = yield* LanguageModel.generateText({
          prompt: "Find a rust course and enroll me.",
          toolkit: RcpAi.toolkit({ context: CurrentUser })
        }).pipe(Effect.provideService(CurrentUser, { id: RESOLVED_SECRET }), Effect.provide(model.layer))

        // Sorted: on Effect 4 the two calls run at the same time.
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target} ${r.body}`).sort(), [
          "GET /search?q=rust ",
          `POST /users/${RESOLVED_SECRET}/enrollments {"courseId":"rust-101"}`
        ])
        assert.deepStrictEqual(outcomes(response), [
          `search: ok {"courses":["rust 101"]}`,
          `enroll: ok {"enrolled":"rust-101"}`
        ])
        // What a provider sends is `Tool.getJsonSchema` of each tool: exactly toOpenAiTools' parameters.
        const discovered = yield* Client.tools
        const shown = model.calls[0]!.tools.map((tool): Array<unknown> => [tool.name, tool.description, jsonSchemaOf(tool)])
        assert.deepStrictEqual(
          shown,
          Client.toOpenAiTools(discovered).map((t) => [t.function.name, t.function.description, t.function.parameters])
        )
        assert.notInclude(JSON.stringify(shown), "userId")
      })
    ))

  it.scoped("strict: the provider is shown OpenAI's strict schema, and a null optional is left out", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const model = scripted(once(call("c1", "search", { q: "go", limit: null })))
        const response = yield* LanguageModel.generateText({
          prompt: "go",
          toolkit: RcpAi.toolkit({ strict: true })
        }).pipe(Effect.provide(model.layer))
        const discovered = yield* Client.tools
        assert.deepStrictEqual(
          model.calls[0]!.tools.map((tool): unknown => jsonSchemaOf(tool)),
          Client.toOpenAiTools(discovered, { strict: true }).map((t) => t.function.parameters)
        )
        assert.deepStrictEqual(server.requests.map((r) => r.target), ["/search?q=go"])
        assert.deepStrictEqual(outcomes(response), [`search: ok {"courses":["go 101"]}`])
      })
    ))

  it.scoped("two fibers with different users run through one toolkit at the same time, each request with its own user", () => {
    // The API answers no enrollment until both have arrived: the two turns overlap for sure.
    const held: Array<() => void> = []
    const handler: typeof api = (req, res) => {
      if (!req.path.startsWith("/users/")) return api(req, res)
      held.push(() => api(req, res))
      if (held.length === 2) for (const release of held) release()
    }
    return withApi((server) =>
      Effect.gen(function*() {
        const toolkit = yield* RcpAi.toolkit({ context: CurrentUser })
        const model = scripted(once(call("c1", "enroll", { courseId: "effect-101" })))
        const turn = (id: string) =>
          LanguageModel.generateText({ prompt: "Enroll me.", toolkit }).pipe(Effect.provideService(CurrentUser, { id }))
        const [alice, bob] = yield* Effect.all([turn("alice"), turn("bob")], { concurrency: 2 }).pipe(
          Effect.provide(model.layer)
        )
        assert.deepStrictEqual(server.requests.map((r) => r.target).sort(), [
          "/users/alice/enrollments",
          "/users/bob/enrollments"
        ])
        assert.deepStrictEqual(outcomes(alice!), [`enroll: ok {"enrolled":"effect-101"}`])
        assert.deepStrictEqual(outcomes(bob!), [`enroll: ok {"enrolled":"effect-101"}`])
      }), handler)
  })

  it.scoped("a spoofed hidden param, bad arguments and a 4xx go back to the model as failed results; the first two reach no server", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const model = scripted(once(
          call("c1", "enroll", { userId: "mallory", courseId: "x" }),
          call("c2", "search", { q: 5 }),
          call("c3", "missing", {})
        ))
        const response = yield* LanguageModel.generateText({
          prompt: "Go.",
          toolkit: RcpAi.toolkit({ context: CurrentUser })
        }).pipe(Effect.provideService(CurrentUser, { id: "u-1" }), Effect.provide(model.layer))
        const discovered = yield* Client.tools
        const invalid = (tool: string, problem: string) =>
          `invalid arguments for tool ${JSON.stringify(tool)}:\n- ${problem}`
        assert.deepStrictEqual(outcomes(response), [
          `enroll: failed ${JSON.stringify(invalid("enroll", "\"userId\" is filled in by the client and must not be sent; leave it out"))}`,
          `search: failed ${JSON.stringify(invalid("search", "\"q\" must be a string, got a number"))}`,
          `missing: failed ${JSON.stringify("HTTP 404: {\"error\":\"no such thing\"}")}`
        ])
        assert.deepStrictEqual(server.requests.map((r) => r.target), ["/missing"])
        assert.isAbove(discovered.length, 0)
      })
    ))

  it.scoped("a tool the client does not know is a ToolNotFound result; a name outside the toolkit fails the turn in the AI module itself, before any handler", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const toolkit = yield* RcpAi.toolkit()
        const ghost = yield* handleOnce(toolkit, "ghost", {})
        assert.isTrue(ghost.isFailure)
        assert.match(String(ghost.result), /^unknown tool "ghost"/)

        const model = scripted(once(call("c1", "ghost", {})))
        const error = yield* Effect.flip(
          LanguageModel.generateText({ prompt: "Go.", toolkit }).pipe(Effect.provide(model.layer))
        )
        assert.strictEqual(aiErrorKind(error), UNKNOWN_TOOL)
        assert.strictEqual(server.requests.length, 0)
      })
    ))

  describe("the toolkit executes only what it exposed (#29)", () => {
    /** A POST tool of another API on the same server, registered after the toolkit was built. */
    const later: ToolInput = {
      name: "later",
      method: "POST",
      params: [{ name: "userId", type: "string" }],
      url: "/users/{{userId}}/later",
      body: { note: "injected" }
    }
    const registerLater = (server: TestServer) =>
      Client.register(
        manifest([{ ...later, url: `${server.origin}${later.url}` }]),
        { url: `${server.origin}/other/manifest` }
      ).pipe(Effect.orDie)

    it.scoped("a tool discovered after the toolkit was built is never executed: the server receives nothing", () =>
      withApi((server) =>
        Effect.gen(function*() {
          const toolkit = yield* RcpAi.toolkit({ context: CurrentUser })
          yield* registerLater(server)
          const model = scripted(once(call("c1", "later", {})))
          const outcome = yield* Effect.exit(
            LanguageModel.generateText({ prompt: "Go.", toolkit }).pipe(
              Effect.provideService(CurrentUser, { id: RESOLVED_SECRET }),
              Effect.provide(model.layer)
            )
          )
          // The AI module refuses the name (@effect/ai 0.37 after the handler); the handler must not have run it.
          assert.isTrue(Exit.isFailure(outcome))
          assert.deepStrictEqual(server.requests, [])
          // Called directly, the handler answers the model's mistake and names only the toolkit's tools.
          const direct = yield* handleOnce(toolkit, "later", {}).pipe(Effect.provideService(CurrentUser, { id: RESOLVED_SECRET }))
          assert.isTrue(direct.isFailure)
          assert.match(String(direct.result), /^unknown tool "later"/)
          assert.include(String(direct.result), "enroll")
          assert.deepStrictEqual(server.requests, [])
        })
      ))

    it.scoped("with tools: a subset, a tool outside it is ToolNotFound and reaches no server", () =>
      withApi((server) =>
        Effect.gen(function*() {
          const all = yield* Client.tools
          const toolkit = yield* RcpAi.toolkit({ context: CurrentUser, tools: all.filter((tool) => tool.name === "search") })
          assert.deepStrictEqual(Object.keys(toolkit.tools), ["search"])
          const enroll = yield* handleOnce(toolkit, "enroll", { courseId: "x" }).pipe(
            Effect.provideService(CurrentUser, { id: RESOLVED_SECRET })
          )
          assert.isTrue(enroll.isFailure)
          assert.match(String(enroll.result), /^unknown tool "enroll"/)
          assert.deepStrictEqual(server.requests, [])
          const search = yield* handleOnce(toolkit, "search", { q: "ok" }).pipe(Effect.provideService(CurrentUser, { id: "u" }))
          assert.isFalse(search.isFailure)
          assert.deepStrictEqual(server.requests.map((r) => r.target), ["/search?q=ok"])
        })
      ))

    it.scoped("a tool changed since the toolkit was built (same name, new definition) is not executed", () =>
      withApi((server) =>
        Effect.gen(function*() {
          const toolkit = yield* RcpAi.toolkit({ context: CurrentUser })
          // The same manifest URL, `enroll` now saying something else: not what the model was shown.
          yield* registerAt(server, [{ ...tools(server.origin)[1]!, description: "Enroll the user in everything." }])
          const model = scripted(once(call("c1", "enroll", { courseId: "x" })))
          const response = yield* LanguageModel.generateText({ prompt: "Go.", toolkit }).pipe(
            Effect.provideService(CurrentUser, { id: RESOLVED_SECRET }),
            Effect.provide(model.layer)
          )
          assert.strictEqual(response.toolResults.length, 1)
          assert.isTrue(response.toolResults[0]!.isFailure)
          assert.match(String(response.toolResults[0]!.result), /^unknown tool "enroll"/)
          assert.deepStrictEqual(server.requests, [])
        })
      ))
  })

  it.scoped("a missing resolver value fails closed: the turn fails with ResolverMissing and nothing is sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer(api)
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, tools(server.origin))
        const model = scripted(once(call("c1", "enroll", { courseId: "x" })))
        // No context at all: the resolver has nothing to resolve from.
        return yield* Effect.flip(
          LanguageModel.generateText({ prompt: "Go.", toolkit: RcpAi.toolkit() }).pipe(Effect.provide(model.layer))
        )
      }).pipe(Effect.provide(rcp))
      assert.strictEqual(error._tag, "ResolverMissing")
      assert.include(error.message, `no value for "userId"`)
      // registerAt sends nothing; the call was refused before any HTTP.
      untouched(server)
    }))

  it.scoped("a 5xx fails the turn with the HttpError; with onError the model gets the safe text and onError the error", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const model = scripted(once(call("c1", "broken", {}), call("c2", "enroll", { courseId: "x" })))
        // One call at a time: `effect/ai` runs a turn's calls concurrently unless told (`@effect/ai`
        // 0.37 one by one), and the first operator error to happen fails the turn.
        const failed = yield* Effect.flip(
          LanguageModel.generateText({ prompt: "Go.", toolkit: RcpAi.toolkit(), concurrency: 1 }).pipe(Effect.provide(model.layer))
        )
        assert.strictEqual(failed._tag, "HttpError")

        const reported: Array<string> = []
        const response = yield* LanguageModel.generateText({
          prompt: "Go.",
          toolkit: RcpAi.toolkit({ onError: (error) => Effect.sync(() => reported.push(error._tag)) }),
          concurrency: 1
        }).pipe(Effect.provide(model.layer))
        assert.deepStrictEqual(outcomes(response), [
          `broken: failed ${JSON.stringify("The tool \"broken\" failed on the server (HTTP 500). You may retry later.")}`,
          `enroll: failed ${JSON.stringify("The tool \"enroll\" is unavailable right now.")}`
        ])
        assert.deepStrictEqual(reported.sort(), ["HttpError", "ResolverMissing"])
        assert.notInclude(JSON.stringify(response.content), "hunter2")
        assert.deepStrictEqual(server.requests.map((r) => r.target), ["/broken", "/broken"])
      })
    ))

  it.scoped("streamText: the call runs through the client and its result is streamed; an operator error fails the stream", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const model = scripted(once(call("c1", "search", { q: "stream" })))
        const parts = yield* LanguageModel.streamText({ prompt: "Go.", toolkit: RcpAi.toolkit() }).pipe(
          Stream.runCollect,
          Effect.provide(model.layer)
        )
        const results = [...parts].flatMap((part) => part.type === "tool-result" ? [part] : [])
        assert.deepStrictEqual(results.map((part) => [part.id, part.name, part.isFailure, part.result]), [
          ["c1", "search", false, { courses: ["stream 101"] }]
        ])
        assert.deepStrictEqual(server.requests.map((r) => r.target), ["/search?q=stream"])

        const broken = scripted(once(call("c2", "broken", {})))
        const failed = yield* Effect.flip(
          LanguageModel.streamText({ prompt: "Go.", toolkit: RcpAi.toolkit() }).pipe(Stream.runCollect, Effect.provide(broken.layer))
        )
        assert.strictEqual(failed._tag, "HttpError")
        assert.deepStrictEqual(server.requests.map((r) => r.target), ["/search?q=stream", "/broken"])
      })
    ))

  it.scoped("a large result: the application's tool result is the whole data; the next request's prompt carries the model's view within the budget", () =>
    Effect.gen(function*() {
      const repos = Array.from({ length: 400 }, (_, id) => ({ id, name: `repo-${id}`, description: "z".repeat(40) }))
      const BUDGET = 1_500
      const server = yield* testServer((_req, res) => json(res, 200, repos))
      const model = scripted(once(call("c1", "list_repos", {})))
      const first = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "list_repos", url: `${server.origin}/repos` }])
        const chat = yield* Chat.empty
        const first = yield* chat.generateText({ prompt: "List my repositories.", toolkit: RcpAi.toolkit() })
        yield* chat.generateText({ prompt: [], toolkit: RcpAi.toolkit() })
        return first
      }).pipe(Effect.provide(model.layer), Effect.provide(clientLayer({ maxResultChars: BUDGET })))

      // The application's part: the whole data.
      assert.deepStrictEqual(first.toolResults.map((part) => part.result), [repos])
      // The model's: the view, within the budget, in the prompt of the next request.
      assert.strictEqual(model.calls.length, 2)
      const shown = model.calls[1]!.prompt.content.flatMap((message) =>
        message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : []
      )
      assert.deepStrictEqual(shown.map((part) => [part.id, part.name, part.isFailure]), [["c1", "list_repos", false]])
      const text = JSON.stringify(shown[0]!.result)
      assert.isAtMost(text.length, BUDGET)
      const view = shown[0]!.result as { truncated: string; data: Array<unknown> }
      assert.match(view.truncated, new RegExp(`^The result was shortened to fit ${BUDGET} characters`))
      const kept = view.data.length - 1
      assert.isAbove(kept, 0)
      assert.deepStrictEqual(view.data.slice(0, kept), repos.slice(0, kept))
      assert.strictEqual(view.data[kept], `… ${repos.length - kept} more items`)
      assert.deepStrictEqual(server.requests.map((r) => r.target), ["/repos"])
    }))

  it.scoped("a toolkit is a snapshot; the toolkit Effect, handed to generateText, reads the client's tools on each turn (here: after a re-discovery)", () =>
    withApi((server) =>
      Effect.gen(function*() {
        const snapshot = yield* RcpAi.toolkit()
        const model = scripted(() => [{ type: "text", text: "hi" }])
        // Registering the same manifest URL again replaces what it had.
        yield* registerAt(server, [{ name: "later", url: `${server.origin}/later` }])
        yield* LanguageModel.generateText({ prompt: "a", toolkit: snapshot }).pipe(Effect.provide(model.layer))
        yield* LanguageModel.generateText({ prompt: "b", toolkit: RcpAi.toolkit() }).pipe(Effect.provide(model.layer))
        const names = model.calls.map((options) => options.tools.map((tool) => tool.name).join(","))
        assert.deepStrictEqual(names, ["search,enroll,missing,broken", "later"])
      })
    ))

  it.scoped("a tool call through the toolkit is one RcpClient.execute span, under LanguageModel.generateText", () => {
    const spans: Array<RecordedSpan> = []
    return withApi(() =>
      Effect.gen(function*() {
        const model = scripted(once(call("c1", "enroll", { courseId: "x" })))
        yield* LanguageModel.generateText({ prompt: "Go.", toolkit: RcpAi.toolkit({ context: CurrentUser }) }).pipe(
          Effect.provideService(CurrentUser, { id: RESOLVED_SECRET }),
          Effect.provide(model.layer)
        )
        const executes = spans.filter((span) => span.name === "RcpClient.execute")
        assert.strictEqual(executes.length, 1)
        assert.strictEqual(executes[0]!.parent, "LanguageModel.generateText")
        assert.notInclude(JSON.stringify(spans.map((span) => [...span.attributes])), RESOLVED_SECRET)
      })
    ).pipe(Effect.withTracer(recordingTracer(spans)))
  })

  it.scoped("a client that discovered nothing gives an empty toolkit: the provider is shown no tool", () =>
    Effect.gen(function*() {
      const model = scripted(() => [{ type: "text", text: "hi" }])
      const response = yield* LanguageModel.generateText({ prompt: "a", toolkit: RcpAi.toolkit() }).pipe(
        Effect.provide(model.layer),
        Effect.provide(rcp)
      )
      assert.strictEqual(response.text, "hi")
      assert.deepStrictEqual(model.calls[0]!.tools, [])
    }))
})
