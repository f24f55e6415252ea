/**
 * Writes bench/search/catalogue.json: every operation of the three specs, keyed by method and path,
 * with its operationId, a one-line summary, and the tool today's import registers for it (null when
 * the import leaves it out). `npm run bench:search:catalogue` after an importer change; the diff shows
 * which operations became tools. The evaluation itself scores by method + path, so it never needs
 * this file to be current — it reports how far the live import has drifted from it.
 */
import * as Fs from "node:fs"
import { type Catalogue, CATALOGUE_FILE, type CatalogueEntry, isEntryPoint } from "./data.js"
import { buildRegistry, type Registry } from "./registry.js"
import { API_NAMES, summaryOf } from "./specs.js"

export const catalogueOf = (registry: Registry): Catalogue => {
  const toolOf = new Map<string, string>()
  for (const [tool, operation] of registry.operationOf) toolOf.set(`${operation.api} ${operation.key}`, tool)
  const operations: Array<CatalogueEntry> = []
  for (const api of API_NAMES) {
    for (const operation of registry.specs[api].operations) {
      operations.push({
        api,
        method: operation.method,
        path: operation.path,
        operationId: operation.operationId ?? null,
        tool: toolOf.get(`${api} ${operation.key}`) ?? null,
        summary: summaryOf(operation)
      })
    }
  }
  return {
    about: "Every operation of the evaluation's three specs (bench/search/README.md): tool is its exposed name " +
      "when GitHub, Stripe and Slack are imported by rcp-sdk's OpenAPI importer and registered in one client " +
      "(Slack's with the prefix slack_), null when the import leaves it out.",
    operations
  }
}

/** One operation a line: small diffs when the importer changes. */
export const formatCatalogue = (catalogue: Catalogue): string =>
  `{\n  "about": ${JSON.stringify(catalogue.about)},\n  "operations": [\n${
    catalogue.operations.map((entry) => `    ${JSON.stringify(entry)}`).join(",\n")
  }\n  ]\n}\n`

if (isEntryPoint(import.meta.url)) {
  const catalogue = catalogueOf(await buildRegistry())
  Fs.writeFileSync(CATALOGUE_FILE, formatCatalogue(catalogue))
  const tools = catalogue.operations.filter((entry) => entry.tool !== null).length
  process.stdout.write(`${CATALOGUE_FILE}: ${catalogue.operations.length} operations, ${tools} tools\n`)
}
