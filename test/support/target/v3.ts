/**
 * The Effect 3 test kit (docs/effect4.md §Tests): what a test body needs that Effect 3 and Effect 4
 * spell differently, under one name. Tests import it as `#test-target` (vitest.targets.ts); its
 * Effect 4 twin is `./v4.ts`, with the same exports. Keep it to what tests really differ on.
 */
import * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as Arbitrary from "effect/Arbitrary"
import * as Cause from "effect/Cause"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Chunk from "effect/Chunk"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Either from "effect/Either"
import * as FastCheck from "effect/FastCheck"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as ParseResult from "effect/ParseResult"
import type * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/TestClock"
import * as TestContext from "effect/TestContext"
import type * as Scope from "effect/Scope"
import * as Tracer from "effect/Tracer"
import type { SchemaNode } from "../../../src/internal/manifest/paramSchema.js"
import { safeStringify } from "../stringify.js"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect3"

/** What `it.effect` provides, as `@effect/vitest` does: the test clock, and no log output. */
export const TestServices: Layer.Layer<never> = TestContext.TestContext.pipe(
  Layer.provide(Logger.remove(Logger.defaultLogger))
) as Layer.Layer<never>

/** When each sleep now waiting on the test clock wakes up, in ms of the test clock (`TestClock.sleeps`). */
export const pendingSleeps: Effect.Effect<ReadonlyArray<number>> = Effect.map(TestClock.sleeps(), Chunk.toReadonlyArray)

/** Moves the test clock on by `duration`, waking the sleeps due by then (`TestClock.adjust`). */
export const adjustClock: (duration: Duration.DurationInput) => Effect.Effect<void> = TestClock.adjust

/** A fiber's exit if it has ended, else `undefined` (`Fiber.poll`). */
export const poll = <A, E>(fiber: Fiber.Fiber<A, E>): Effect.Effect<Exit.Exit<A, E> | undefined> =>
  Effect.map(Fiber.poll(fiber), Option.getOrUndefined)

