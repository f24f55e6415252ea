/**
 * The `rcp` command: what a client operator runs before wiring a server into a live agent —
 * see what it asks for, what the model would be shown, whether it is valid, and one call.
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Console from "effect/Console"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as HashMap from "effect/HashMap"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Client from "../Client.js"
import * as Manifest from "../Manifest.js"
import * as Resolver from "../Resolver.js"
import * as OpenApiCli from "./openapi/cli.js"

/** An error the CLI reports as one line: `rcp: <message>`. */
class CliError extends Data.TaggedError("CliError")<{ readonly message: string }> {}

/** A client with placeholder resolvers: for describe/tools, only the names matter (they hide params). */
const clientLayer = (resolvers: Record<string, Resolver.ResolverFn<any>>, options: Client.Options = {}) =>
  Client.layer(options).pipe(Layer.provide(Resolver.layer(resolvers)), Layer.provide(FetchHttpClient.layer))

const namesOnly = (names: ReadonlyArray<string>) => Object.fromEntries(names.map((name) => [name, () => undefined]))

/** The manifest — or an OpenAPI document, imported — registered; its warnings go to stderr. */
const load = (source: string): Effect.Effect<Client.Discovery, Client.DiscoverError | OpenApiCli.LoadError, Client.RcpClient> =>
  Effect.gen(function*() {
    const client = yield* Client.RcpClient
    const loaded = yield* OpenApiCli.loadWith(client, source)
    const discovery = yield* client.register(loaded.document, { url: loaded.url })
    for (const warning of [...loaded.warnings, ...discovery.warnings]) yield* Console.error(`warning: ${warning}`)
    return discovery
  })

const sourceArg = Args.text({ name: "url|file" }).pipe(Args.withDescription("The manifest: an http(s) URL or a JSON file"))
const resolverOption = Options.text("resolver").pipe(
  Options.repeated,
  Options.withDescription("A param name the client resolves (hidden from the model); repeatable")
)
const allowHttpOption = Options.boolean("allow-http").pipe(
  Options.withDescription("Allow plain http: to hosts that are not loopback")
)

const describe = Command.make(
  "describe",
  { source: sourceArg, resolver: resolverOption, allowHttp: allowHttpOption },
  ({ allowHttp, resolver, source }) =>
    load(source).pipe(
      Effect.flatMap((d) => Console.log(Client.describeManifest(d.manifest, d.tools))),
      Effect.provide(clientLayer(namesOnly(resolver), { allowHttp }))
    )
).pipe(Command.withDescription("Print what a manifest asks for, as if these resolvers were registered"))

const tools = Command.make(
  "tools",
  {
    source: sourceArg,
    resolver: resolverOption,
    allowHttp: allowHttpOption,
    format: Options.choice("format", ["json", "openai", "anthropic"]).pipe(
      Options.withDefault("json"),
      Options.withDescription("The provider's tool format")
    )
  },
  ({ allowHttp, format, resolver, source }) =>
    load(source).pipe(
      Effect.flatMap((d) => {
        const shaped = format === "openai"
          ? Client.toOpenAiTools(d.tools)
          : format === "anthropic"
          ? Client.toAnthropicTools(d.tools)
          : d.tools
        return Console.log(JSON.stringify(shaped, null, 2))
      }),
      Effect.provide(clientLayer(namesOnly(resolver), { allowHttp }))
    )
).pipe(Command.withDescription("Print the model-facing tools (resolver-bound params removed)"))

/** Every problem of a manifest (or of the manifest an OpenAPI document imports to), or the manifest. */
const check = (source: string, allowHttp: boolean) =>
  Effect.gen(function*() {
    const loaded = yield* OpenApiCli.loadWith(yield* Client.RcpClient, source)
    for (const warning of loaded.warnings) yield* Console.error(`warning: ${warning}`)
    return Manifest.validate(loaded.document, { allowHttp })
  }).pipe(Effect.provide(clientLayer({}, { allowHttp })))

const validate = Command.make(
  "validate",
  { source: sourceArg, allowHttp: allowHttpOption },
  ({ allowHttp, source }) =>
    Effect.gen(function*() {
      const result = yield* check(source, allowHttp)
      if (Either.isLeft(result)) {
        for (const issue of result.left) yield* Console.error(`error: ${Manifest.formatIssue(issue)}`)
        return yield* new CliError({ message: `${source}: ${result.left.length} problem(s)` })
      }
      const warnings = Manifest.lint(result.right)
      for (const warning of warnings) yield* Console.error(`warning: ${Manifest.formatIssue(warning)}`)
      yield* Console.log(`${source}: valid, ${result.right.tools.length} tool(s), ${warnings.length} warning(s)`)
    })
).pipe(Command.withDescription("Check a manifest: every problem with its path (exit 1), then advice (warnings)"))

const setOption = Options.keyValueMap("set").pipe(
  Options.optional,
  Options.withDescription("PARAM=VALUE: a value the client resolves for PARAM (hidden from the model); repeatable")
)

