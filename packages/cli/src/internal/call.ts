/**
 * `rcp call`: one tool call as an agent would make it — discovery, the model's arguments,
 * resolver values from `--set`, the credential from an environment variable — or, with
 * `--dry-run`, the request it would send (credential redacted).
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { existsSync } from "node:fs"
import * as Client from "rcp-sdk/client"
import type * as Lock from "rcp-sdk/lock"
import * as Manifest from "rcp-sdk/manifest"
import type * as Resolver from "rcp-sdk/resolver"
import { define, type OptionSpec, type Values } from "./command.js"
import { summaries } from "./help.js"
import { CliError, type Reportable, UsageError, WithSecrets } from "./errors.js"
import { loginHint, oauthOptions, registration, withTokenFile } from "./oauth.js"
import { readLock } from "./lock.js"
import { fieldsArgument, modelViewOf, modelViewOptions, printed, printedWhole } from "./results.js"
import { allowHttpOption, clientLayer, isUrl, load } from "./source.js"
import { clip, isRecord } from "./text.js"

const usage = (message: string, command = "call") => new UsageError({ message, command })

/** A manifest given as a file or a relative URL cannot be called: its tools need a real origin. @internal */
export const checkUrl = (source: string, command = "call"): Effect.Effect<string, UsageError> => {
  if (isUrl(source)) return Effect.succeed(source)
  const shown = JSON.stringify(clip(source, 80))
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(source) && !/^[A-Za-z]:[\\/]/.test(source)) {
    return Effect.fail(usage(`${shown} is not an http(s) URL; rcp ${command} needs the manifest's http(s) URL`, command))
  }
  if (existsSync(source)) {
    return Effect.fail(usage(
      `${shown} is a file; rcp ${command} needs the manifest's http(s) URL, because tools are called on the ` +
        `manifest's origin (describe, tools and validate read files)`,
      command
    ))
  }
  return Effect.fail(usage(
    `${shown} is not an absolute URL; give the manifest's full URL, e.g. https://api.example.com/rcp/manifest`,
    command
  ))
}

const parseSet = (entries: ReadonlyArray<string>, command: string): Effect.Effect<Map<string, string>, UsageError> =>
  Effect.gen(function*() {
    const values = new Map<string, string>()
    for (const entry of entries) {
      const eq = entry.indexOf("=")
      if (eq <= 0) {
        return yield* usage(`--set takes PARAM=VALUE, got ${JSON.stringify(clip(entry.split("=")[0]!, 40))}…`, command)
      }
      values.set(entry.slice(0, eq), entry.slice(eq + 1))
    }
    return values
  })

const parseArgsJson = (text: string): Effect.Effect<Record<string, unknown>, UsageError> => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return Effect.fail(usage(`--args is not JSON: ${Manifest.describeJsonError(text)}`))
  }
  return isRecord(value)
    ? Effect.succeed(value)
    : Effect.fail(usage(`--args must be a JSON object, e.g. --args '{"limit": 3}'`))
}

const parseTimeout = (text: string, command = "call"): Effect.Effect<number, UsageError> =>
  /^[1-9][0-9]{0,9}$/.test(text)
    ? Effect.succeed(Number(text))
    : Effect.fail(usage("--timeout-ms must be a whole number of milliseconds above 0", command))

const readCredential = (name: string | undefined, command = "call"): Effect.Effect<string | undefined, UsageError> => {
  if (name === undefined) return Effect.succeed(undefined)
  const value = process.env[name]
  return value === undefined || value === ""
    ? Effect.fail(usage(`the environment variable ${name} (from --credential-env) is not set`, command))
    : Effect.succeed(value)
}

/** @internal */
export interface CallContext {
  readonly valueFor: (info: Resolver.ResolveInfo) => Resolver.Value | undefined
}

/**
 * `--set` values arrive as text; each becomes the type its param declares — an array or object
 * param's as JSON (tools named with `prefix`).
 *
 * @internal
 */
export const callContext = (manifest: Manifest.Manifest, values: ReadonlyMap<string, string>, prefix = ""): CallContext => ({
  valueFor: ({ param, tool }) => {
    const text = values.get(param)
    const type = manifest.tools.find((t) => prefix + t.name === tool)?.params.find((p) => p.name === param)?.type
    if (text === undefined || type === "string" || type === undefined) return text
    if (type === "array" || type === "object") {
      // An array or object is given as JSON; the client checks it against the param's schema.
      try {
        return JSON.parse(text) as Resolver.Value
      } catch {
        throw new CliError({ message: `--set ${param}= must be a JSON ${type === "array" ? "array" : "object"}` })
      }
    }
    if (type === "boolean") {
      if (text === "true" || text === "false") return text === "true"
      throw new CliError({ message: `--set ${param}= must be true or false` })
    }
    const number = Number(text)
    if (text.trim() === "" || !Number.isFinite(number)) throw new CliError({ message: `--set ${param}= must be a number` })
    return number
  }
})

/**
 * The options of every command that executes tools for an operator (`call`, `mcp`): resolver
 * values, the credential's variable, trust, plain http and the timeout.
 *
 * @internal
 */
