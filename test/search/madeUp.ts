/**
 * A made-up tool for the search wing's tests over small indexes: a name, a method, a path on an
 * example host, a description, and its API ("code" unless told).
 */
import type * as ToolIndex from "../../src/internal/search/index.js"

export const tool = (name: string, method: string, path: string, description: string, api = "code"): ToolIndex.SearchDocument => ({
  name,
  description,
  method,
  url: `https://api.example.com${path}`,
  api
})
