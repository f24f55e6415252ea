// `npm run mutate [-- name…]`: Stryker over the security-critical modules of stryker.config.mjs,
// one module per run (a module's static mutants then rerun only the fast unit tests once each, and
// one process keeps the shared machine usable), then the per-module scores and every survivor as
// Markdown, for test/MUTATION.md. `npm run mutate -- request credential` runs just those modules (by file name);
// `npm run mutate -- --report` only prints the summary of the reports already in reports/mutation/.
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { basename } from "node:path"
import config from "../stryker.config.mjs"

const REPORTS = "reports/mutation"
const args = process.argv.slice(2)
const reportOnly = args.includes("--report")
const names = args.filter((a) => a !== "--report")

// Several ranges of one file ("src/internal/client/execution.ts:47-127", …) are one module.
const modules = new Map()
for (const entry of config.mutate) {
  const file = entry.replace(/:\d+-\d+$/, "")
  modules.set(file, [...(modules.get(file) ?? []), entry])
}

const selected = [...modules].filter(([file]) => names.length === 0 || names.includes(basename(file, ".ts")))
if (selected.length === 0) {
  process.stderr.write(`no module matches ${names.join(", ")}; modules: ${[...modules.keys()].join(", ")}\n`)
  process.exit(2)
}

mkdirSync(REPORTS, { recursive: true })
if (!reportOnly) {
  for (const [file, entries] of selected) {
    const run = spawnSync("npx", ["stryker", "run", "--mutate", entries.join(",")], { stdio: "inherit" })
    if (run.status !== 0) process.exit(run.status ?? 1)
    copyFileSync(config.jsonReporter.fileName, `${REPORTS}/${basename(file, ".ts")}.json`)
  }
}

const DETECTED = new Set(["Killed", "Timeout"])
const COUNTED = new Set(["Killed", "Timeout", "Survived", "NoCoverage"])
const rows = []
const survivors = []
for (const name of readdirSync(REPORTS).filter((n) => n.endsWith(".json") && n !== basename(config.jsonReporter.fileName))) {
  const report = JSON.parse(readFileSync(`${REPORTS}/${name}`, "utf8"))
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const counted = mutants.filter((m) => COUNTED.has(m.status))
    const detected = counted.filter((m) => DETECTED.has(m.status)).length
    const count = (status) => mutants.filter((m) => m.status === status).length
    rows.push(
      `| \`${file}\` | ${counted.length} | ${count("Killed")} | ${count("Timeout")} | ${count("Survived")} | ` +
        `${count("NoCoverage")} | ${((100 * detected) / Math.max(counted.length, 1)).toFixed(1)}% |`
    )
    for (const m of mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage")) {
      const replacement = m.replacement.replace(/\s+/g, " ").slice(0, 90)
      survivors.push(`- \`${file}:${m.location.start.line}:${m.location.start.column}\` ${m.mutatorName} → \`${replacement}\` (${m.status})`)
    }
  }
}
const out = [
  "| module | mutants | killed | timed out | survived | no coverage | score |",
  "|---|---|---|---|---|---|---|",
  ...rows.sort(),
  "",
  ...survivors
]
process.stdout.write(`${out.join("\n")}\n`)