export const executionOptions = {
  set: {
    type: "string",
    multiple: true,
    value: "PARAM=VALUE",
    description: "A value the client resolves for PARAM (hidden from the model), typed as PARAM declares"
  },
  "credential-env": {
    type: "string",
    value: "VAR",
    description: "The environment variable holding the credential (never put it on the command line)"
  },
  trust: { type: "string", multiple: true, value: "ORIGIN", description: "An origin besides the manifest's that tools may call" },
  "allow-http": allowHttpOption,
  "timeout-ms": { type: "string", value: "MS", default: "30000", description: "Timeout of each attempt" },
  lock: {
    type: "string",
    value: "FILE",
    description: "A lock file (rcp lock): the manifest must match its pin; a URL it does not pin is refused unfetched"
  },
  ...oauthOptions
} as const satisfies Record<string, OptionSpec>

/** What `executionOptions` come to. @internal */
export interface Execution {
  /** The `--set` values, as text, by param name. */
  readonly values: ReadonlyMap<string, string>
  /** What no report may echo: the credential and the `--set` values. */
  readonly secrets: ReadonlyArray<string>
  /** A client whose resolvers read a `CallContext` (and that sends `rcp login`'s tokens with `--client-id`). */
  readonly layer: Layer.Layer<Client.RcpClient>
  /** Discovery's options: the OAuth 2 client registration, with `--client-id`. */
  readonly discover: Client.DiscoverOptions
  /** Turns a call's `AuthorizationRequired` into the `rcp login` to run. */
  readonly hint: (url: string) => (error: Reportable) => Reportable
}

/** @internal */
export const execution = (
  options: Values<typeof executionOptions>,
  command: string
): Effect.Effect<Execution, UsageError | CliError | Lock.LockInvalid> =>
  Effect.gen(function*() {
    const values = yield* parseSet(options.set, command)
    const timeout = yield* parseTimeout(options["timeout-ms"], command)
    const credential = yield* readCredential(options["credential-env"], command)
    const oauth = yield* registration(options, command)
    // The client's lock, as an application would give it: every entry point (the manifest's fetch,
    // its registration, --watch's re-discovery) applies it, before anything is served or called.
    const lock = options.lock === undefined ? undefined : yield* readLock(options.lock)
    const secrets = [...(credential === undefined ? [] : [credential]), ...oauth.secrets, ...values.values()].filter((s) =>
      s !== ""
    )
    const resolvers = Object.fromEntries(
      [...values.keys()].map((name) => [name, (ctx: CallContext, info: Resolver.ResolveInfo) => ctx.valueFor(info)])
    )
    const layer = withTokenFile(oauth.client, (withOAuth) =>
      clientLayer(resolvers, {
        credential,
        lock,
        trustedOrigins: options.trust,
        allowHttp: options["allow-http"],
        timeout,
        ...(withOAuth === undefined ? {} : { oauth: withOAuth })
      }))
    const discover = oauth.client === undefined ? {} : { oauth: oauth.client }
    return { values, secrets, layer, discover, hint: (url: string) => loginHint(url, oauth.client) }
  })

/** The model's arguments with `--fields` as the tool's `fields` argument (a tool it cannot find is execute's to report). */
const withFields = (
  args: Record<string, unknown>,
  tool: string,
  manifest: Manifest.Manifest,
  fields: ReadonlyArray<string> | undefined
): Effect.Effect<Record<string, unknown>, UsageError, Client.RcpClient> =>
  Effect.gen(function*() {
    if (fields === undefined) return args
    const model = (yield* Client.tools).find((t) => t.name === tool)
    const name = model === undefined ? undefined : fieldsArgument(model, manifest.tools.find((t) => t.name === tool))
    if (name === undefined) return args
    if (Object.hasOwn(args, name)) return yield* usage(`--fields and --args both give "${name}"; give one`)
    return { ...args, [name]: fields }
  })

/** @internal */
export const command = define({
  name: "call",
  summary: summaries.call,
  positionals: [
    { name: "url", description: "The manifest's http(s) URL" },
    { name: "tool", description: "The tool to call" }
  ],
  options: {
    args: { type: "string", value: "JSON", default: "{}", description: "The model's arguments, a JSON object" },
    ...executionOptions,
    ...modelViewOptions,
    "dry-run": { type: "boolean", description: "Print the request (credential redacted) instead of sending it" }
  },
  notes: [
    "Prints the result as JSON: { status, data } (a binary body as its type and size); with --as-model, what the model reads of it:",
    "{ status, text, kind, truncated, nextPage, chars, tokens, budget } (docs/results.md)."
  ],
  run: ({ options, positionals }, io) =>
    Effect.gen(function*() {
      const url = yield* checkUrl(positionals[0]!)
      const tool = positionals[1]!
      const args = yield* parseArgsJson(options.args)
      const view = yield* modelViewOf(options)
      const { discover, hint, layer, secrets, values } = yield* execution(options, "call")
      return yield* Effect.gen(function*() {
        // `--fields` is the model's argument: the tool must offer it, as `discover({ fields: true })` does.
        const discovery = yield* load(url, view.fields === undefined ? discover : { ...discover, fields: true })
        const callInput = { name: tool, arguments: yield* withFields(args, tool, discovery.manifest, view.fields) }
        const callOptions = { context: callContext(discovery.manifest, values), ...view.budget }
        if (options["dry-run"]) {
          yield* io.json(yield* Client.buildRequest(callInput, callOptions))
          return 0
        }
        const result = yield* Client.execute(callInput, callOptions)
        yield* io.json(view.asModel ? printed(result) : printedWhole(result))
        return 0
      }).pipe(
        Effect.provide(layer),
        Effect.mapError((error) => new WithSecrets({ error: hint(url)(error), secrets }))
      )
    })
})
