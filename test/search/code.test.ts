/**
 * Recall round 10 (issue #32), GitHub-side: a name of code said in a request (`parseConfig`,
 * `process.env.API_TOKEN`, `initLegacy()`) is what to look for — a search query's keywords, as quoted
 * text is (src/internal/search/hints.ts `code`) — and a search for it is qualified by the request's
 * hints (`repo:octo/widgets`). Split into words, it ranked webhook configs, legacy teams and
 * environments. Over the evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import { growth } from "../support/growth.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("names of code", () => {
  it("reads camelCase identifiers, members and calls, each cut out of the words", () => {
    const read = Hints.read("where do we call parseConfig or window.localStorage or init() or process.env.API_TOKEN")
    expect(read.code).toBe(4)
    expect(read.rest).not.toMatch(/parseConfig|localStorage|init|process|API_TOKEN/)
  })

  it("not a product's or a word's capitals, an abbreviation, a domain or an environment variable alone", () => {
    // `macOS`, `iPhone`: no lower-case letter after the capital, or one letter before it.
    // `Node.Js`-like title case, `U.S.`, `octo.dev` (no capital, underscore or call), `NPM_TOKEN` (a secret's name: its own hint).
    for (const request of ["macOS runners", "an iPhone build", "Title.Case words", "the U.S. office", "the site octo.dev", "rotate NPM_TOKEN"]) {
      expect(Hints.read(request).code, request).toBe(0)
    }
  })

  it("ranks the code search first for a name of code to find", () => {
    // Before: webhook configs (parse-*Config*), the cache's usage (*usages*), legacy teams (init*Legacy*), environments (process.*env*).
    expect(names("where do we call parseConfig in octo/widgets", 1)).toEqual(["search_code"])
    expect(names("find usages of window.localStorage in octo/widgets", 1)).toEqual(["search_code"])
    expect(names("who still calls initLegacy() in octo/widgets", 1)).toEqual(["search_code"])
    expect(names("grep octo/widgets for process.env.API_TOKEN", 1)).toEqual(["search_code"])
  })

  it("leaves a request without a name of code as it ranked", () => {
    expect(names("rotate NPM_TOKEN on octo/widgets", 1)).toEqual(["actions_create-repo-variable"])
  })

  it("finds names of code in linear time: 100 KB costs about ten times 10 KB", () => {
    // Hostile shapes for the pattern: long lower-case runs (the camelCase branch), dotted chains
    // (members), calls, and capitals with dots (the exclusion of `Node.Js`-like words).
    const shapes = ["a".repeat(50) + "B", "a.b.c.d.e.f.g.h.", "x.y() ", "Ab.Cd.Ef.", "fooBarBaz.", "$_.$_."]
    expect(growth((text) => Hints.read(text).code, shapes)).toBeLessThan(30)
  })
})
