/**
 * The Effect 4 test kit: `./v3.ts`'s names, Effect 4's spelling.
 */
import * as Arbitrary from "effect/Arbitrary"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import type * as Redacted from "effect/Redacted"
import * as References from "effect/References"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaIssue from "effect/SchemaIssue"
import * as Tracer from "effect/Tracer"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as NetAddress from "effect/net/NetAddress"
import * as TestClock from "effect/testing/TestClock"
import type { SchemaNode } from "../../../src/internal/manifest/paramSchema.js"
import { safeStringify } from "../stringify.js"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect4"

/** Where the test clock of `TestServices` keeps the wake-up time of each sleep in progress. */
const wakeUps = Symbol.for("rcp-sdk/test/wakeUps")

/**
 * Effect 4's `TestClock`, keeping the wake-up time of each sleep in progress for `pendingSleeps`
 * (Effect 3's `TestClock.sleeps`; Effect 4's keeps them private). Everything else is the TestClock's.
 */
const keepingSleeps: Layer.Layer<never> = Layer.effect(
  Clock.Clock,
  Clock.clockWith((clock) =>
    Effect.sync((): Clock.Clock => {
      const pending: Array<number> = []
      const sleep = (duration: Duration.Duration): Effect.Effect<void> => {
        const ms = Duration.toMillis(duration)
        if (!(ms > 0) || !Number.isFinite(ms)) return clock.sleep(duration)
        return Effect.acquireUseRelease(
          Effect.sync(() => {
            const at = clock.currentTimeMillisUnsafe() + ms
            pending.push(at)
            return at
          }),
          () => clock.sleep(duration),
          (at) =>
            Effect.sync(() => {
              const index = pending.indexOf(at)
              if (index !== -1) pending.splice(index, 1)
            })
        )
      }
      return Object.assign({ ...clock }, { sleep, [wakeUps]: pending })
    })
  )
).pipe(Layer.provideMerge(TestClock.layer())) as Layer.Layer<never>

/** What `it.effect` provides: the test clock (`TestClock.layer()`, keeping its sleeps for `pendingSleeps`). */
export const TestServices: Layer.Layer<never> = keepingSleeps

/** When each sleep now waiting on the test clock wakes up, in ms of the test clock (the `TestServices` clock's list). */
export const pendingSleeps: Effect.Effect<ReadonlyArray<number>> = Clock.clockWith((clock) => {
  const pending = (clock as { readonly [wakeUps]?: ReadonlyArray<number> })[wakeUps]
  return pending === undefined ? Effect.die(new Error("pendingSleeps reads the test clock of it.effect / it.scoped")) : Effect.succeed([...pending])
})

/** Moves the test clock on by `duration`, waking the sleeps due by then (`TestClock.adjust`). */
export const adjustClock: (duration: Duration.Input) => Effect.Effect<void> = TestClock.adjust

/** A fiber's exit if it has ended, else `undefined` (Effect 4: `fiber.pollUnsafe()`). */
export const poll = <A, E>(fiber: Fiber.Fiber<A, E>): Effect.Effect<Exit.Exit<A, E> | undefined> => Effect.sync(() => fiber.pollUnsafe())

/** Runs `effect` with a random generator that gives `values` in turn (Effect 3: `Random.fixed`; Effect 4: the `Random` reference). */
export const withFixedRandom = (values: ReadonlyArray<number>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    let i = 0
    const nextDoubleUnsafe = () => values[i++ % values.length]!
    return Effect.provideService(effect, Random.Random, {
      nextDoubleUnsafe,
      nextIntUnsafe: () => Math.floor(nextDoubleUnsafe())
    })
  })

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.findErrorOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.hasInterruptsOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutError"

export interface RecordedSpan {
  readonly name: string
  /** The parent span's name (`undefined` for a root, `"external"` for an external parent). */
  readonly parent: string | undefined
  readonly attributes: Map<string, unknown>
  readonly events: Array<{ readonly name: string; readonly attributes: Record<string, unknown> | undefined }>
  ended: boolean
}

