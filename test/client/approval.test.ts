/**
 * Approval for side effects (docs/security.md "Approval"), on both APIs against a real server on 127.0.0.1:
 * the hook sees the prepared request (resolvers run, credential `<redacted>`) before anything is
 * sent; only `true` sends it; a denial is `ApprovalDenied` and a failing hook `ApprovalFailed`,
 * with nothing received by the server; GET is never asked about by default; the policy picks
 * calls by method and by tool name.
 */
import { FetchHttpClient } from "#target/Http.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import { either, type Outcome, settled } from "../support/either.js"
import { bearer, CREDENTIAL_SECRET, manifest, RESOLVED_SECRET, type ToolInput } from "../support/execute.js"
import { json, startServer, type TestServer, untouched } from "../support/server.js"

interface Turn {
  readonly userId?: string
}

const tools = (origin: string): Array<ToolInput> => [
  { name: "search", params: [{ name: "q", type: "string" }], url: `${origin}/search`, queryParams: { q: "{{q}}" } },
  {
    name: "enroll",
    method: "POST",
    params: [{ name: "userId", type: "string" }, { name: "courseId", type: "string" }],
    url: `${origin}/users/{{userId}}/enrollments`,
    body: { courseId: "{{courseId}}" }
  },
  { name: "unenroll", method: "DELETE", params: [{ name: "courseId", type: "string" }], url: `${origin}/enrollments/{{courseId}}` }
]

/** One client API, driven the same way: a client over `server` with these options and hook. */
interface Api {
  readonly execute: (call: Client.RcpToolCall, context?: Turn) => Promise<Outcome<Client.ToolResult, unknown>>
  readonly close: () => Promise<void>
}

type MakeApi = (server: TestServer, options: Client.Options, approve: Client.ApproveFunction | undefined) => Promise<Api>

const resolvers = { userId: (turn: Turn) => turn.userId }
const registration = (server: TestServer) => ({ url: `${server.origin}/rcp/manifest` })

const promiseApi: MakeApi = async (server, options, approve) => {
  const client = Client.createRcpClient<Turn>({ ...options, resolvers, approve, credential: CREDENTIAL_SECRET })
  await client.register(manifest(tools(server.origin), bearer), registration(server))
  return {
    execute: (call, context) => settled(client.execute(call, { context })),
    close: client.close
  }
}

const effectApi: MakeApi = async (server, options, approve) => {
  const layer = Client.layer({ ...options, credential: CREDENTIAL_SECRET }).pipe(
    Layer.provide(Resolver.layer(resolvers)),
    Layer.provide(approve === undefined ? Layer.empty : Client.Approval.layer(approve)),
    Layer.provide(FetchHttpClient.layer)
  )
  const runtime = ManagedRuntime.make(layer)
  await runtime.runPromise(Client.register(manifest(tools(server.origin), bearer), registration(server)))
  return {
    execute: (call, context) => runtime.runPromise(either(Client.execute(call, { context }))),
    close: () => runtime.dispose()
  }
}

/** A server answering 201 `{ ok: true }` to everything, and a client of `make` over it. */
const withApi = async (
  make: MakeApi,
  options: Client.Options,
  approve: Client.ApproveFunction | undefined,
  f: (api: Api, server: TestServer) => Promise<void>
) => {
  const server = await startServer((_req, res) => json(res, 201, { ok: true }))
  const api = await make(server, options, approve)
  try {
    await f(api, server)
  } finally {
    await api.close()
    await server.close()
  }
}

const enroll = { name: "enroll", arguments: { courseId: "rust-101" } }
const turn: Turn = { userId: RESOLVED_SECRET }

/** What the hook was asked: each request and info, in order. */
const recorder = (answer: (request: Client.PreparedRequest) => ReturnType<Client.ApproveFunction>) => {
  const asked: Array<{ readonly request: Client.PreparedRequest; readonly info: Client.ApprovalInfo }> = []
  const approve: Client.ApproveFunction = (request, info) => {
    asked.push({ request, info })
    return answer(request)
  }
  return { asked, approve }
}

