// A Stryker reporter that appends one line per tested mutant to reports/mutation/progress.log as the
// run goes (Stryker's own reports are written only at the end): a run stopped early still leaves
// its counts and survivors. Used by `npm run mutate`; see test/MUTATION.md.
import { appendFileSync, mkdirSync } from "node:fs"
import { declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin"

const FILE = "reports/mutation/progress.log"

class MutantLog {
  counts = new Map()
  onMutantTested(result) {
    this.counts.set(result.status, (this.counts.get(result.status) ?? 0) + 1)
    const tally = [...this.counts].map(([status, n]) => `${status} ${n}`).join(", ")
    const where = `${result.fileName}:${result.location.start.line}:${result.location.start.column}`
    const replacement = (result.replacement ?? "").replace(/\s+/g, " ").slice(0, 90)
    mkdirSync("reports/mutation", { recursive: true })
    appendFileSync(FILE, `${new Date().toISOString()} ${result.status} ${where} ${result.mutatorName} → ${replacement} [${tally}]\n`)
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, "mutant-log", MutantLog)]