/** A tracer that keeps every span it is asked to start, with its attributes and events (Effect 4's `NativeSpan`). */
export const recordingTracer = (spans: Array<RecordedSpan>): Tracer.Tracer =>
  Tracer.make({
    span: (options) => {
      const recorded: RecordedSpan = {
        name: options.name,
        parent: Option.match(options.parent, {
          onNone: () => undefined,
          onSome: (p) => (p._tag === "Span" ? p.name : "external")
        }),
        attributes: new Map(),
        events: [],
        ended: false
      }
      spans.push(recorded)
      const span = new Tracer.NativeSpan(options)
      const attribute = span.attribute.bind(span)
      const event = span.event.bind(span)
      const end = span.end.bind(span)
      span.attribute = (key, value) => {
        recorded.attributes.set(key, value)
        attribute(key, value)
      }
      span.event = (name, startTime, attributes) => {
        recorded.events.push({ name, attributes })
        event(name, startTime, attributes)
      }
      span.end = (endTime, exit) => {
        recorded.ended = true
        end(endTime, exit)
      }
      return span
    }
  })

/** A logger that keeps every line (message and annotations) instead of printing it. */
export const recordingLogger = (lines: Array<string>): Layer.Layer<never> =>
  Logger.layer([
    Logger.make(({ fiber, message }) => {
      const annotations = Object.entries(fiber.getRef(References.CurrentLogAnnotations))
      lines.push(`${safeStringify(message)} ${safeStringify(annotations)}`)
    })
  ])

/** The error an `HttpClient` fails with when nothing could be sent (Effect 4: one class, its `reason` a `TransportError`). */
export const transportError = (request: HttpClientRequest.HttpClientRequest, cause: unknown): HttpClientError.HttpClientError =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })

/** Runs `effect` with Debug logging on, each line kept in `lines` as `LEVEL: message` (`DEBUG: …`). */
export const withDebugLog = (lines: Array<string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const logger = Logger.make(({ logLevel, message }) => {
    lines.push(`${logLevel.toUpperCase()}: ${Array.isArray(message) ? message.join(" ") : String(message)}`)
  })
  return effect.pipe(
    // Replaces the default logger, as the test services drop it on Effect 3: nothing printed.
    Effect.provide(Logger.layer([logger])),
    Effect.provideService(References.MinimumLogLevel, "Debug")
  )
}

/** Runs `effect` in a child fiber of the current one (Effect 4: `Effect.forkChild`). */
export const fork = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.forkChild(effect)

/** Runs `effect` with every level logged, Debug included (Effect 4: the `MinimumLogLevel` reference). */
export const atDebugLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, References.MinimumLogLevel, "Debug")

/** How many exit observers the current fiber holds (Effect internals, read for a leak test; none yet is `undefined`). */
export const observerCount: Effect.Effect<number> = Effect.withFiber((fiber) =>
  Effect.succeed((fiber as unknown as { readonly _observers: ReadonlyArray<unknown> | undefined })._observers?.length ?? 0)
)

/** `Config.Redacted(name)` (Effect 3: `Config.redacted`). */
export const redactedConfig = (name: string): Config.Config<Redacted.Redacted<string>> => Config.Redacted(name)

/** Runs `effect` with configuration read from `env` alone (the `ConfigProvider` reference). */
export const withConfigFrom = (env: Record<string, string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, ConfigProvider.ConfigProvider, ConfigProvider.fromEnvRecord(env))

/** A layer that makes `env` alone the configuration of what it is provided to (the `ConfigProvider` reference). */
export const configLayerFrom = (env: Record<string, string>): Layer.Layer<never> =>
  Layer.succeed(ConfigProvider.ConfigProvider, ConfigProvider.fromEnvRecord(env))

