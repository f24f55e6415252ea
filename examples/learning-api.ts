/**
 * The demo's REST API: a small learning platform on an `@effect/platform` HTTP server. Its tools
 * are described with `defineTool`, its manifest is built with `Server.manifest` (validated like a
 * client validates it) and served with `Server.route` at `/rcp/manifest`. Every other route wants
 * `Authorization: Bearer <token>` and answers JSON.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import type * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import { createServer } from "node:http"
import type * as Manifest from "rcp-sdk/manifest"
import * as Server from "rcp-sdk/server"

// ---------------------------------------------------------------------------------------------
// The tools, as the API's author writes them. The URLs carry the server's origin, which is only
// known once it listens (port 0), so the tools are a function of it.
// ---------------------------------------------------------------------------------------------

// The one hint a client operator gets that this param is theirs to fill, not the model's.
const LearnerId = Schema.String.annotations({
  description: "The signed-in learner's id: resolve it from your session, never let the model choose it."
})

const CourseId = Schema.String.annotations({ description: "A course id, as returned by list_courses." })

/** The API's tools, with `origin` (e.g. `http://127.0.0.1:51234`) in their URLs. */
export const tools = (origin: string) => [
  Server.defineTool({
    name: "get_profile",
    description: "Get the learner's profile and the courses they are enrolled in.",
    method: "GET",
    args: Schema.Struct({ learnerId: LearnerId }),
    url: (t) => `${origin}/learners/${t.arg("learnerId")}`,
    // The model gets what it needs, not the whole record (the e-mail address stays out).
    responseMappings: { name: "@name", enrolledIn: "@enrollments" }
  }),
  Server.defineTool({
    name: "list_courses",
    description: "List the catalogue's courses, optionally only those on one topic.",
    method: "GET",
    args: Schema.Struct({
      topic: Schema.optional(Schema.String.annotations({ description: "e.g. \"typescript\" or \"databases\"" }))
    }),
    url: `${origin}/courses`,
    queryParams: { topic: (t) => t.arg("topic") }
  }),
  Server.defineTool({
    name: "get_course",
    description: "Get one course's details.",
    method: "GET",
    args: Schema.Struct({ courseId: CourseId }),
    url: (t) => `${origin}/courses/${t.arg("courseId")}`
  }),
  Server.defineTool({
    name: "enroll",
    description: "Enroll the learner in a course.",
    method: "POST",
    args: Schema.Struct({ learnerId: LearnerId, courseId: CourseId }),
    url: (t) => `${origin}/learners/${t.arg("learnerId")}/enrollments`,
    body: { courseId: (t) => t.arg("courseId") }
  })
]

// ---------------------------------------------------------------------------------------------
// The API itself: in-memory data, four JSON routes behind a bearer check, the manifest in front.
// ---------------------------------------------------------------------------------------------

interface Course {
  readonly id: string
  readonly title: string
  readonly topic: string
}

const courses: ReadonlyArray<Course> = [
  { id: "effect-101", title: "Effect from first principles", topic: "typescript" },
  { id: "ts-types", title: "TypeScript's type system in depth", topic: "typescript" },
  { id: "sql-joins", title: "SQL joins, visually", topic: "databases" }
]

const learners: ReadonlyArray<{ readonly id: string; readonly name: string; readonly email: string }> = [
  { id: "learner-42", name: "Ada Lovelace", email: "ada@example.com" }
]

const json = (body: unknown, status = 200) => HttpServerResponse.unsafeJson(body, { status })

const notFound = (what: string) => json({ error: `no such ${what}` }, 404)

/**
 * Who may call: one token for everyone (`token`), or each learner's own (`tokens`, by learner id) —
 * then a learner's routes answer only that learner's token, as an API acting per user does.
 */
export type Access = { readonly token: string } | { readonly tokens: Readonly<Record<string, string>> }