/** Runs `effect` with a random generator that gives `values` in turn (`Random.fixed`). */
export const withFixedRandom = (values: ReadonlyArray<number>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.withRandom(effect, Random.fixed(values as [number, ...Array<number>]))

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.failureOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.isInterruptedOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutException"

export interface RecordedSpan {
  readonly name: string
  /** The parent span's name (`undefined` for a root, `"external"` for an external parent). */
  readonly parent: string | undefined
  readonly attributes: Map<string, unknown>
  readonly events: Array<{ readonly name: string; readonly attributes: Record<string, unknown> | undefined }>
  ended: boolean
}

/** A tracer that keeps every span it is asked to start, with its attributes and events. */
export const recordingTracer = (spans: Array<RecordedSpan>): Tracer.Tracer => {
  let ids = 0
  return Tracer.make({
    span: (name, parent, context, links, startTime, kind) => {
      const recorded: RecordedSpan = {
        name,
        parent: Option.match(parent, { onNone: () => undefined, onSome: (p) => (p._tag === "Span" ? p.name : "external") }),
        attributes: new Map(),
        events: [],
        ended: false
      }
      spans.push(recorded)
      const spanId = `span-${++ids}`
      const traceId = Option.match(parent, { onNone: () => `trace-${ids}`, onSome: (p) => p.traceId })
      let status: Tracer.SpanStatus = { _tag: "Started", startTime }
      const spanLinks: Array<Tracer.SpanLink> = [...links]
      const span: Tracer.Span = {
        _tag: "Span",
        name,
        spanId,
        traceId,
        parent,
        context,
        get status() {
          return status
        },
        attributes: recorded.attributes,
        links: spanLinks,
        sampled: true,
        kind,
        end: (endTime, exit) => {
          recorded.ended = true
          status = { _tag: "Ended", startTime, endTime, exit }
        },
        attribute: (key, value) => {
          recorded.attributes.set(key, value)
        },
        event: (eventName, _startTime, attributes) => {
          recorded.events.push({ name: eventName, attributes })
        },
        addLinks: (more) => {
          spanLinks.push(...more)
        }
      }
      return span
    },
    context: (f) => f()
  })
}

/** A logger that keeps every line (message and annotations) instead of printing it. */
export const recordingLogger = (lines: Array<string>): Layer.Layer<never> =>
  Logger.replace(
    Logger.defaultLogger,
    Logger.make(({ annotations, message }) => {
      lines.push(`${safeStringify(message)} ${safeStringify([...annotations])}`)
    })
  )

/** The error an `HttpClient` fails with when nothing could be sent (a transport failure). */
export const transportError = (request: HttpClientRequest.HttpClientRequest, cause: unknown): HttpClientError.HttpClientError =>
  new HttpClientError.RequestError({ request, reason: "Transport", cause })

/** Runs `effect` with Debug logging on, each line kept in `lines` as `LEVEL: message` (`DEBUG: …`). */
export const withDebugLog = (lines: Array<string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const logger = Logger.make(({ logLevel, message }) => {
    lines.push(`${logLevel.label}: ${Array.isArray(message) ? message.join(" ") : String(message)}`)
  })
  return effect.pipe(Effect.provide(Logger.add(logger)), Logger.withMinimumLogLevel(LogLevel.Debug))
}

/** Runs `effect` in a child fiber of the current one (Effect 3: `Effect.fork`). */
export const fork = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.fork(effect)

/** Runs `effect` with every level logged, Debug included (Effect 3: `Logger.withMinimumLogLevel`). */
export const atDebugLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Logger.withMinimumLogLevel(effect, LogLevel.Debug)

/** How many exit observers the current fiber holds (Effect internals, read for a leak test). */
export const observerCount: Effect.Effect<number> = Effect.withFiberRuntime((fiber) =>
  Effect.succeed((fiber as unknown as { readonly _observers: ReadonlyArray<unknown> })._observers.length)
)

/** `Config.redacted(name)` read from `env` (Effect 4: `Config.Redacted`, `ConfigProvider.fromEnvRecord`). */
export const redactedConfig = (name: string): Config.Config<Redacted.Redacted<string>> => Config.redacted(name)

/** Runs `effect` with configuration read from `env` alone. */
export const withConfigFrom = (env: Record<string, string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.withConfigProvider(effect, ConfigProvider.fromMap(new Map(Object.entries(env))))

/** A layer that makes `env` alone the configuration of what it is provided to (`Layer.setConfigProvider`). */
export const configLayerFrom = (env: Record<string, string>): Layer.Layer<never> =>
  Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))

/** The error of a cause that is one typed failure and nothing else (a `Fail` cause), else `undefined`. */
export const onlyFailure = <E>(cause: Cause.Cause<E>): E | undefined => (cause._tag === "Fail" ? cause.error : undefined)

/** The defect of a cause that is one defect and nothing else (a `Die` cause), boxed; else `undefined`. */
export const onlyDefect = <E>(cause: Cause.Cause<E>): { readonly defect: unknown } | undefined =>
  cause._tag === "Die" ? { defect: cause.defect } : undefined

/** The layer an effect builds in the layer's own scope (Effect 3: `Layer.unwrapScoped`). */
export const unwrapScoped = <A, E1, R1, E, R>(effect: Effect.Effect<Layer.Layer<A, E1, R1>, E, R>): Layer.Layer<A, E | E1, R1 | Exclude<R, Scope.Scope>> =>
  Layer.unwrapScoped(effect)

/** Runs `effect` with every level logged, Trace included. */
export const atEveryLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Logger.withMinimumLogLevel(effect, LogLevel.All)

// --- causes and results (#35, suite4b: the manifest's fuzz and validate tests)

/** Whether a cause holds a defect (Effect 3: `Cause.isDie`). */
export const hasDefect = <E>(cause: Cause.Cause<E>): boolean => Cause.isDie(cause)

/** Whether a cause holds an interruption (Effect 3: `Cause.isInterrupted`). */
export const hasInterruption = <E>(cause: Cause.Cause<E>): boolean => Cause.isInterrupted(cause)