/** The error of a cause that is one typed failure and nothing else (one `Fail` reason), else `undefined`. */
export const onlyFailure = <E>(cause: Cause.Cause<E>): E | undefined => {
  const [reason, ...more] = cause.reasons
  return reason !== undefined && more.length === 0 && reason._tag === "Fail" ? reason.error : undefined
}

/** The defect of a cause that is one defect and nothing else (one `Die` reason), boxed; else `undefined`. */
export const onlyDefect = <E>(cause: Cause.Cause<E>): { readonly defect: unknown } | undefined => {
  const [reason, ...more] = cause.reasons
  return reason !== undefined && more.length === 0 && reason._tag === "Die" ? { defect: reason.defect } : undefined
}

/** The layer an effect builds in the layer's own scope (Effect 4: `Layer.unwrap`, which takes the scope away itself). */
export const unwrapScoped = <A, E1, R1, E, R>(effect: Effect.Effect<Layer.Layer<A, E1, R1>, E, R>): Layer.Layer<A, E | E1, R1 | Exclude<R, Scope.Scope>> =>
  Layer.unwrap(effect)

/** Runs `effect` with every level logged, Trace included. */
export const atEveryLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, References.MinimumLogLevel, "All")

// --- causes and results (#35, suite4b: the manifest's fuzz and validate tests)

/** Whether a cause holds a defect (Effect 4: `Cause.hasDies`). */
export const hasDefect = <E>(cause: Cause.Cause<E>): boolean => Cause.hasDies(cause)

/** Whether a cause holds an interruption (Effect 4: `Cause.hasInterrupts`). */
export const hasInterruption = <E>(cause: Cause.Cause<E>): boolean => Cause.hasInterrupts(cause)

/** The success of a `validate` result, or a throw (Effect 4: `Result.getOrThrow`). */
export const getOrThrow = <A, E>(result: Result.Result<A, E>): A => Result.getOrThrow(result)

/** A Schema's decoding, every problem listed (`errors: "all"`): the value, or each problem's path and message. */
export type SchemaDecoded =
  | { readonly _tag: "Ok"; readonly value: unknown }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }> }

/**
 * Decodes `input` with this Effect's `schema` and lists every problem as this Effect prints it
 * (Effect 4: `SchemaIssue.makeFormatterStandardSchemaV1`). The messages are the Effect's own, not the protocol's.
 */
export const schemaIssues = (
  schema: unknown,
  input: unknown,
  onExcessProperty: "ignore" | "error" = "ignore"
): SchemaDecoded => {
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown>, { errors: "all", onExcessProperty })(input)
  if (Result.isSuccess(result)) return { _tag: "Ok", value: result.success }
  const formatted = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue)
  return {
    _tag: "Invalid",
    issues: formatted.issues.map(({ message, path }) => ({
      path: (path ?? []).map((key) => (typeof key === "object" && key !== null ? key.key : key)),
      message
    }))
  }
}

// --- the lowering fixture (test/effect4/lowering.test.ts): `./v3.ts`'s fields in Effect 4's combinators

