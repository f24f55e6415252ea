/**
 * URL helpers shared by the manifest rules, the client and the transport: a URL as it may be shown
 * (no user info), as the client keys it, and which hosts count as loopback. A leaf: it imports nothing.
 */

/**
 * A URL as it may be shown — in a message, a warning, a span, a result: without user info
 * (`https://user:pass@host` → `https://host`). Text that does not parse loses anything between
 * `//` and an `@`.
 *
 * @internal
 */
export const withoutUserinfo = (url: string): string => {
  try {
    const parsed = new URL(url)
    if (parsed.username === "" && parsed.password === "") return url
    parsed.username = ""
    parsed.password = ""
    return parsed.toString()
  } catch {
    return url.replace(/\/\/[^/?#@]*@/g, "//")
  }
}

/**
 * A manifest URL as the client keys it — as `URL` spells it, so that `forget`, a second
 * `discover` and a lock find it however the caller wrote it.
 *
 * @internal
 */
export const normalizeUrl = (url: string | URL): string => {
  try {
    return new URL(url).toString()
  } catch {
    return String(url)
  }
}

/**
 * Loopback hosts, where plain `http:` is allowed without opting in.
 *
 * @internal
 */
export const isLoopbackHost = (hostname: string): boolean => {
  const h = hostname.toLowerCase()
  return h === "localhost" || h.endsWith(".localhost") || h === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(h)
}