/** The success of a `validate` result, or a throw (Effect 3: `Either.getOrThrow`). */
export const getOrThrow = <A, E>(result: Either.Either<A, E>): A => Either.getOrThrow(result)

/** A Schema's decoding, every problem listed (`errors: "all"`): the value, or each problem's path and message. */
export type SchemaDecoded =
  | { readonly _tag: "Ok"; readonly value: unknown }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }> }

/**
 * Decodes `input` with this Effect's `schema` and lists every problem as this Effect prints it
 * (Effect 3: `ParseResult.ArrayFormatter`). The messages are the Effect's own, not the protocol's.
 */
export const schemaIssues = (
  schema: unknown,
  input: unknown,
  onExcessProperty: "ignore" | "error" = "ignore"
): SchemaDecoded => {
  const result = Schema.decodeUnknownEither(schema as Schema.Schema<unknown, unknown, never>, { errors: "all", onExcessProperty })(input)
  return Either.isRight(result)
    ? { _tag: "Ok", value: result.right }
    : { _tag: "Invalid", issues: ParseResult.ArrayFormatter.formatIssueSync(result.left.issue).map(({ message, path }) => ({ path, message })) }
}

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

// --- structured params end to end (test/structured.roundtrip.test.ts)

/** test/structured.roundtrip.test.ts's order: arrays and objects in a JSON body and in the query. */
const lineItem = Schema.Struct({
  sku: Schema.String.pipe(Schema.minLength(3)).annotations({ description: "the product's SKU" }),
  quantity: Schema.Int.pipe(Schema.between(1, 99))
})