/** `defineTool` args whose lowering must be the same bytes on both Effects (`fixtures/lowering.json`). */
export const loweringFields = {
  plain: Schema.String,
  described: Schema.String.annotate({ description: "the city" }),
  keyDescribed: Schema.optionalKey(Schema.String).annotateKey({ description: "on the key" }),
  count: Schema.Number,
  int: Schema.Int,
  flag: Schema.Boolean,
  unit: Schema.Literals(["c", "f"]),
  nonEmpty: Schema.NonEmptyString,
  optional: Schema.optional(Schema.String),
  optionalKey: Schema.optionalKey(Schema.Number),
  withDefault: Schema.optionalKey(Schema.Number).pipe(Schema.withDecodingDefaultKey(Effect.succeed(10))),
  describedDefault: Schema.optionalKey(Schema.String.annotate({ description: "sort order" })).pipe(
    Schema.withDecodingDefaultKey(Effect.succeed("asc"))
  ),
  nullable: Schema.NullOr(Schema.String),
  tags: Schema.Array(Schema.String),
  nested: Schema.Struct({ a: Schema.String }),
  enums: Schema.Enum({ A: "a", B: "b" }),
  template: Schema.TemplateLiteral(["id-", Schema.String]),
  branded: Schema.String.pipe(Schema.brand("UserId")),
  finite: Schema.Finite,
  atLeast3: Schema.String.check(Schema.isMinLength(3)),
  between: Schema.Number.check(Schema.isBetween({ minimum: 1, maximum: 5 })),
  pattern: Schema.String.check(Schema.isPattern(/^[a-z]+$/)),
  uuid: Schema.String.check(Schema.isUUID()),
  describedInt: Schema.Int.annotate({ description: "how many" }),
  numberFromString: Schema.NumberFromString,
  date: Schema.Date,
  ids: Schema.Array(Schema.Int).check(Schema.isMinLength(1), Schema.isMaxLength(5)),
  nonEmptyTags: Schema.NonEmptyArray(Schema.String),
  address: Schema.Struct({
    street: Schema.String.annotate({ description: "street and number" }),
    zip: Schema.optional(Schema.String.check(Schema.isMaxLength(10)))
  }),
  labels: Schema.Record(Schema.String, Schema.String),
  meta: Schema.Record(Schema.String, Schema.Unknown),
  positive: Schema.Number.check(Schema.isGreaterThan(0)),
  atMost100: Schema.Number.check(Schema.isLessThanOrEqualTo(100)),
  above2: Schema.Number.check(Schema.isGreaterThan(2)),
  short: Schema.String.check(Schema.isMaxLength(9)),
  weekday: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 7 })),
  multiple: Schema.Number.check(Schema.isMultipleOf(5)),
  pair: Schema.Tuple([Schema.String, Schema.Number]),
  either: Schema.Union([Schema.String, Schema.Number]),
  lazy: Schema.suspend(() => Schema.String),
  exactly3: Schema.String.check(Schema.isBetweenLength(3, 3)),
  twoToFour: Schema.String.check(Schema.isBetweenLength(2, 4)),
  pairOfIds: Schema.Array(Schema.String).check(Schema.isBetweenLength(2, 2)),
  below3: Schema.Number.check(Schema.isLessThan(3)),
  atLeast3n: Schema.Number.check(Schema.isGreaterThanOrEqualTo(3)),
  negative: Schema.Number.check(Schema.isLessThan(0)),
  int32: Schema.Number.check(Schema.isInt32()),
  trimmed: Schema.Trimmed,
  nullableTags: Schema.NullOr(Schema.Array(Schema.Literals(["x", "y"])))
}

/** A struct of `fields`, as `defineTool`'s `args`. */
export const struct = (fields: Record<string, unknown>): unknown => Schema.Struct(fields as Schema.Struct.Fields)

/** A tool's `output` whose `outputSchema` must be the same bytes on both Effects. */
export const loweringOutput: unknown = Schema.Struct({
  id: Schema.String,
  count: Schema.Int,
  score: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 })),
  tags: Schema.Array(Schema.String),
  kind: Schema.Literals(["a", "b"]),
  nested: Schema.Struct({ ok: Schema.Boolean })
})

// --- structured params end to end (test/structured.roundtrip.test.ts)

/** test/structured.roundtrip.test.ts's order: arrays and objects in a JSON body and in the query. */
const lineItem = Schema.Struct({
  sku: Schema.String.check(Schema.isMinLength(3)).annotate({ description: "the product's SKU" }),
  quantity: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 99 }))
})

/** `create_order`'s args: `./v3.ts`'s fields in Effect 4's combinators. */
export const orderArgs = Schema.Struct({
  items: Schema.Array(lineItem).check(Schema.isMaxLength(5)),
  shipping: Schema.Struct({
    name: Schema.String,
    address: Schema.Struct({ line1: Schema.String, city: Schema.String }),
    notes: Schema.optional(Schema.String)
  }),
  tags: Schema.optional(Schema.Array(Schema.String)),
  filter: Schema.optional(Schema.Record(Schema.String, Schema.String))
})

