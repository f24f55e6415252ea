// The table of bench/RESULTS.md §"The house, before and after", reproduced in one command:
//
//   node bench/house/compare.mjs BEFORE_DIR AFTER_DIR [--pairs 10] [--warmup 1] [--calls 2000] [--only ROW]
//
// BEFORE_DIR and AFTER_DIR are two built checkouts of rcp-sdk (`npm ci && npm run build` in each),
// e.g. a `git worktree` of c9355e5 (the last commit before the house) and this one. Each row runs
// command A (after) and command B (before) in turn, A B A B …: WARMUP pairs that are not counted,
// then PAIRS pairs. Each run is a whole process timed from outside by bash's `time` (wall, user and
// system seconds of the child, millisecond resolution); cpu = user + system. The ratio A/B is taken
// pair by pair and the median of those ratios is printed (pairing keeps the ratio meaningful when
// the machine's speed drifts), beside each side's median. A run that exits with another status
// than the row expects stops the comparison (a broken build would otherwise be measured).
//
// The rows: `rcp --help` (packages/cli/dist/bin.js after the house, dist/bin.js before it), the
// import of each public module both builds have (bench/house/import.mjs, of this folder, on both
// sides), and 2,000 sequential calls of the promise client over a REST endpoint on 127.0.0.1 in
// the same process (bench/house/calls.mjs). Progress goes to stderr, the markdown table to stdout.
// Quote figures from a quiet machine; the load average at the start and the end is printed.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))

const usage = () => {
  process.stderr.write(
    "usage: node bench/house/compare.mjs BEFORE_DIR AFTER_DIR [--pairs N] [--warmup N] [--calls N] [--only ROW]\n"
  )
  process.exit(2)
}

const args = process.argv.slice(2)
const positional = []
const options = { pairs: 10, warmup: 1, calls: 2000, only: undefined }
for (let i = 0; i < args.length; i++) {
  const arg = args[i]
  if (arg.startsWith("--")) {
    const name = arg.slice(2)
    const value = args[++i]
    if (!(name in options) || value === undefined) usage()
    options[name] = name === "only" ? value : Number(value)
    if (name !== "only" && !(Number.isInteger(options[name]) && options[name] >= (name === "warmup" ? 0 : 1))) usage()
  } else positional.push(arg)
}
if (positional.length !== 2) usage()
const [before, after] = positional.map((dir) => resolve(dir))

/** The `rcp` of a build: the CLI package's after the house, the core's before it. */
const binOf = (dir) => {
  for (const path of ["packages/cli/dist/bin.js", "dist/bin.js"]) if (existsSync(join(dir, path))) return join(dir, path)
  throw new Error(`${dir}: no built rcp (packages/cli/dist/bin.js or dist/bin.js); run npm run build there`)
}

/** The public modules of the core whose import is timed: those both builds have. */
const ENTRIES = ["Client", "index", "Manifest", "Resolver", "Server", "Lock"]

const node = process.execPath
const rows = [
  { figure: "`rcp --help`", shown: "`node DIR/…/bin.js --help`", command: (dir) => [node, binOf(dir), "--help"] },
  ...ENTRIES.filter((entry) => existsSync(join(before, "dist", `${entry}.js`)) && existsSync(join(after, "dist", `${entry}.js`)))
    .map((entry) => ({
      figure: `import \`${entry === "index" ? "rcp-sdk" : `rcp-sdk/${entry.toLowerCase()}`}\``,
      shown: `\`node bench/house/import.mjs DIR ${entry}\``,
      command: (dir) => [node, join(here, "import.mjs"), dir, entry]
    })),
  {
    figure: `${options.calls.toLocaleString("en")} calls, whole process`,
    shown: `\`node bench/house/calls.mjs DIR ${options.calls}\``,
    command: (dir) => [node, join(here, "calls.mjs"), dir, String(options.calls)]
  }
].filter((row) => options.only === undefined || row.figure.includes(options.only))
if (rows.length === 0) usage()

const scratch = mkdtempSync(join(tmpdir(), "rcp-compare-"))
const errFile = join(scratch, "stderr")

/** One run of a command: its wall, user and system seconds, by bash's `time`. */
const timed = (command) => {
  const run = spawnSync(
    "bash",
    ["-c", `TIMEFORMAT='%3R %3U %3S'; { time "$@" >/dev/null 2>"$ERR_FILE" </dev/null; } 2>&1; echo "exit $?"`, "timed", ...command],
    { encoding: "utf8", env: { ...process.env, ERR_FILE: errFile, NO_COLOR: "1" } }
  )
  const match = /^(\d+\.\d+) (\d+\.\d+) (\d+\.\d+)\nexit (\d+)\s*$/.exec(run.stdout)
  if (match === null) throw new Error(`could not time ${command.join(" ")}: ${run.stdout}${run.stderr}`)
  const status = Number(match[4])
  if (status !== 0) {
    throw new Error(`${command.join(" ")} exited ${status}:\n${readFileSync(errFile, "utf8").slice(0, 2000)}`)
  }
  const [wall, user, system] = match.slice(1, 4).map(Number)
  return { wall, cpu: user + system }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(", ")
const commitOf = (dir) => {
  const run = spawnSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" })
  return run.status === 0 ? run.stdout.trim() : "?"
}

const started = Date.now()
const loadAtStart = load()
const results = []
try {
  for (const row of rows) {
    const a = row.command(after)
    const b = row.command(before)
    for (let i = 0; i < options.warmup; i++) {
      timed(a)
      timed(b)
    }
    const pairs = []
    for (let i = 0; i < options.pairs; i++) pairs.push({ a: timed(a), b: timed(b) })
    const result = {
      ...row,
      aCpu: median(pairs.map((p) => p.a.cpu)),
      bCpu: median(pairs.map((p) => p.b.cpu)),
      cpuRatio: median(pairs.map((p) => p.a.cpu / p.b.cpu)),
      wallRatio: median(pairs.map((p) => p.a.wall / p.b.wall))
    }
    results.push(result)
    process.stderr.write(`${row.figure}: A/B cpu ${result.cpuRatio.toFixed(2)}×, wall ${result.wallRatio.toFixed(2)}×\n`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

const seconds = (x) => `${x.toFixed(3)} s`
const lines = [
  `A = after: ${after} (${commitOf(after)}); B = before: ${before} (${commitOf(before)}).`,
  `${options.pairs} pairs A B after ${options.warmup} warm-up pair(s) per row; Node ${process.version}; ` +
    `load average ${loadAtStart} at the start, ${load()} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
  "",
  "| figure | command (DIR: each build) | A cpu, median | B cpu, median | A/B cpu | A/B wall |",
  "|---|---|---:|---:|---:|---:|",
  ...results.map((r) =>
    `| ${r.figure} | ${r.shown} | ${seconds(r.aCpu)} | ${seconds(r.bCpu)} | ${r.cpuRatio.toFixed(2)}× | ${r.wallRatio.toFixed(2)}× |`
  )
]
process.stdout.write(`${lines.join("\n")}\n`)
