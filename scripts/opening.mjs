// The opening of each satellite's public module, written after tsc by its `build`
// (`node ../../scripts/opening.mjs dist/AiSdk.js …`): tsc's module moves beside it as
// `AiSdk.impl.js`, and `AiSdk.js` becomes a short file that loads it with a dynamic import(),
// first the core (whose own opening checks the installed effect and @effect/platform), then the
// module. Why dynamic: ES modules are linked before any of them runs, so with static imports a
// missing `ai` or an Effect 4 fails in Node's loader (ERR_MODULE_NOT_FOUND, a missing export)
// before any code of the package could say what is wrong. A missing package that the satellite
// depends on (its dependencies and peers) fails instead with one line saying what to install, as
// `rcp mcp` does; the core's sentence about Effect passes through as it is.
//
// The Effect 4 build of a satellite (`build:effect4`: `node ../../scripts/opening.mjs --effect4
// dist/v4/AiSdk.js`) gets the same opening, with two differences: the packages it names are those
// of the Effect 4 line's package.json (scripts/publish.mjs `effect4Manifest`: rcp-sdk 1.x, effect
// ^4.1), and the names it exports are read from the entry's declarations by TypeScript, since
// this repository's own `effect` and `rcp-sdk` are Effect 3's, and importing the tree would load it
// on the wrong Effect.
import { readFileSync, renameSync, writeFileSync, existsSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"

/** The error's `code`, beside the core's RCP_PEER_RANGE. */
const CODE = "RCP_DEPENDENCY_MISSING"

/** `>=3.22.4 <4` → `^3.22.4` (what npm install is given); any other range as it is. */
const installSpec = (name, range) => {
  const caret = /^>=(\d+\.\d+\.\d+) <\d+(\.\d+)?$/.exec(range)
  return `${name}@${caret === null ? range : `^${caret[1]}`}`
}

/** The value names a module exports, read from its declarations (`X.d.ts` beside `X.js`) by TypeScript. */
const declaredNames = async (file) => {
  const { default: ts } = await import("typescript")
  const declarations = file.replace(/\.js$/, ".d.ts")
  const program = ts.createProgram([declarations], { noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(declarations)
  if (source === undefined) throw new Error(`${declarations}: no declarations to read the exports from`)
  return checker.getExportsOfModule(checker.getSymbolAtLocation(source))
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      return (target.flags & ts.SymbolFlags.Value) !== 0
    })
    .map((symbol) => symbol.name)
    .sort()
}

/**
 * Replaces `entry` (a tsc output in dist/) by its opening. `packageDir` holds the satellite's
 * package.json: its name, and the packages whose absence is explained. `line` is the version line
 * the tree is built for: `effect3` (dist/) or `effect4` (dist/v4).
 */
export const writeOpening = async (packageDir, entry, line = "effect3") => {
  const repository = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const pkg = line === "effect4"
    ? (await import("./publish.mjs")).effect4Manifest(repository, () => true)
    : repository
  const needs = Object.fromEntries(
    Object.entries({ ...pkg.peerDependencies, ...pkg.dependencies }).map(([name, range]) => [name, installSpec(name, range)])
  )
  const file = resolve(packageDir, entry)
  const names = line === "effect4" ? await declaredNames(file) : Object.keys(await import(pathToFileURL(file).href)).sort()
  if (names.includes("default")) throw new Error(`${entry}: a default export needs its own line in the opening`)
  const impl = basename(file).replace(/\.js$/, ".impl.js")
  // tsc's module and its source map, renamed together.
  renameSync(file, join(dirname(file), impl))
  const text = readFileSync(join(dirname(file), impl), "utf8")
  writeFileSync(
    join(dirname(file), impl),
    text.replace(`//# sourceMappingURL=${basename(file)}.map`, `//# sourceMappingURL=${impl}.map`)
  )
  if (existsSync(`${file}.map`)) {
    const map = JSON.parse(readFileSync(`${file}.map`, "utf8"))
    renameSync(`${file}.map`, join(dirname(file), `${impl}.map`))
    writeFileSync(join(dirname(file), `${impl}.map`), JSON.stringify({ ...map, file: impl }))
  }
  writeFileSync(
    file,
    [
      `// Loaded with import() so that a missing package is named, and the core's check of effect`,
      `// runs first (scripts/opening.mjs in the rcp-sdk repository).`,
      `const needs = ${JSON.stringify(needs)}`,
      `let body`,
      `try {`,
      `  await import("rcp-sdk/providers")`,
      `  body = await import("./${impl}")`,
      `} catch (error) {`,
      `  const missing = error?.code === "ERR_MODULE_NOT_FOUND" ? /Cannot find package '([^']+)'/.exec(error.message)?.[1] : undefined`,
      `  if (missing === undefined || !Object.hasOwn(needs, missing)) throw error`,
      `  const explained = new Error(\`${pkg.name} needs \${missing}, missing here: npm install \${needs[missing]}\`)`,
      `  explained.code = "${CODE}"`,
      `  explained.stack = \`Error [${CODE}]: \${explained.message}\``,
      `  throw explained`,
      `}`,
      `export const {\n${names.map((n) => `  ${n}`).join(",\n")}\n} = body`,
      ``
    ].join("\n")
  )
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const effect4 = process.argv[2] === "--effect4"
  for (const entry of process.argv.slice(effect4 ? 3 : 2)) await writeOpening(process.cwd(), entry, effect4 ? "effect4" : "effect3")
}