// --- the server (test/server/defineTool.test.ts)

/** `schema` with a description, as this Effect annotates. */
export const describedAs = <S extends Schema.Top>(schema: S, description: string): S =>
  schema.annotate({ description }) as S

/** A layer of routes (`Server.layer`) as a Fetch-API handler, without request logs. */
export const webHandler = (
  routes: Layer.Layer<never, unknown, unknown>
): { readonly handler: (request: Request) => Promise<Response>; readonly dispose: () => Promise<void> } => {
  const web = HttpRouter.toWebHandler(routes as Layer.Layer<never, never, HttpRouter.HttpRouter>, {
    disableLogger: true
  })
  return { handler: (request) => web.handler(request), dispose: web.dispose }
}

/**
 * The `HttpServer` service of a server listening at `hostname:port` (what `Server.origin` reads); it
 * serves nothing itself: the requests reach `webHandler`'s handler through a node:http server.
 */
export const listeningAt = (hostname: string, port: number): Layer.Layer<HttpServer.HttpServer> =>
  Layer.succeed(
    HttpServer.HttpServer,
    HttpServer.make({ serve: () => Effect.void, address: NetAddress.inetAddressUnsafe(NetAddress.ipFromStringUnsafe(hostname), port) })
  )

// --- the server's args in every library (test/server/schemas.test.ts): `./v3.ts`'s fields in Effect 4's combinators

/** Every kind of field the lowering table has a rule for, as an Effect Schema (zod, valibot: in the test). */
export const argsOfEveryKind = () =>
  Schema.Struct({
    city: Schema.String.annotate({ description: "City name" }),
    days: Schema.optional(Schema.Number),
    metric: Schema.Boolean,
    unit: Schema.Literals(["c", "f"]),
    page: Schema.Int.annotate({ description: "page number" }),
    count: Schema.Int,
    limit: Schema.optionalKey(Schema.Number.annotate({ description: "max results" })).pipe(
      Schema.withDecodingDefaultKey(Effect.succeed(10))
    ),
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
    a: Schema.optional(Schema.Literals(["x", "y"])),
    b: Schema.Union([Schema.Literal("p"), Schema.Literal("q")]),
    c: Schema.Enum(Unit),
    d: Schema.Literals([1, 2])
  })

/** A number literal union alone. */
export const numberLiteralArgs = () => Schema.Struct({ d: Schema.Literals([1, 2]) })

/** An Effect Schema that is not a struct. */
export const notAStruct: unknown = Schema.String

/** A union of string literals (Effect 4: `Schema.Literals(values)`). */
export const literalsOf = (values: readonly [string, ...Array<string>]) => Schema.Literals(values)

// --- the server's lowering, case by case (test/server/server.test.ts): `./v3.ts`'s fields in Effect 4's combinators