/** `create_order`'s args: the same fields on both Effects (the model sees the same schema). */
export const orderArgs = Schema.Struct({
  items: Schema.Array(lineItem).pipe(Schema.maxItems(5)),
  shipping: Schema.Struct({
    name: Schema.String,
    address: Schema.Struct({ line1: Schema.String, city: Schema.String }),
    notes: Schema.optional(Schema.String)
  }),
  tags: Schema.optional(Schema.Array(Schema.String)),
  filter: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
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

// --- the server's args in every library (test/server/schemas.test.ts): the same fields in each Effect's combinators

/** Every kind of field the lowering table has a rule for, as an Effect Schema (zod, valibot: in the test). */
export const argsOfEveryKind = () =>
  Schema.Struct({
    city: Schema.String.annotations({ description: "City name" }),
    days: Schema.optional(Schema.Number),
    metric: Schema.Boolean,
    unit: Schema.Literal("c", "f"),
    page: Schema.Int.annotations({ description: "page number" }),
    count: Schema.Int,
    limit: Schema.optionalWith(Schema.Number, { default: () => 10 }).annotations({ description: "max results" }),
    tags: Schema.Array(Schema.String),
    note: Schema.NullOr(Schema.String),
    since: Schema.optional(Schema.Date)
  })

enum Unit {
  C = "c",
  F = "f"
}

/** Literal unions and a string enum (each an enum), also optional; a number literal (a fallback). */
export const literalArgs = () =>
  Schema.Struct({
    a: Schema.optional(Schema.Literal("x", "y")),
    b: Schema.Union(Schema.Literal("p"), Schema.Literal("q")),
    c: Schema.Enums(Unit),
    d: Schema.Literal(1, 2)
  })

/** A number literal union alone. */
export const numberLiteralArgs = () => Schema.Struct({ d: Schema.Literal(1, 2) })

/** An Effect Schema that is not a struct. */
export const notAStruct: unknown = Schema.String

/** A union of string literals (Effect 3: `Schema.Literal(...values)`). */
export const literalsOf = (values: readonly [string, ...Array<string>]) => Schema.Literal(...values)

// --- the server's lowering, case by case (test/server/server.test.ts): one field per case, in each Effect's combinators

/** A field per case of `defineTool`'s lowering of args to params; `./v4.ts` spells each in Effect 4's combinators. */
export const paramFields = {
  typeDescribed: Schema.Number.annotations({ description: "on the type" }),
  fieldDescribed: Schema.propertySignature(Schema.Boolean).annotations({ description: "on the field" }),
  bothDescribed: Schema.propertySignature(Schema.String.annotations({ description: "on the type" }))
    .annotations({ description: "on the field" }),
  optionalBothDescribed: Schema.optional(Schema.String.annotations({ description: "on the type" }))
    .annotations({ description: "on the field" }),
  optional: Schema.optional(Schema.Number),
  optionalExact: Schema.optionalWith(Schema.Boolean, { exact: true }),
  withDefault: Schema.optionalWith(Schema.Number, { default: () => 1 }).annotations({ description: "d" }),
  optionalTypeDescribed: Schema.optional(Schema.String.annotations({ description: "on the type" })),
  int: Schema.Int,
  nonEmpty: Schema.NonEmptyString,
  intDescribed: Schema.Int.annotations({ description: "page number" }),
  optionalBetween: Schema.optional(Schema.Number.pipe(Schema.between(1, 5))),
  brandedString: Schema.String.pipe(Schema.brand("UserId")),
  brandedInt: Schema.Int.pipe(Schema.brand("Count")),
  brandedBoolean: Schema.Boolean.pipe(Schema.brand("Flag")),
  brandedDescribed: Schema.String.pipe(Schema.brand("UserId")).annotations({ description: "the user's id" }),
  suspended: Schema.suspend(() => Schema.Number),
  union: Schema.Union(Schema.Number, Schema.Boolean),
  unionWithNull: Schema.Union(Schema.Number, Schema.String, Schema.Null),
  struct: Schema.Struct({ lat: Schema.Number, lon: Schema.Number }),
  arrayDescribed: Schema.Array(Schema.Number).annotations({ description: "ids" }),
  transformation: Schema.NumberFromString,
  optionalTransformation: Schema.optional(Schema.NumberFromString)
}

// --- a field's type, lowered to a schema node (test/server/schemaNode.test.ts, structured.property.test.ts)

/** A param schema node written with Effect 3's combinators, as a server author would (see `../schemaLibraries.ts`). */
export const toEffect = (node: SchemaNode): Schema.Schema.Any => {
  let out: Schema.Schema.Any
  switch (node.type) {
    case "string": {
      if (node.enum !== undefined) {
        out = Schema.Literal(...(node.enum as [string, ...Array<string>]))
        break
      }
      let s: Schema.Schema<string> = Schema.String
      if (node.minLength !== undefined) s = s.pipe(Schema.minLength(node.minLength))
      if (node.maxLength !== undefined) s = s.pipe(Schema.maxLength(node.maxLength))
      out = s
      break
    }
    case "number":
    case "integer": {
      let n: Schema.Schema<number> = node.type === "integer" ? Schema.Int : Schema.Number
      if (node.minimum !== undefined) n = n.pipe(Schema.greaterThanOrEqualTo(node.minimum))
      if (node.exclusiveMinimum !== undefined) n = n.pipe(Schema.greaterThan(node.exclusiveMinimum))
      if (node.maximum !== undefined) n = n.pipe(Schema.lessThanOrEqualTo(node.maximum))
      if (node.exclusiveMaximum !== undefined) n = n.pipe(Schema.lessThan(node.exclusiveMaximum))
      out = n
      break
    }
    case "boolean":
      out = Schema.Boolean
      break
    case "array": {
      let a: Schema.Schema<ReadonlyArray<unknown>> = Schema.Array(toEffect(node.items)) as never
      if (node.minItems !== undefined) a = a.pipe(Schema.minItems(node.minItems))
      if (node.maxItems !== undefined) a = a.pipe(Schema.maxItems(node.maxItems))
      out = a
      break
    }
    case "object": {
      const required = new Set(node.required ?? [])
      const fields: Record<string, Schema.Struct.Field> = {}
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        fields[name] = required.has(name) ? toEffect(child) : Schema.optional(toEffect(child))
      }
      const additional = node.additionalProperties
      const record = additional === true
        ? Schema.Record({ key: Schema.String, value: Schema.Unknown })
        : additional === undefined || additional === false
        ? undefined
        : Schema.Record({ key: Schema.String, value: toEffect(additional) })
      out = record === undefined ? Schema.Struct(fields) : Schema.Struct(fields, record)
      break
    }
  }
  return node.description === undefined ? out : out.annotations({ description: node.description })
}

interface Category {
  readonly name: string
  readonly children: ReadonlyArray<Category>
}
const Category: Schema.Schema<Category> = Schema.Struct({
  name: Schema.String,
  children: Schema.Array(Schema.suspend((): Schema.Schema<Category> => Category))
})

/** A field's type per case of test/server/schemaNode.test.ts; `./v4.ts` spells each in Effect 4's combinators. */
export const nodeTypes = {
  intBetween1And7: Schema.Int.pipe(Schema.between(1, 7)),
  positive: Schema.Positive,
  prices: Schema.Array(Schema.Struct({
    price: Schema.String.annotations({ description: "a price id" }),
    quantity: Schema.optional(Schema.Number),
    meta: Schema.Record({ key: Schema.String, value: Schema.String.pipe(Schema.maxLength(500)) })
  })).pipe(Schema.maxItems(5)),
  defaultAndRenamed: Schema.Struct({
    quantity: Schema.optionalWith(Schema.Number, { default: () => 1 }),
    sku: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("product_sku"))
  }),
  nonEmptyArray: Schema.NonEmptyArray(Schema.String),
  lossy: Schema.Struct({
    note: Schema.NullOr(Schema.String),
    pair: Schema.Tuple(Schema.String, Schema.Number),
    either: Schema.Union(Schema.String, Schema.Number),
    when: Schema.Date,
    code: Schema.String.pipe(Schema.pattern(/^[A-Z]+$/))
  }),
  recursive: Category
}