const tagOf = (result: Outcome<Client.ToolResult, unknown>): string =>
  result._tag === "Left" ? (result.left as { _tag: string })._tag : "Success"

for (const [label, make] of [["promise", promiseApi], ["Effect", effectApi]] as const) {
  describe(`approval (${label} API)`, () => {
    it("approved: the hook sees the prepared request, credential redacted and resolver run; then it is sent", () => {
      const hook = recorder(async () => true)
      return withApi(make, {}, hook.approve, async (api, server) => {
        const result = await api.execute(enroll, turn)
        assert.deepStrictEqual<unknown>(result, { _tag: "Right", right: { status: 201, data: { ok: true } } })
        assert.strictEqual(hook.asked.length, 1)
        const { info, request } = hook.asked[0]!
        assert.deepStrictEqual(info, { tool: "enroll", context: turn })
        assert.strictEqual(request.method, "POST")
        assert.strictEqual(request.url, `${server.origin}/users/${RESOLVED_SECRET}/enrollments`)
        assert.strictEqual(request.headers.authorization, "Bearer <redacted>")
        assert.strictEqual(request.body, JSON.stringify({ courseId: "rust-101" }))
        assert.notInclude(JSON.stringify(request), CREDENTIAL_SECRET)
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target} ${r.body} ${r.headers.authorization}`), [
          `POST /users/${RESOLVED_SECRET}/enrollments {"courseId":"rust-101"} Bearer ${CREDENTIAL_SECRET}`
        ])
      })
    })

    it("denied: ApprovalDenied, the model hears the user declined, and the server received nothing", () =>
      withApi(make, {}, recorder(() => false).approve, async (api, server) => {
        const result = await api.execute(enroll, turn)
        assert.isTrue(result._tag === "Left")
        const error = result._tag === "Left" ? result.left : undefined
        assert.instanceOf(error, Client.ApprovalDenied)
        assert.strictEqual((error as Client.ApprovalDenied).message, `tool "enroll" (POST) was not approved; nothing was sent`)
        assert.deepStrictEqual(Client.modelFacingError(error, "enroll"), {
          _tag: "ModelError",
          text: "The user declined this action."
        })
        // Through a result helper: the model's text, and not an operator failure (onError not called).
        const reported: Array<unknown> = []
        const call = { id: "c1", type: "function", function: { name: "enroll", arguments: "{}" } } as const
        const message = Client.toOpenAiToolMessage(call, Exit.fail(error), { onError: (e) => reported.push(e) })
        assert.deepStrictEqual(message, { role: "tool", tool_call_id: "c1", content: "The user declined this action." })
        assert.deepStrictEqual(reported, [])
        untouched(server)
      }))

    it("only `true` approves: any other answer is a denial", () =>
      withApi(make, {}, (() => "yes") as unknown as Client.ApproveFunction, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, turn)), "ApprovalDenied")
        untouched(server)
      }))

    it("a hook that throws or rejects fails closed with ApprovalFailed carrying its error; nothing is sent", async () => {
      const crash = new Error("the approval dialog crashed")
      for (
        const approve of [
          () => {
            throw crash
          },
          () => Promise.reject(crash)
        ] as ReadonlyArray<Client.ApproveFunction>
      ) {
        await withApi(make, {}, approve, async (api, server) => {
          const result = await api.execute(enroll, turn)
          const error = result._tag === "Left" ? result.left : undefined
          assert.instanceOf(error, Client.ApprovalFailed)
          assert.strictEqual((error as Client.ApprovalFailed).cause, crash)
          assert.strictEqual(
            (error as Client.ApprovalFailed).message,
            `tool "enroll" (POST): the approval hook failed, so the call was refused; nothing was sent`
          )
          // An operator error: the model only hears the tool is unavailable.
          assert.deepStrictEqual(Client.modelFacingError(error, "enroll"), {
            _tag: "OperatorError",
            text: `The tool "enroll" is unavailable right now.`
          })
          untouched(server)
        })
      }
    })

    it("never asked for GET by default; the GET is sent", () => {
      const hook = recorder(() => false)
      return withApi(make, {}, hook.approve, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute({ name: "search", arguments: { q: "go" } })), "Success")
        assert.strictEqual(hook.asked.length, 0)
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target}`), ["GET /search?q=go"])
      })
    })

    it("asked only after the resolvers: a call that cannot resolve fails with ResolverMissing, unasked", () => {
      const hook = recorder(() => true)
      return withApi(make, {}, hook.approve, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, {})), "ResolverMissing")
        assert.strictEqual(hook.asked.length, 0)
        untouched(server)
      })
    })

    it("policy by tool name: `false` skips the hook for a POST, `true` asks it for a GET", () => {
      const hook = recorder(() => false)
      const approval = { tools: { enroll: false, search: true } }
      return withApi(make, { approval }, hook.approve, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, turn)), "Success")
        assert.strictEqual(tagOf(await api.execute({ name: "search", arguments: { q: "go" } })), "ApprovalDenied")
        assert.strictEqual(tagOf(await api.execute({ name: "unenroll", arguments: { courseId: "x" } })), "ApprovalDenied")
        assert.deepStrictEqual(hook.asked.map(({ info }) => info.tool), ["search", "unenroll"])
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), [`POST /users/${RESOLVED_SECRET}/enrollments`])
      })
    })

    it("policy by method: only the methods listed are asked about", () => {
      const hook = recorder(() => false)
      return withApi(make, { approval: { methods: ["DELETE"] } }, hook.approve, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, turn)), "Success")
        assert.strictEqual(tagOf(await api.execute({ name: "unenroll", arguments: { courseId: "x" } })), "ApprovalDenied")
        assert.deepStrictEqual(hook.asked.map(({ request }) => request.method), ["DELETE"])
        assert.deepStrictEqual(server.requests.map((r) => r.method), ["POST"])
      })
    })

    it("methods compare case-insensitively (#29): `[\"post\"]` still asks about POST, and the POST is not sent", () => {
      const hook = recorder(() => false)
      return withApi(make, { approval: { methods: ["post"] } }, hook.approve, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, turn)), "ApprovalDenied")
        assert.strictEqual(tagOf(await api.execute({ name: "unenroll", arguments: { courseId: "x" } })), "Success")
        assert.deepStrictEqual(hook.asked.map(({ request }) => request.method), ["POST"])
        assert.deepStrictEqual(server.requests.map((r) => r.method), ["DELETE"])
      })
    })

    it("without a hook nothing is asked: the POST is sent", () =>
      withApi(make, {}, undefined, async (api, server) => {
        assert.strictEqual(tagOf(await api.execute(enroll, turn)), "Success")
        assert.deepStrictEqual(server.requests.map((r) => r.method), ["POST"])
      }))
  })
}

describe("approval (Effect service)", () => {
  it("a hook Effect that fails or dies fails closed; needsApproval follows the policy", async () => {
    const server = await startServer((_req, res) => json(res, 201, { ok: true }))
    try {
      for (const approve of [Effect.fail("no dialog"), Effect.die("boom")]) {
        const layer = Client.layer({ approval: { tools: { search: true } } }).pipe(
          Layer.provide(Resolver.layer(resolvers)),
          Layer.provide(Layer.succeed(Client.Approval, { approve: () => approve })),
          Layer.provide(FetchHttpClient.layer)
        )
        const program = Effect.gen(function*() {
          yield* Client.register(manifest(tools(server.origin)), registration(server))
          const client = yield* Client.RcpClient
          const policy = yield* Effect.all(["search", "enroll", "unenroll", "nope"].map(client.needsApproval))
          assert.deepStrictEqual(policy, [true, true, true, false])
          return yield* Effect.flip(Client.execute(enroll, { context: turn }))
        })
        const error = await Effect.runPromise(Effect.provide(program, layer))
        assert.strictEqual(error._tag, "ApprovalFailed")
      }
      untouched(server)
    } finally {
      await server.close()
    }
  })
})