/** A field per case of `defineTool`'s lowering of args to params (a field's own description: `annotateKey`). */
export const paramFields = {
  typeDescribed: Schema.Number.annotate({ description: "on the type" }),
  fieldDescribed: Schema.Boolean.annotateKey({ description: "on the field" }),
  bothDescribed: Schema.String.annotate({ description: "on the type" }).annotateKey({ description: "on the field" }),
  optionalBothDescribed: Schema.optional(Schema.String.annotate({ description: "on the type" }))
    .annotateKey({ description: "on the field" }),
  optional: Schema.optional(Schema.Number),
  optionalExact: Schema.optionalKey(Schema.Boolean),
  withDefault: Schema.optionalKey(Schema.Number).pipe(Schema.withDecodingDefaultKey(Effect.succeed(1)))
    .annotateKey({ description: "d" }),
  optionalTypeDescribed: Schema.optional(Schema.String.annotate({ description: "on the type" })),
  int: Schema.Int,
  nonEmpty: Schema.NonEmptyString,
  intDescribed: Schema.Int.annotate({ description: "page number" }),
  optionalBetween: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 1, maximum: 5 }))),
  brandedString: Schema.String.pipe(Schema.brand("UserId")),
  brandedInt: Schema.Int.pipe(Schema.brand("Count")),
  brandedBoolean: Schema.Boolean.pipe(Schema.brand("Flag")),
  brandedDescribed: Schema.String.pipe(Schema.brand("UserId")).annotate({ description: "the user's id" }),
  suspended: Schema.suspend(() => Schema.Number),
  union: Schema.Union([Schema.Number, Schema.Boolean]),
  unionWithNull: Schema.Union([Schema.Number, Schema.String, Schema.Null]),
  struct: Schema.Struct({ lat: Schema.Number, lon: Schema.Number }),
  arrayDescribed: Schema.Array(Schema.Number).annotate({ description: "ids" }),
  transformation: Schema.NumberFromString,
  optionalTransformation: Schema.optional(Schema.NumberFromString)
}

// --- a field's type, lowered to a schema node (test/server/schemaNode.test.ts, structured.property.test.ts)

/** A param schema node written with Effect 4's combinators, as a server author would (`./v3.ts`'s, Effect 4's spelling). */
export const toEffect = (node: SchemaNode): Schema.Top => {
  let out: Schema.Top
  switch (node.type) {
    case "string": {
      if (node.enum !== undefined) {
        out = Schema.Literals(node.enum)
        break
      }
      const checks: Array<SchemaAST.Check<string>> = []
      if (node.minLength !== undefined) checks.push(Schema.isMinLength(node.minLength))
      if (node.maxLength !== undefined) checks.push(Schema.isMaxLength(node.maxLength))
      out = checks.length === 0 ? Schema.String : Schema.String.check(...(checks as [SchemaAST.Check<string>]))
      break
    }
    case "number":
    case "integer": {
      const checks: Array<SchemaAST.Check<number>> = []
      if (node.minimum !== undefined) checks.push(Schema.isGreaterThanOrEqualTo(node.minimum))
      if (node.exclusiveMinimum !== undefined) checks.push(Schema.isGreaterThan(node.exclusiveMinimum))
      if (node.maximum !== undefined) checks.push(Schema.isLessThanOrEqualTo(node.maximum))
      if (node.exclusiveMaximum !== undefined) checks.push(Schema.isLessThan(node.exclusiveMaximum))
      const base = node.type === "integer" ? Schema.Int : Schema.Number
      out = checks.length === 0 ? base : base.check(...(checks as [SchemaAST.Check<number>]))
      break
    }
    case "boolean":
      out = Schema.Boolean
      break
    case "array": {
      const checks: Array<SchemaAST.Check<ReadonlyArray<unknown>>> = []
      if (node.minItems !== undefined) checks.push(Schema.isMinLength(node.minItems))
      if (node.maxItems !== undefined) checks.push(Schema.isMaxLength(node.maxItems))
      const array = Schema.Array(toEffect(node.items))
      out = checks.length === 0 ? array : array.check(...(checks as [SchemaAST.Check<ReadonlyArray<unknown>>]))
      break
    }
    case "object": {
      const required = new Set(node.required ?? [])
      const fields: Record<string, Schema.Top> = {}
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        fields[name] = required.has(name) ? toEffect(child) : Schema.optional(toEffect(child))
      }
      const additional = node.additionalProperties
      const record = additional === true
        ? Schema.Record(Schema.String, Schema.Unknown)
        : additional === undefined || additional === false
        ? undefined
        : Schema.Record(Schema.String, toEffect(additional))
      const struct = Schema.Struct(fields as Schema.Struct.Fields)
      out = record === undefined ? struct : Schema.StructWithRest(struct, [record])
      break
    }
  }
  return node.description === undefined ? out : out.annotate({ description: node.description })
}