const makeRouter = (manifest: Manifest.Manifest, access: Access) => {
  const enrollments = new Map<string, Array<string>>()

  const requireBearer = HttpMiddleware.make((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const bearer = request.headers.authorization?.replace(/^Bearer /, "")
      if ("token" in access) {
        return bearer === access.token ? app : Effect.succeed(json({ error: "missing or invalid bearer token" }, 401))
      }
      const owner = Object.entries(access.tokens).find(([, token]) => token === bearer)?.[0]
      if (owner === undefined) return Effect.succeed(json({ error: "missing or invalid bearer token" }, 401))
      const learner = /^\/learners\/([^/?]+)/.exec(request.url)?.[1]
      return learner === undefined || learner === owner ? app : Effect.succeed(json({ error: "not your learner" }, 403))
    })
  )

  const learnerPath = HttpRouter.schemaPathParams(Schema.Struct({ learnerId: Schema.String }))
  const findLearner = (id: string) => learners.find((learner) => learner.id === id)

  const api = HttpRouter.empty.pipe(
    HttpRouter.get(
      "/learners/:learnerId",
      Effect.map(learnerPath, ({ learnerId }) => {
        const learner = findLearner(learnerId)
        if (learner === undefined) return notFound("learner")
        const enrolled = (enrollments.get(learner.id) ?? []).map((id) => courses.find((c) => c.id === id)?.title)
        return json({ ...learner, enrollments: enrolled })
      })
    ),
    HttpRouter.get(
      "/courses",
      Effect.map(
        HttpServerRequest.schemaSearchParams(Schema.Struct({ topic: Schema.optional(Schema.String) })),
        ({ topic }) => json(courses.filter((course) => topic === undefined || course.topic === topic))
      )
    ),
    HttpRouter.get(
      "/courses/:courseId",
      Effect.map(HttpRouter.schemaPathParams(Schema.Struct({ courseId: Schema.String })), ({ courseId }) => {
        const course = courses.find((c) => c.id === courseId)
        return course === undefined ? notFound("course") : json(course)
      })
    ),
    HttpRouter.post(
      "/learners/:learnerId/enrollments",
      Effect.gen(function*() {
        const { learnerId } = yield* learnerPath
        const { courseId } = yield* HttpServerRequest.schemaBodyJson(Schema.Struct({ courseId: Schema.String }))
        const learner = findLearner(learnerId)
        if (learner === undefined) return notFound("learner")
        if (!courses.some((course) => course.id === courseId)) return notFound("course")
        const current = enrollments.get(learner.id) ?? []
        if (!current.includes(courseId)) enrollments.set(learner.id, [...current, courseId])
        return json({ learnerId: learner.id, courseId, status: "enrolled" }, 201)
      })
    ),
    HttpRouter.catchTags({
      ParseError: () => Effect.succeed(json({ error: "bad request" }, 400)),
      RequestError: () => Effect.succeed(json({ error: "bad request" }, 400))
    }),
    HttpRouter.use(requireBearer)
  )

  // The manifest is public: a client discovers it without a credential.
  return HttpRouter.empty.pipe(Server.route("/rcp/manifest", manifest), HttpRouter.concat(api))
}

// ---------------------------------------------------------------------------------------------
// The API as a service: a scoped layer that listens on 127.0.0.1 (port 0), builds the manifest
// from the address it got, and stops the server when the layer's scope closes.
// ---------------------------------------------------------------------------------------------

/** What the running API tells the demo. */
export interface Api {
  readonly origin: string
  readonly manifestUrl: string
  /** Every request the server received, as `METHOD /path?query`, oldest first. */
  readonly received: () => ReadonlyArray<string>
}

/** The running API; `LearningApi.layer({ token })` (or `{ tokens }`) starts it and stops it with its scope. */
export class LearningApi extends Context.Tag("rcp-sdk/examples/LearningApi")<LearningApi, Api>() {
  static readonly layer = (options: Access): Layer.Layer<LearningApi, HttpServerError.ServeError | Manifest.ManifestInvalid> =>
    Layer.scoped(
      LearningApi,
      Effect.gen(function*() {
        const server = yield* HttpServer.HttpServer
        const origin = HttpServer.formatAddress(server.address)
        const manifest = yield* Server.manifest({
          auth: { type: "header", name: "Authorization", scheme: "Bearer" },
          tools: tools(origin)
        })
        const received: Array<string> = []
        const record = HttpMiddleware.make((app) =>
          Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
            received.push(`${request.method} ${request.url}`)
            return app
          })
        )
        yield* server.serve(makeRouter(manifest, options), record)
        return { origin, manifestUrl: `${origin}/rcp/manifest`, received: () => [...received] }
      })
    ).pipe(Layer.provide(NodeHttpServer.layer(() => createServer(), { port: 0, host: "127.0.0.1" })))
}

/**
 * Starts the API for code that does not run Effects: resolves once it listens; `close()` stops it.
 */
export const startLearningApi = async (options: Access) => {
  const runtime = ManagedRuntime.make(LearningApi.layer(options))
  const api = await runtime.runPromise(LearningApi)
  return { ...api, close: () => runtime.dispose() }
}
