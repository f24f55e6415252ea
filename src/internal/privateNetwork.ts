/**
 * The opt-in guard for server-side deployments: never connect to loopback, private, link-local,
 * unique-local or otherwise internal addresses. The check runs on the address each connection is
 * actually made to (inside DNS resolution for the socket), so DNS rebinding between a check and a
 * connect cannot bypass it; literal IPs, which skip DNS, are checked before each hop.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as dns from "node:dns"
import * as net from "node:net"

const blocked = new net.BlockList()
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4] // reserved, broadcast
] as const) blocked.addSubnet(prefix, bits, "ipv4")
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible
  ["64:ff9b::", 96], // NAT64: checked again below through its embedded IPv4
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8] // multicast
] as const) blocked.addSubnet(prefix, bits, "ipv6")

/** The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address, if any. */
const embeddedIpv4 = (address: string): string | undefined => {
  const lower = address.toLowerCase()
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted !== null) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hex !== null) {
    const hi = parseInt(hex[1]!, 16)
    const lo = parseInt(hex[2]!, 16)
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower)
  if (sixToFour !== null) {
    const hi = parseInt(sixToFour[1]!, 16)
    const lo = parseInt(sixToFour[2]!, 16)
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  return undefined
}

/**
 * Whether `address` (an IP literal, brackets allowed) is one the guard refuses.
 *
 * @internal
 */
export const isBlockedAddress = (address: string): boolean => {
  const ip = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  const family = net.isIP(ip)
  if (family === 4) return blocked.check(ip, "ipv4")
  if (family === 6) {
    if (blocked.check(ip, "ipv6")) return true
    const v4 = embeddedIpv4(ip)
    return v4 !== undefined && blocked.check(v4, "ipv4")
  }
  return false
}

/** @internal */
export const BLOCKED_CODE = "ERR_RCP_BLOCKED_ADDRESS"

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | Array<dns.LookupAddress>,
  family?: number
) => void

/**
 * A `lookup` for sockets that resolves as usual and then refuses the connection when any resolved
 * address is blocked (all of them are checked, since the socket may try each).
 *
 * @internal
 */
export const guardedLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, [])
    const refused = addresses.find((a) => isBlockedAddress(a.address))
    if (refused !== undefined) {
      const blockedError: NodeJS.ErrnoException = new Error(`${hostname} resolves to a blocked address`)
      blockedError.code = BLOCKED_CODE
      return callback(blockedError, [])
    }
    if (options.all === true) return callback(null, addresses)
    const first = addresses[0]
    if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), [])
    callback(null, first.address, first.family)
  })
}

/**
 * An HTTP client whose every connection goes through `guardedLookup`: undici's fetch over an agent
 * of its own, closed with the scope. undici is loaded only when the guard is switched on.
 *
 * @internal
 */
export const guardedHttpClient: Effect.Effect<HttpClient.HttpClient, never, Scope.Scope> = Effect.gen(function*() {
  const undici = yield* Effect.promise(() => import("undici"))
  const agent = yield* Effect.acquireRelease(
    Effect.sync(() => new undici.Agent({ connect: { lookup: guardedLookup } })),
    (agent) => Effect.promise(() => agent.close())
  )
  const guardedFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    undici.fetch(input as never, { ...(init as object), dispatcher: agent } as never)) as unknown as typeof fetch
  return yield* HttpClient.HttpClient.pipe(
    Effect.provide(FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, guardedFetch))))
  )
})