interface Category {
  readonly name: string
  readonly children: ReadonlyArray<Category>
}
const Category: Schema.Codec<Category> = Schema.Struct({
  name: Schema.String,
  children: Schema.Array(Schema.suspend((): Schema.Codec<Category> => Category))
})

/** A field's type per case of test/server/schemaNode.test.ts, in Effect 4's combinators (a renamed key: `encodeKeys`). */
export const nodeTypes = {
  intBetween1And7: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 7 })),
  positive: Schema.Number.check(Schema.isGreaterThan(0)),
  prices: Schema.Array(Schema.Struct({
    price: Schema.String.annotate({ description: "a price id" }),
    quantity: Schema.optional(Schema.Number),
    meta: Schema.Record(Schema.String, Schema.String.check(Schema.isMaxLength(500)))
  })).check(Schema.isMaxLength(5)),
  defaultAndRenamed: Schema.Struct({
    quantity: Schema.optionalKey(Schema.Number).pipe(Schema.withDecodingDefaultKey(Effect.succeed(1))),
    sku: Schema.String
  }).pipe(Schema.encodeKeys({ sku: "product_sku" })),
  nonEmptyArray: Schema.NonEmptyArray(Schema.String),
  lossy: Schema.Struct({
    note: Schema.NullOr(Schema.String),
    pair: Schema.Tuple([Schema.String, Schema.Number]),
    either: Schema.Union([Schema.String, Schema.Number]),
    when: Schema.Date,
    code: Schema.String.check(Schema.isPattern(/^[A-Z]+$/))
  }),
  recursive: Category
}

/** `Schema.Array(item)`, typed loosely: to nest arrays in a loop. */
export const arrayOf = (item: unknown): unknown => Schema.Array(item as Schema.Top)

// --- an Effect Schema `output` (test/server/output.test.ts): `./v3.ts`'s schemas in Effect 4's combinators

/** A recursive Effect Schema named `Category` (also the Effect 3-only oracle test's, output.effect3.test.ts). */
export interface OutputCategory {
  readonly name: string
  readonly subs: ReadonlyArray<OutputCategory>
}
export const OutputCategory: Schema.Codec<OutputCategory> = Schema.Struct({
  name: Schema.String,
  subs: Schema.Array(Schema.suspend((): Schema.Codec<OutputCategory> => OutputCategory))
}).annotate({ identifier: "Category" })

/** An order (refinements, transformations, a pattern), a struct holding a recursive Category, a struct holding a type without a JSON Schema. */
export const outputSchemas = {
  order: Schema.Struct({
    id: Schema.String.check(Schema.isPattern(/^o-\d+$/)),
    total: Schema.NumberFromString,
    placedAt: Schema.Date,
    status: Schema.Literals(["pending", "shipped"]),
    tags: Schema.optional(Schema.Array(Schema.String)),
    // Effect 4 has no `positive` apart from `isGreaterThan(0)`, published with that check's title
    // (`greaterThan(0)`, target/v4/LowerEffect.ts); the title Effect 3's `positive()` carries is
    // the author's own words here, so that the bytes are Effect 3's.
    quantity: Schema.Int.check(Schema.isGreaterThan(0, { title: "positive" })),
    note: Schema.NullOr(Schema.String)
  }),
  category: Schema.Struct({ root: OutputCategory }),
  opaque: Schema.Struct({ m: Schema.declare((u: unknown): u is Map<string, string> => u instanceof Map) })
}

/** `count` values of `schema`'s type, generated by Effect 4's own `Arbitrary` with `seed`. */
export const samplesOf = (schema: unknown, count: number, seed: number): ReadonlyArray<unknown> =>
  Effect.runSync(Arbitrary.sampleEffect(Arbitrary.schema(schema as Schema.Codec<unknown>), { count, seed }))

/** `schema`'s encoder, throwing on a failure. */
export const encodeWith = (schema: unknown): (value: unknown) => unknown =>
  Schema.encodeSync(schema as Schema.Codec<unknown>)
