/**
 * The API reference, docs/api/, generated from the JSDoc of every public module by @effect/docgen
 * (as Effect does), which also typechecks every `@example` and runs it with tsx — so the packages
 * must be built first (`npm run build`): the examples import `rcp-sdk/…` and `@rcp-sdk/…` as a
 * user does, resolved to the built packages.
 *
 * docgen rewrites imports of the package it documents into paths of its sources, assuming each
 * subpath is a file of that name (`rcp-sdk/client` → `src/client`), which does not hold here
 * (`src/Client.ts`). So it runs in a scratch folder under another package name, with the sources
 * given by path; its Jekyll output is then turned into plain pages that read on GitHub and npm.
 *
 * The examples run offline (scripts/offline.cjs): one that would call an API must define a function.
 *
 * The pages are generated into a scratch folder beside docs/api/ and swapped in only when every
 * package's run succeeded (scripts/swapDir.mjs): a failed run leaves docs/api/ as it was.
 *
 *   node scripts/docgen.mjs           regenerate docs/api/
 *   node scripts/docgen.mjs --check   regenerate, and fail if docs/api/ was not up to date (leaving it as it was)
 *   node scripts/docgen.mjs --out DIR  regenerate into DIR instead of docs/api/
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { generateInto } from "./swapDir.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const outAt = process.argv.indexOf("--out")
const apiDir = outAt > 0 && process.argv[outAt + 1] !== undefined ? resolve(process.argv[outAt + 1]) : join(root, "docs/api")
// docgen's working folder, one per run (two runs in one checkout must not remove each other's), at
// the depth docgen expects: it writes its pages under out/ only for a srcDir of `../../src`.
const scratch = join(root, `.docgen-${process.pid}`)
const check = process.argv.includes("--check")

/** Each documented package: its name, its folder, and its public modules (the rest is internal). */
const targets = [
  { name: "rcp-sdk", dir: ".", page: "rcp-sdk" },
  { name: "@rcp-sdk/openapi", dir: "packages/openapi", page: "openapi" },
  { name: "@rcp-sdk/mcp", dir: "packages/mcp", page: "mcp" },
  { name: "@rcp-sdk/effect-ai", dir: "packages/effect-ai", page: "effect-ai" },
  { name: "@rcp-sdk/ai-sdk", dir: "packages/ai-sdk", page: "ai-sdk" }
]

const compilerOptions = {
  noEmit: true,
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  lib: ["ES2022", "DOM"],
  types: ["node"]
}

/** The subpath a module is imported by: `src/Client.ts` of rcp-sdk → `rcp-sdk/client`. */
const entryOf = (target, file) => {
  const exports = JSON.parse(readFileSync(join(root, target.dir, "package.json"), "utf8")).exports ?? {}
  for (const [subpath, entry] of Object.entries(exports)) {
    const js = typeof entry === "string" ? entry : entry.import ?? entry.default
    if (typeof js === "string" && js.replace(/^\.\/dist\//, "").replace(/\.js$/, "") === file.replace(/\.ts$/, "")) {
      return subpath === "." ? target.name : `${target.name}/${subpath.slice(2)}`
    }
  }
  return `${target.name} (${file})`
}

/** Writes every package's pages and the index into `out`; throws if any docgen run fails. */
const generate = (out) => {
  const index = []
  for (const target of targets) {
    const work = join(scratch, target.page)
    rmSync(work, { recursive: true, force: true })
    mkdirSync(work, { recursive: true })
    // Paths relative to the scratch folder: docgen joins them to it.
    const src = relative(work, join(root, target.dir, "src"))
    writeFileSync(join(work, "package.json"), JSON.stringify({ name: "rcp-sdk-api-reference", homepage: "https://github.com/rcp-sdk/rcp-sdk#readme", type: "module" }))
    writeFileSync(
      join(work, "docgen.json"),
      JSON.stringify({
        srcDir: src,
        outDir: "out",
        exclude: [join(src, "internal/**/*.ts"), join(src, "bin.ts")],
        enableSearch: false,
        parseCompilerOptions: compilerOptions,
        examplesCompilerOptions: compilerOptions
      })
    )
    console.log(`docgen: ${target.name}`)
    execFileSync(join(root, "node_modules/.bin/docgen"), [], {
      cwd: work,
      stdio: "inherit",
      env: {
        ...process.env,
        // docgen runs `tsc` and `tsx` by name.
        PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`,
        // The examples run offline: nothing they do can reach past this machine.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${join(root, "scripts/offline.cjs")}`.trim()
      }
    })

    // docgen writes `<out>/<srcDir relative to the scratch folder>/<Module>.ts.md` with Jekyll front matter.
    const pages = []
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (entry.name.endsWith(".ts.md")) pages.push(path)
      }
    }
    walk(join(work, "out"))
    // An empty reference must never be swapped in for a full one.
    if (pages.length === 0) throw new Error(`docgen wrote no page for ${target.name} under ${join(work, "out")}`)
    mkdirSync(join(out, target.page), { recursive: true })
    for (const file of pages.sort()) {
      const module = file.split("/").pop().replace(/\.ts\.md$/, "")
      const entry = entryOf(target, `${module}.ts`)
      const body = readFileSync(file, "utf8").replace(/^(?:---|\*\*\*)\n[\s\S]*?\n---\n/, "")
      writeFileSync(
        join(out, target.page, `${module}.md`),
        `# ${entry}\n\n<!-- Generated from the JSDoc of ${target.dir === "." ? "" : `${target.dir}/`}src/${module}.ts by \`npm run docgen\`; do not edit. -->\n${body}`
      )
      index.push({ entry, link: `${target.page}/${module}.md` })
    }
  }
  writeFileSync(
    join(out, "index.md"),
    `# API reference\n\nEvery public module, generated from its JSDoc by \`npm run docgen\` (@effect/docgen, which also\ncompiles and runs every example). The guides are one level up: [docs/](../client.md).\n\n| module | page |\n|---|---|\n${
      index.map(({ entry, link }) => `| \`${entry}\` | [${link}](${link}) |`).join("\n")
    }\n`
  )
  return index.length
}

function snapshot(dir) {
  const files = new Map()
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.set(path, readFileSync(path, "utf8"))
    }
  }
  walk(dir)
  return files
}

let pages
try {
  if (check) {
    // Generated aside and compared: docs/api/ is left as it is, up to date or not.
    const scratchOut = join(root, `.docgen-check-${process.pid}`)
    rmSync(scratchOut, { recursive: true, force: true })
    mkdirSync(scratchOut, { recursive: true })
    try {
      pages = generate(scratchOut)
      const before = existsSync(apiDir) ? snapshot(apiDir) : new Map()
      const after = snapshot(scratchOut)
      const relativeOf = (base) => (map) => new Map([...map].map(([path, text]) => [relative(base, path), text]))
      const [was, now] = [relativeOf(apiDir)(before), relativeOf(scratchOut)(after)]
      const changed = [...new Set([...was.keys(), ...now.keys()])].filter((path) => was.get(path) !== now.get(path))
      if (changed.length > 0) {
        console.error(`docs/api/ is not up to date with the JSDoc (run npm run docgen and commit):\n${changed.join("\n")}`)
        process.exitCode = 1
      }
    } finally {
      rmSync(scratchOut, { recursive: true, force: true })
    }
  } else {
    pages = await generateInto(apiDir, generate)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`${relative(root, apiDir)}/: ${pages} module pages`)
