/**
 * Serving a manifest with nothing but the Fetch API (`Request` in, `Response` out), for servers
 * that do not use @effect/platform: Hono, Next.js route handlers, Bun, Deno, Cloudflare Workers.
 * The manifest is validated and serialized once; its ETag lets a client re-discover with
 * `If-None-Match` and get a bodiless 304 while nothing changed.
 */
import type * as Manifest from "../../Manifest.js"

/**
 * A strong ETag of `text`: a 53-bit hash and the length. Not cryptographic (nothing here is
 * secret), and synchronous, so it works on every runtime without `node:crypto` or an await.
 */
const etagOf = (text: string): string => {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0)
  return `"${hash.toString(36)}-${text.length.toString(36)}"`
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours, weak or not (GET uses weak comparison). */
const matches = (ifNoneMatch: string | null, etag: string): boolean =>
  ifNoneMatch !== null &&
  ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/** @internal */
export const make = (manifest: Manifest.Manifest, cacheControl: string): (request: Request) => Response => {
  const body = JSON.stringify(manifest)
  const etag = etagOf(body)
  const common = { etag, "cache-control": cacheControl }
  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } })
    }
    if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: common })
    return new Response(request.method === "HEAD" ? null : body, {
      status: 200,
      headers: { ...common, "content-type": "application/json" }
    })
  }
}