/** `Schema.Array(item)`, typed loosely: to nest arrays in a loop. */
export const arrayOf = (item: unknown): unknown => Schema.Array(item as Schema.Schema.Any)

// --- an Effect Schema `output` (test/server/output.test.ts): the same schemas in each Effect's combinators

/** A recursive Effect Schema named `Category` (also the Effect 3-only oracle test's, output.effect3.test.ts). */
export interface OutputCategory {
  readonly name: string
  readonly subs: ReadonlyArray<OutputCategory>
}
export const OutputCategory: Schema.Schema<OutputCategory> = Schema.Struct({
  name: Schema.String,
  subs: Schema.Array(Schema.suspend((): Schema.Schema<OutputCategory> => OutputCategory))
}).annotations({ identifier: "Category" })

/** An order (refinements, transformations, a pattern), a struct holding a recursive Category, a struct holding a type without a JSON Schema. */
export const outputSchemas = {
  order: Schema.Struct({
    id: Schema.String.pipe(Schema.pattern(/^o-\d+$/)),
    total: Schema.NumberFromString,
    placedAt: Schema.Date,
    status: Schema.Literal("pending", "shipped"),
    tags: Schema.optional(Schema.Array(Schema.String)),
    quantity: Schema.Int.pipe(Schema.positive()),
    note: Schema.NullOr(Schema.String)
  }),
  category: Schema.Struct({ root: OutputCategory }),
  opaque: Schema.Struct({ m: Schema.declare((u: unknown): u is Map<string, string> => u instanceof Map) })
}

/** `count` values of `schema`'s type, generated by Effect 3's `Arbitrary` with fast-check's `seed`. */
export const samplesOf = (schema: unknown, count: number, seed: number): ReadonlyArray<unknown> =>
  FastCheck.sample(Arbitrary.make(schema as Schema.Schema<unknown>), { numRuns: count, seed })

/** `schema`'s encoder, throwing on a failure. */
export const encodeWith = (schema: unknown): (value: unknown) => unknown =>
  Schema.encodeSync(schema as Schema.Schema<unknown>)
