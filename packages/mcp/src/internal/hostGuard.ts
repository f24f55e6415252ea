/**
 * Which HTTP requests an MCP bridge served over Streamable HTTP answers (issue #29, "the MCP bridge
 * over HTTP answers only its own host and origin"). A web page can reach a bridge on the operator's
 * machine through a DNS name it rebinds to that machine's address: the browser then sends the
 * page's own name as `Host` and the page's origin as `Origin`. So a request is served only when
 *
 * - its `Host` names an address the bridge actually listens on (with the port it listens on), or
 *   `localhost` when it listens on loopback, or a name the operator allowed explicitly; and
 * - its `Origin`, when it has one, is `http(s)://` one of those hosts — `null` and every other
 *   origin are refused, as the MCP transport specification requires of servers.
 *
 * The hosts come from the addresses listened on, not from the address asked for: bound to
 * `0.0.0.0` or `::` a bridge listens on every interface's address, and only those (plus the
 * explicit names) are its own. Pure functions, no I/O: the caller passes the interfaces.
 */

/** A host a request may name: a lower-case name or address (IPv6 without brackets), and a port or any. */
export interface AllowedHost {
  readonly host: string
  /** `undefined`: any port (an explicit name given without one, e.g. behind a proxy). */
  readonly port: number | undefined
}

/** Why a request is refused: its HTTP status and a one-line message (no request text in it). */
export interface Refusal {
  readonly status: 403
  readonly message: string
}

/** What a guard reads of a request: its `Host` and `Origin` headers, as Node gives them. */
export interface RequestHeaders {
  readonly host?: string | undefined
  readonly origin?: string | undefined
}

/** The addresses of one network interface, as `os.networkInterfaces()` gives them. */
export interface InterfaceAddress {
  readonly address: string
  readonly family: string | number
}

const LOOPBACK = new Set(["127.0.0.1", "::1"])

/** `0.0.0.0`, `::` and their long forms: every interface. */
const isUnspecified = (address: string): boolean => address === "0.0.0.0" || /^[0:]+$/.test(address)

const isIpv6 = (family: string | number): boolean => family === "IPv6" || family === 6

/**
 * The addresses a server bound to `bound` listens on: `bound` itself, or — for `0.0.0.0` (every IPv4
 * interface) and `::` (every interface) — the interfaces' addresses. Lower case, IPv6 unbracketed.
 */
export const listenedAddresses = (
  bound: string,
  interfaces: Readonly<Record<string, ReadonlyArray<InterfaceAddress> | undefined>>
): ReadonlyArray<string> => {
  const address = unbracket(bound.toLowerCase())
  if (!isUnspecified(address)) return [address]
  const ipv4Only = address === "0.0.0.0"
  const all = Object.values(interfaces).flatMap((list) => list ?? [])
  return [...new Set(all.filter((info) => !(ipv4Only && isIpv6(info.family))).map((info) => info.address.toLowerCase()))]
}

const unbracket = (host: string): string => (host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host)

/** A decimal port 0–65535 without sign or spaces, or undefined. */
const portOf = (text: string): number | undefined =>
  /^[0-9]{1,5}$/.test(text) && Number(text) <= 65535 ? Number(text) : undefined

/**
 * `host[:port]` as a `Host` header or an `--allowed-host` spells it — IPv6 in brackets — or
 * undefined when it is not one: an empty host, a bad port, an IPv6 address without brackets, a
 * character no host name has.
 */
export const parseHost = (text: string): { readonly host: string; readonly port: number | undefined } | undefined => {
  const lower = text.toLowerCase()
  let host: string
  let rest: string
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]")
    if (end < 0) return undefined
    host = lower.slice(1, end)
    rest = lower.slice(end + 1)
    if (!/^[0-9a-f:.]+$/.test(host) || !host.includes(":")) return undefined
  } else {
    const colon = lower.indexOf(":")
    host = colon < 0 ? lower : lower.slice(0, colon)
    rest = colon < 0 ? "" : lower.slice(colon)
    if (!/^[a-z0-9._-]+$/.test(host)) return undefined
  }
  if (rest === "") return { host, port: undefined }
  const port = rest.startsWith(":") ? portOf(rest.slice(1)) : undefined
  return port === undefined ? undefined : { host, port }
}

/**
 * The hosts a bridge listening on `addresses` at `port` answers to: each address with that port,
 * `localhost` with it when one of them is loopback, and each of `explicit` (`name` for any port,
 * `name:port` for one). An explicit entry that is not a host is a `TypeError` naming it.
 */
export const allowedHosts = (
  addresses: ReadonlyArray<string>,
  port: number,
  explicit: ReadonlyArray<string> = []
): ReadonlyArray<AllowedHost> => {
  const own = addresses.map((address): AllowedHost => ({ host: unbracket(address.toLowerCase()), port }))
  const local: Array<AllowedHost> = own.some((entry) => LOOPBACK.has(entry.host)) ? [{ host: "localhost", port }] : []
  const named = explicit.map((text): AllowedHost => {
    const parsed = parseHost(text)
    if (parsed === undefined) {
      throw new TypeError(`allowed host ${JSON.stringify(text.slice(0, 80))} is not HOST or HOST:PORT (IPv6 in brackets)`)
    }
    return parsed
  })
  return [...own, ...local, ...named]
}

const matches = (allowed: ReadonlyArray<AllowedHost>, host: string, port: number): boolean =>
  allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port))

/** `Origin` as scheme, host and port; undefined for `null`, an opaque or malformed origin, or one with a path. */
const parseOrigin = (origin: string): { readonly host: string; readonly port: number } | undefined => {
  const match = /^(https?):\/\/([^/?#@]+)$/i.exec(origin)
  if (match === null) return undefined
  const parsed = parseHost(match[2]!)
  if (parsed === undefined) return undefined
  const https = match[1]!.toLowerCase() === "https"
  return { host: parsed.host, port: parsed.port ?? (https ? 443 : 80) }
}

/**
 * The check of one request against `allowed`: undefined to serve it, or why not. A request
 * without `Host` is refused (HTTP/1.1 requires one); one without `Origin` (not from a browser)
 * is judged by its `Host` alone.
 */
export const check = (allowed: ReadonlyArray<AllowedHost>) => (headers: RequestHeaders): Refusal | undefined => {
  const host = headers.host === undefined ? undefined : parseHost(headers.host)
  if (host === undefined || !matches(allowed, host.host, host.port ?? 80)) {
    return { status: 403, message: "Forbidden: the Host header does not name this server." }
  }
  if (headers.origin === undefined) return undefined
  const origin = parseOrigin(headers.origin)
  return origin !== undefined && matches(allowed, origin.host, origin.port)
    ? undefined
    : { status: 403, message: "Forbidden: the Origin header is not this server's." }
}

/** What `requestGuard` needs: the address the server listens on, the explicit hosts, the interfaces. */
export interface GuardOptions {
  /** `server.address()` of the listening server: the address it bound and the port it got. */
  readonly address: { readonly address: string; readonly port: number }
  readonly allowedHosts?: ReadonlyArray<string> | undefined
  readonly interfaces: Readonly<Record<string, ReadonlyArray<InterfaceAddress> | undefined>>
}

/** The check for a server listening at `options.address` (see `check`). */
export const requestGuard = (options: GuardOptions): (headers: RequestHeaders) => Refusal | undefined =>
  check(allowedHosts(listenedAddresses(options.address.address, options.interfaces), options.address.port, options.allowedHosts))
