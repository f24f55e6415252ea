/**
 * The opt-in guard for server-side deployments: never connect to loopback, private, link-local,
 * unique-local or otherwise internal addresses. The check runs on the address each connection is
 * actually made to (inside DNS resolution for the socket), so DNS rebinding between a check and a
 * connect cannot bypass it; literal IPs, which skip DNS, are checked before each hop.
 */
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
  // NAT64 with the well-known prefix 64:ff9b::/96 is judged by its embedded IPv4 (below), so that
  // public hosts stay reachable on IPv6-only networks with DNS64; the local-use prefix embeds
  // addresses as each operator chooses, so it is refused whole.
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8] // multicast
] as const) blocked.addSubnet(prefix, bits, "ipv6")

/** The eight 16-bit groups of an IPv6 address that `net.isIP` accepted (zone dropped). */
const hextets = (ip: string): Array<number> | undefined => {
  let text = ip.toLowerCase().replace(/%.*$/, "")
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const groups = (part: string): Array<number> => (part === "" ? [] : part.split(":").map((h) => parseInt(h, 16)))
  const [head = "", tail] = text.split("::")
  const left = groups(head)
  if (tail === undefined) return left.length === 8 ? left : undefined
  const right = groups(tail)
  const fill = 8 - left.length - right.length
  return fill < 0 ? undefined : [...left, ...Array<number>(fill).fill(0), ...right]
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) or 6to4 (`2002:aabb:ccdd::`) IPv6 address, in
 * any spelling (compressed or not, hex or dotted tail), if any.
 */
const embeddedIpv4 = (address: string): string | undefined => {
  const h = hextets(address)
  if (h === undefined) return undefined
  const [h0, h1, h2, h3, h4, h5, h6, h7] = h as [number, number, number, number, number, number, number, number]
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  const zeroTo4 = h0 === 0 && h1 === 0 && h2 === 0 && h3 === 0
  if (zeroTo4 && h4 === 0 && h5 === 0xffff) return v4(h6, h7)
  if (zeroTo4 && h4 === 0xffff && h5 === 0) return v4(h6, h7)
  if (h0 === 0x64 && h1 === 0xff9b && h2 === 0 && h3 === 0 && h4 === 0 && h5 === 0) return v4(h6, h7)
  if (h0 === 0x2002) return v4(h1, h2)
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
 * The resolver a guarded lookup asks: `dns.lookup` with `all: true`.
 *
 * @internal
 */
export type BaseLookup = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: Array<dns.LookupAddress>) => void
) => void

/**
 * A `lookup` for sockets that resolves with `base` and then refuses the connection when any
 * resolved address is blocked (all of them are checked, since the socket may try each). `base` and
 * `isBlocked` are parameters for tests (a resolver that rebinds, a policy that admits a local host).
 *
 * @internal
 */
export const makeGuardedLookup = (
  base: BaseLookup = dns.lookup,
  isBlocked: (address: string) => boolean = isBlockedAddress
) =>
(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
  base(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, [])
    const refused = addresses.find((a) => isBlocked(a.address))
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
 * `makeGuardedLookup()`: `dns.lookup`, refusing blocked addresses.
 *
 * @internal
 */
export const guardedLookup: Lookup = makeGuardedLookup()

/**
 * A socket `lookup`, as undici's `connect.lookup` takes it.
 *
 * @internal
 */
export type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void
