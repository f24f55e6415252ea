/**
 * The Effect 3 test kit (docs/effect4.md §Tests): what a test body needs that Effect 3 and Effect 4
 * spell differently, under one name. Tests import it as `#test-target` (vitest.targets.ts); its
 * Effect 4 twin is `./v4.ts`, with the same exports. Keep it to what tests really differ on.
 */
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as TestContext from "effect/TestContext"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect3"

/** What `it.effect` provides, as `@effect/vitest` does: the test clock, and no log output. */
export const TestServices: Layer.Layer<never> = TestContext.TestContext.pipe(
  Layer.provide(Logger.remove(Logger.defaultLogger))
) as Layer.Layer<never>

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.failureOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.isInterruptedOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutException"

// --- the lowering fixture (test/effect4/lowering.test.ts): the same fields in each Effect's combinators

/** `defineTool` args whose lowering must be the same bytes on both Effects (`fixtures/lowering.json`). */
export const loweringFields = {
  plain: Schema.String,
  described: Schema.String.annotations({ description: "the city" }),
  keyDescribed: Schema.optionalWith(Schema.String, { exact: true }).annotations({ description: "on the key" }),
  count: Schema.Number,
  int: Schema.Int,
  flag: Schema.Boolean,
  unit: Schema.Literal("c", "f"),
  nonEmpty: Schema.NonEmptyString,
  optional: Schema.optional(Schema.String),
  optionalKey: Schema.optionalWith(Schema.Number, { exact: true }),
  withDefault: Schema.optionalWith(Schema.Number, { default: () => 10 }),
  describedDefault: Schema.optionalWith(Schema.String.annotations({ description: "sort order" }), { default: () => "asc" }),
  nullable: Schema.NullOr(Schema.String),
  tags: Schema.Array(Schema.String),
  nested: Schema.Struct({ a: Schema.String }),
  enums: Schema.Enums({ A: "a", B: "b" }),
  template: Schema.TemplateLiteral("id-", Schema.String),
  branded: Schema.String.pipe(Schema.brand("UserId")),
  finite: Schema.Finite,
  atLeast3: Schema.String.pipe(Schema.minLength(3)),
  between: Schema.Number.pipe(Schema.between(1, 5)),
  pattern: Schema.String.pipe(Schema.pattern(/^[a-z]+$/)),
  uuid: Schema.UUID,
  describedInt: Schema.Int.annotations({ description: "how many" }),
  numberFromString: Schema.NumberFromString,
  date: Schema.Date,
  ids: Schema.Array(Schema.Int).pipe(Schema.minItems(1), Schema.maxItems(5)),
  nonEmptyTags: Schema.NonEmptyArray(Schema.String),
  address: Schema.Struct({
    street: Schema.String.annotations({ description: "street and number" }),
    zip: Schema.optional(Schema.String.pipe(Schema.maxLength(10)))
  }),
  labels: Schema.Record({ key: Schema.String, value: Schema.String }),
  meta: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  positive: Schema.Number.pipe(Schema.greaterThan(0)),
  atMost100: Schema.Number.pipe(Schema.lessThanOrEqualTo(100)),
  above2: Schema.Number.pipe(Schema.greaterThan(2)),
  short: Schema.String.pipe(Schema.maxLength(9)),
  weekday: Schema.Int.pipe(Schema.between(1, 7)),
  multiple: Schema.Number.pipe(Schema.multipleOf(5)),
  pair: Schema.Tuple(Schema.String, Schema.Number),
  either: Schema.Union(Schema.String, Schema.Number),
  lazy: Schema.suspend(() => Schema.String),
  exactly3: Schema.String.pipe(Schema.length(3)),
  twoToFour: Schema.String.pipe(Schema.length({ min: 2, max: 4 })),
  pairOfIds: Schema.Array(Schema.String).pipe(Schema.itemsCount(2)),
  below3: Schema.Number.pipe(Schema.lessThan(3)),
  atLeast3n: Schema.Number.pipe(Schema.greaterThanOrEqualTo(3)),
  negative: Schema.Number.pipe(Schema.lessThan(0)),
  int32: Schema.Number.pipe(Schema.int(), Schema.between(-2147483648, 2147483647)),
  trimmed: Schema.Trimmed,
  nullableTags: Schema.NullOr(Schema.Array(Schema.Literal("x", "y")))
}

/** A struct of `fields`, as `defineTool`'s `args`. */
export const struct = (fields: Record<string, unknown>): unknown => Schema.Struct(fields as Schema.Struct.Fields)

/** A tool's `output` whose `outputSchema` must be the same bytes on both Effects. */
export const loweringOutput: unknown = Schema.Struct({
  id: Schema.String,
  count: Schema.Int,
  score: Schema.Number.pipe(Schema.between(0, 1)),
  tags: Schema.Array(Schema.String),
  kind: Schema.Literal("a", "b"),
  nested: Schema.Struct({ ok: Schema.Boolean })
})

// --- the server (test/server/defineTool.test.ts)

/** `schema` with a description, as this Effect annotates. */
export const describedAs = <S extends Schema.Schema.Any>(schema: S, description: string): S =>
  schema.annotations({ description }) as S

/** A layer of routes (`Server.layer`) as a Fetch-API handler, without request logs. */
export const webHandler = (
  routes: Layer.Layer<never, unknown, unknown>
): { readonly handler: (request: Request) => Promise<Response>; readonly dispose: () => Promise<void> } => {
  const web = HttpLayerRouter.toWebHandler(routes as Layer.Layer<never, never, HttpLayerRouter.HttpRouter>, {
    disableLogger: true
  })
  return { handler: (request) => web.handler(request), dispose: web.dispose }
}

/**
 * The `HttpServer` service of a server listening at `hostname:port` (what `Server.origin` reads); it
 * serves nothing itself: the requests reach `webHandler`'s handler through a node:http server.
 */
export const listeningAt = (hostname: string, port: number): Layer.Layer<HttpServer.HttpServer> =>
  Layer.succeed(HttpServer.HttpServer, HttpServer.make({ serve: () => Effect.void, address: { _tag: "TcpAddress", hostname, port } }))