const call = Command.make(
  "call",
  {
    url: Args.text({ name: "url|file" }).pipe(Args.withDescription("The manifest (or OpenAPI document): a URL or a file")),
    tool: Args.text({ name: "tool" }).pipe(Args.withDescription("The tool to call")),
    args: Options.text("args").pipe(Options.withDefault("{}"), Options.withDescription("The model's arguments, as JSON")),
    set: setOption,
    credentialEnv: Options.text("credential-env").pipe(
      Options.optional,
      Options.withDescription("The environment variable holding the credential (never pass it on the command line)")
    ),
    trust: Options.text("trust").pipe(
      Options.repeated,
      Options.withDescription("An origin besides the manifest's that tools may call; repeatable")
    ),
    allowHttp: allowHttpOption,
    timeoutMs: Options.integer("timeout-ms").pipe(Options.withDefault(30_000), Options.withDescription("Timeout")),
    dryRun: Options.boolean("dry-run").pipe(
      Options.withDescription("Print the request (credential redacted) instead of sending it")
    )
  },
  (input) =>
    Effect.gen(function*() {
      const values = Option.match(input.set, { onNone: () => new Map<string, string>(), onSome: (m) => new Map(HashMap.toEntries(m)) })
      let credential: string | undefined
      if (Option.isSome(input.credentialEnv)) {
        credential = process.env[input.credentialEnv.value]
        if (credential === undefined || credential === "") {
          return yield* new CliError({ message: `the environment variable ${input.credentialEnv.value} is not set` })
        }
      }
      const resolvers = Object.fromEntries(
        [...values.keys()].map((name) => [name, (ctx: CallContext, info: Resolver.ResolveInfo) => ctx.valueFor(info)])
      )
      const program = Effect.gen(function*() {
        const discovery = yield* load(input.url)
        const context = callContext(discovery.manifest, values)
        const callInput = { name: input.tool, arguments: input.args }
        if (input.dryRun) {
          const request = yield* Client.buildRequest(callInput, { context })
          return yield* Console.log(JSON.stringify(request, null, 2))
        }
        const result = yield* Client.execute(callInput, { context })
        yield* Console.log(JSON.stringify(result, null, 2))
      })
      yield* program.pipe(
        Effect.provide(clientLayer(resolvers, {
          credential,
          trustedOrigins: input.trust,
          allowHttp: input.allowHttp,
          timeout: input.timeoutMs
        }))
      )
    })
).pipe(Command.withDescription("Execute one tool call, as an agent would (or print it with --dry-run)"))

interface CallContext {
  readonly valueFor: (info: Resolver.ResolveInfo) => Resolver.Value | undefined
}

/** `--set` values arrive as text; each becomes the type its param declares. */
const callContext = (manifest: Manifest.Manifest, values: ReadonlyMap<string, string>): CallContext => ({
  valueFor: ({ param, tool }) => {
    const text = values.get(param)
    const type = manifest.tools.find((t) => t.name === tool)?.params.find((p) => p.name === param)?.type
    if (text === undefined || type === "string" || type === undefined) return text
    if (type === "boolean") {
      if (text === "true" || text === "false") return text === "true"
      throw new CliError({ message: `--set ${param}= must be true or false` })
    }
    const number = Number(text)
    if (text.trim() === "" || !Number.isFinite(number)) throw new CliError({ message: `--set ${param}= must be a number` })
    return number
  }
})

const importOpenApi = Command.make(
  "import",
  {
    source: Args.text({ name: "file|url" }).pipe(Args.withDescription("The OpenAPI or Swagger document")),
    baseUrl: Options.text("base-url").pipe(Options.optional, Options.withDescription("Where the tools point")),
    include: Options.text("include").pipe(Options.repeated, Options.withDescription("operationId, tag or /path/glob")),
    exclude: Options.text("exclude").pipe(Options.repeated, Options.withDescription("operationId, tag or /path/glob")),
    out: Options.text("out").pipe(Options.optional, Options.withDescription("Write the manifest to this file"))
  },
  (input) =>
    Effect.flatMap(
      Effect.promise(() =>
        OpenApiCli.importCommand({
          source: input.source,
          baseUrl: Option.getOrUndefined(input.baseUrl),
          include: input.include,
          exclude: input.exclude,
          out: Option.getOrUndefined(input.out)
        })
      ),
      OpenApiCli.emit
    )
).pipe(Command.withDescription("Import an OpenAPI (or Swagger 2.0) document as an RCP manifest (docs/openapi.md)"))

/** @internal */
export const rcp = Command.make("rcp").pipe(
  Command.withDescription("Inspect and call RCP servers: REST APIs published as LLM tools"),
  Command.withSubcommands([describe, tools, validate, call, importOpenApi])
)

/**
 * One line for any failure: the error's own message (tagged errors already name what and where),
 * never a stack trace.
 *
 * @internal
 */
export const formatFailure = (error: unknown): string => {
  if (error instanceof CliError) return `rcp: ${error.message}`
  if (OpenApiCli.ownsFailure(error)) return OpenApiCli.failureLine(error)
  if (typeof error === "object" && error !== null && "_tag" in error && "message" in error) {
    // A --set value of the wrong type fails inside its resolver; say why, not just that it failed.
    const why = "cause" in error && error.cause instanceof CliError ? ` (${error.cause.message})` : ""
    return `rcp: ${String(error._tag)}: ${String(error.message)}${why}`
  }
  return `rcp: ${error instanceof Error ? error.message : String(error)}`
}
