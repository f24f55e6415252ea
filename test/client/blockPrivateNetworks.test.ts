/**
 * The opt-in `blockPrivateNetworks` (issue 8): off by default; on, tool and manifest hosts that
 * are, or resolve to, loopback, private, link-local, unique-local, IPv4-mapped, NAT64 or 6to4
 * forms of internal addresses fail with `BlockedAddress`, and the local server receives nothing —
 * not even a connection.
 *
 * The check runs where the socket resolves its host (the agent's `lookup`), on every new
 * connection: DNS rebinding — a name that answers public first and 127.0.0.1 next — is refused at
 * the second connection, also when that connection is a redirect hop. To show that end to end
 * without a public network, the rebinding tests build the guarded client with a scripted resolver
 * and a policy that admits 127.0.0.2 as if it were public (`makeGuardedLookup(base, isBlocked)`).
 * No public host is reachable here, so the guard's accept path for real public addresses is tested
 * at the unit level (`isBlockedAddress`, `makeGuardedLookup`: test/transport/privateNetwork.test.ts).
 */
import * as Effects from "#target/Effects.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import * as InternalClient from "../../src/internal/client/client.js"
import * as PrivateNetwork from "../../src/internal/transport/privateNetwork.js"
import * as UndiciTransport from "../../src/internal/transport/undici.js"
import { clientLayer, manifest, type ToolInput } from "../support/execute.js"
import { makeLog, noNetwork, type ScriptedResolver, scriptedResolver } from "../support/network.js"
import { closeServer, json, type TestServer, testServer } from "../support/server.js"

const seedManifest = (origin: string) => manifest([{ name: "ping", url: `${origin}/ping` }])

/** A server on 127.0.0.1 that answers the manifest on `/rcp/manifest` and `{ pong: true }` elsewhere. */
const localServer = (): Effect.Effect<TestServer, never, Scope.Scope> =>
  Effect.gen(function*() {
    const server: TestServer = yield* testServer((req, res) =>
      json(res, 200, req.path === "/rcp/manifest" ? seedManifest(server.origin) : { pong: true })
    )
    return server
  })

/** The guard on, over an HttpClient that records and refuses everything: the guard must not use it. */
const guardedLayer = (log = makeLog(), options: Client.Options = {}) =>
  Client.layer({ blockPrivateNetworks: true, allowHttp: true, retry: { retries: 0 }, timeout: "3 seconds", ...options })
    .pipe(Layer.provide(Resolver.layerEmpty), Layer.provide(noNetwork(log)))

const nothingArrived = (server: TestServer) => {
  assert.deepStrictEqual(server.requests, [])
  // Not even a connection: the lookup refused before the socket connected.
  assert.strictEqual(server.openSockets() + server.closedSockets(), 0)
}

describe("blockPrivateNetworks: off by default", () => {
  it.scoped("loopback works: discovery and execution against 127.0.0.1 and localhost", () =>
    Effect.gen(function*() {
      const server = yield* localServer()
      const results = yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(server.url("/rcp/manifest"))
        const viaIp = yield* Client.execute({ name: "ping" })
        yield* Client.register(manifest([{ name: "named", url: `http://localhost:${server.port}/named` }]), {
          url: `http://localhost:${server.port}/rcp/manifest`
        })
        const viaName = yield* Client.execute({ name: "named" })
        return [discovery.tools.map((t) => t.name), viaIp, viaName]
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual<unknown>(results, [["ping"], { status: 200, data: { pong: true } }, {
        status: 200,
        data: { pong: true }
      }])
      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/rcp/manifest", "/ping", "/named"])
    }))

  it.scoped("the default is off in the promise facade too", () =>
    Effect.gen(function*() {
      const server = yield* localServer()
      const client = Client.createRcpClient()
      const discovery = yield* Effect.promise(() => client.discover(server.url("/rcp/manifest")))
      yield* Effect.promise(() => client.close())
      assert.deepStrictEqual(discovery.tools.map((t) => t.name), ["ping"])
    }))
})

/** Hosts (as they appear in a URL) that the guard refuses, with what they are. */
const BLOCKED_HOSTS: ReadonlyArray<readonly [host: string, what: string]> = [
  ["127.0.0.1", "loopback"],
  ["127.1.2.3", "loopback /8"],
  ["[::1]", "IPv6 loopback"],
  ["0.0.0.0", "this host"],
  ["[::]", "IPv6 unspecified"],
  ["10.0.0.1", "private 10/8"],
  ["10.255.255.254", "private 10/8"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.254", "private 172.16/12"],
  ["192.168.1.1", "private 192.168/16"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["[fd00::1]", "unique-local IPv6"],
  ["[fc00::1]", "unique-local IPv6"],
  ["[fe80::1]", "link-local IPv6"],
  ["[::ffff:127.0.0.1]", "IPv4-mapped loopback (dotted)"],
  ["[::ffff:7f00:1]", "IPv4-mapped loopback (hex)"],
  ["[::ffff:a9fe:a9fe]", "IPv4-mapped metadata"],
  ["[::ffff:0:7f00:1]", "IPv4-translated loopback"],
  ["[64:ff9b::7f00:1]", "NAT64 of loopback"],
  ["[64:ff9b::a9fe:a9fe]", "NAT64 of metadata"],
  ["[64:ff9b:1::a00:1]", "local-use NAT64"],
  ["[2002:7f00:1::]", "6to4 of loopback"],
  ["[2002:a9fe:a9fe::]", "6to4 of metadata"],
  ["[2002:c0a8::1]", "6to4 of 192.168.0.0 (compressed)"],
  ["2130706433", "127.0.0.1 as one decimal number"],
  ["0177.0.0.1", "127.0.0.1 in octal"],
  ["0x7f.1", "127.0.0.1 in hex shorthand"],
  ["0", "0.0.0.0 as a number"]
]

describe("blockPrivateNetworks: on", () => {
  it.scoped("tool URLs on internal IP literals (every form) → BlockedAddress, no connection attempted", () =>
    Effect.gen(function*() {
      const log = makeLog()
      const errors = yield* Effect.gen(function*() {
        const errors: Array<readonly [string, string, string]> = []
        for (const [i, [host]] of BLOCKED_HOSTS.entries()) {
          const origin = `https://${host}`
          const name = `t${i}`
          yield* Client.register(manifest([{ name, url: `${origin}/v1/data` }]), { url: `${origin}/rcp/manifest` })
          const error = yield* Effect.flip(Client.execute({ name }))
          errors.push([host, error._tag, error._tag === "BlockedAddress" ? error.host : error.message])
        }
        return errors
      }).pipe(Effect.provide(guardedLayer(log)))
      for (const [host, tag, detail] of errors) {
        assert.strictEqual(tag, "BlockedAddress", `${host}: ${detail}`)
        // The host as the URL spells it after WHATWG normalization (2130706433 → 127.0.0.1).
        assert.strictEqual(detail, new URL(`https://${host}`).hostname)
      }
      assert.deepStrictEqual(log.attempts, [])
    }))

  it.scoped("manifest URLs on loopback (IP and `localhost` via the real hosts file) → BlockedAddress", () =>
    Effect.gen(function*() {
      const server = yield* localServer()
      const log = makeLog()
      const urls = [
        server.url("/rcp/manifest"),
        `http://localhost:${server.port}/rcp/manifest`,
        `http://[::ffff:127.0.0.1]:${server.port}/rcp/manifest`,
        `http://[::ffff:7f00:1]:${server.port}/rcp/manifest`,
        `http://2130706433:${server.port}/rcp/manifest`,
        `http://0.0.0.0:${server.port}/rcp/manifest`
      ]
      const errors = yield* Effect.forEach(urls, (url) => Effect.flip(Client.discover(url))).pipe(
        Effect.provide(guardedLayer(log))
      )
      for (const [i, error] of errors.entries()) {
        assert.strictEqual(error._tag, "BlockedAddress", urls[i])
        assert.instanceOf(error, Client.BlockedAddress)
        // The URL as WHATWG normalizes it (2130706433 → 127.0.0.1, ::ffff:127.0.0.1 → ::ffff:7f00:1).
        assert.include(error.message, new URL(urls[i]!).toString())
        assert.include(error.message, "blockPrivateNetworks is on")
      }
      assert.strictEqual(errors[1]?._tag === "BlockedAddress" ? errors[1].host : "", "localhost")
      nothingArrived(server)
      assert.deepStrictEqual(log.attempts, [])
    }))

  it.scoped("a tool on `localhost` (a name: no literal to check) is refused at the lookup; nothing arrives", () =>
    Effect.gen(function*() {
      const server = yield* localServer()
      const origin = `http://localhost:${server.port}`
      const error = yield* Effect.gen(function*() {
        yield* Client.register(manifest([{ name: "named", url: `${origin}/x` }]), { url: `${origin}/rcp/manifest` })
        return yield* Effect.flip(Client.execute({ name: "named" }))
      }).pipe(Effect.provide(guardedLayer()))
      assert.strictEqual(error._tag, "BlockedAddress")
      assert.strictEqual(
        error.message,
        `tool "named" (GET ${origin}/x): refused to connect to localhost: it is or resolves to a private, ` +
          "loopback or link-local address (blockPrivateNetworks is on)"
      )
      nothingArrived(server)
    }))

  it.scoped("BlockedAddress is not retried: with retries on, one lookup per call", () =>
    Effect.gen(function*() {
      const victim = yield* localServer()
      const origin = `http://internal.test:${victim.port}`
      const resolver = scriptedResolver(["127.0.0.1"])
      const errors = yield* Effect.gen(function*() {
        yield* Client.register(manifest([{ name: "named", url: `${origin}/x` }]), { url: `${origin}/rcp/manifest` })
        const first = yield* Effect.flip(Client.execute({ name: "named" }))
        return [first, yield* Effect.flip(Client.execute({ name: "named" }))]
      }).pipe(Effect.provide(rebindingLayer(resolver, { retry: { retries: 2 } })))
      assert.deepStrictEqual(errors.map((e) => e._tag), ["BlockedAddress", "BlockedAddress"])
      assert.deepStrictEqual(resolver.asked, ["internal.test", "internal.test"])
      nothingArrived(victim)
    }))

  it.scoped("the promise facade: BlockedAddress rejection, nothing arrives", () =>
    Effect.gen(function*() {
      const server = yield* localServer()
      const client = Client.createRcpClient({ blockPrivateNetworks: true, retry: { retries: 0 } })
      const error = yield* Effect.promise(() => client.discover(`http://localhost:${server.port}/rcp/manifest`).then(
        () => undefined,
        (e: unknown) => e
      ))
      yield* Effect.promise(() => client.close())
      assert.instanceOf(error, Client.BlockedAddress)
      nothingArrived(server)
    }))

  it.scoped("a cross-origin redirect to an internal host is refused before the guard (RedirectRefused)", () =>
    Effect.gen(function*() {
      // Reaching a first hop needs an allowed host; here the rebinding client of the next suite
      // stands in for it (127.0.0.2 admitted as public).
      const victim = yield* localServer()
      const front = yield* listen("127.0.0.2", 0, (_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${victim.port}/admin` })
        res.end()
      })
      const resolver = scriptedResolver(["127.0.0.2"])
      const error = yield* Effect.gen(function*() {
        const origin = `http://public.test:${front.port}`
        yield* Client.register(manifest([{ name: "go", url: `${origin}/go` }]), { url: `${origin}/rcp/manifest` })
        return yield* Effect.flip(Client.execute({ name: "go" }))
      }).pipe(Effect.provide(rebindingLayer(resolver)))
      assert.strictEqual(error._tag, "RedirectRefused")
      assert.strictEqual(front.requests.length, 1)
      nothingArrived(victim)
    }))
})

// ---------------------------------------------------------------------------------------------
// DNS rebinding, end to end: a scripted resolver, 127.0.0.2 standing in for a public address.

interface Listening {
  readonly port: number
  readonly requests: Array<string>
  readonly connections: () => number
}

/** A server on `host:port` (port 0: any) counting connections and recording request paths. */
const listen = (
  host: string,
  port: number,
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void
): Effect.Effect<Listening, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ readonly server: http.Server; readonly sockets: Set<Socket>; readonly api: Listening }>(
        (resolve, reject) => {
          const sockets = new Set<Socket>()
          const requests: Array<string> = []
          let connections = 0
          const server = http.createServer((req, res) => {
            requests.push(req.url ?? "")
            handler(req, res)
          })
          server.on("connection", (socket) => {
            connections++
            sockets.add(socket)
            socket.on("close", () => sockets.delete(socket))
          })
          server.on("error", reject)
          server.listen(port, host, () =>
            resolve({
              server,
              sockets,
              api: { port: (server.address() as AddressInfo).port, requests, connections: () => connections }
            }))
        }
      )
    ),
    ({ server, sockets }) => Effect.promise(() => closeServer(server, sockets))
  ).pipe(Effect.map(({ api }) => api))

/** The real policy, except that 127.0.0.2 counts as public: the stand-in for an outside host. */
const admitting127002 = (address: string) => address !== "127.0.0.2" && PrivateNetwork.isBlockedAddress(address)

/** The client over the production guarded undici transport, with a scripted resolver under its lookup. */
const rebindingLayer = (resolver: ScriptedResolver, options: Client.Options = {}) =>
  Effects.layerScoped(
    Client.RcpClient,
    Effect.flatMap(
      UndiciTransport.make({
        blockPrivateNetworks: true,
        lookup: PrivateNetwork.makeGuardedLookup(resolver.lookup, admitting127002)
      }),
      (transport) =>
        InternalClient.makeWith({ allowHttp: true, retry: { retries: 0 }, timeout: "3 seconds", ...options }, transport)
    )
  ).pipe(Layer.provide(Resolver.layerEmpty))

/** A "public" server on 127.0.0.2:P and a victim on 127.0.0.1:P — the same port, two addresses. */
const publicAndVictim = (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
  Effect.gen(function*() {
    const victim = yield* listen("127.0.0.1", 0, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end("{\"secret\":\"internal\"}")
    })
    const outside = yield* listen("127.0.0.2", victim.port, handler)
    return { victim, outside, origin: `http://rebind.test:${victim.port}` }
  })

const tool = (origin: string, path = "/data"): ToolInput => ({ name: "data", url: `${origin}${path}` })

describe("blockPrivateNetworks: DNS rebinding", () => {
  it.scoped("public first, 127.0.0.1 next: the second connection is refused; the victim sees nothing", () =>
    Effect.gen(function*() {
      const { origin, outside, victim } = yield* publicAndVictim((_req, res) => {
        // `connection: close`: the next call needs a new connection, hence a new lookup.
        res.writeHead(200, { "content-type": "application/json", connection: "close" })
        res.end("{\"public\":true}")
      })
      const resolver = scriptedResolver(["127.0.0.2", "127.0.0.1"])
      const [first, second] = yield* Effect.gen(function*() {
        yield* Client.register(manifest([tool(origin)]), { url: `${origin}/rcp/manifest` })
        const first = yield* Client.execute({ name: "data" })
        return [first, yield* Effect.flip(Client.execute({ name: "data" }))] as const
      }).pipe(Effect.provide(rebindingLayer(resolver)))
      assert.deepStrictEqual<unknown>(first, { status: 200, data: { public: true } })
      assert.strictEqual(second._tag, "BlockedAddress")
      if (second._tag === "BlockedAddress") assert.strictEqual(second.host, "rebind.test")
      // One lookup per connection: the check ran on the address each connection used.
      assert.deepStrictEqual(resolver.asked, ["rebind.test", "rebind.test"])
      assert.deepStrictEqual(outside.requests, ["/data"])
      assert.deepStrictEqual(victim.requests, [])
      assert.strictEqual(victim.connections(), 0)
    }))

  it.scoped("a kept-alive connection stays on the address that was checked (no new lookup, no rebinding)", () =>
    Effect.gen(function*() {
      const { origin, outside, victim } = yield* publicAndVictim((_req, res) => json(res, 200, { public: true }))
      const resolver = scriptedResolver(["127.0.0.2", "127.0.0.1"])
      const results = yield* Effect.gen(function*() {
        yield* Client.register(manifest([tool(origin)]), { url: `${origin}/rcp/manifest` })
        const first = yield* Client.execute({ name: "data" })
        // Give the socket time to go back to the pool, so that the second call can reuse it.
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
        return [first, yield* Client.execute({ name: "data" })]
      }).pipe(Effect.provide(rebindingLayer(resolver)))
      assert.deepStrictEqual(results, Array(2).fill({ status: 200, data: { public: true } }))
      assert.deepStrictEqual(resolver.asked, ["rebind.test"])
      assert.strictEqual(outside.connections(), 1)
      assert.deepStrictEqual(victim.requests, [])
    }))

  it.scoped("a same-origin redirect hop whose new connection resolves to 127.0.0.1 is refused", () =>
    Effect.gen(function*() {
      const { origin, outside, victim } = yield* publicAndVictim((_req, res) => {
        res.writeHead(307, { location: "/admin", connection: "close" })
        res.end()
      })
      const resolver = scriptedResolver(["127.0.0.2", "127.0.0.1"])
      const error = yield* Effect.gen(function*() {
        yield* Client.register(manifest([tool(origin, "/start")]), { url: `${origin}/rcp/manifest` })
        return yield* Effect.flip(Client.execute({ name: "data" }))
      }).pipe(Effect.provide(rebindingLayer(resolver)))
      assert.strictEqual(error._tag, "BlockedAddress")
      assert.deepStrictEqual(resolver.asked, ["rebind.test", "rebind.test"])
      assert.deepStrictEqual(outside.requests, ["/start"])
      assert.deepStrictEqual(victim.requests, [])
      assert.strictEqual(victim.connections(), 0)
    }))

  it.scoped("a name answering a public and an internal address at once is refused outright", () =>
    Effect.gen(function*() {
      const { origin, outside, victim } = yield* publicAndVictim((_req, res) => json(res, 200, { public: true }))
      const asked: Array<string> = []
      const both: PrivateNetwork.BaseLookup = (hostname, _options, callback) => {
        asked.push(hostname)
        setImmediate(() => callback(null, [{ address: "127.0.0.2", family: 4 }, { address: "127.0.0.1", family: 4 }]))
      }
      const error = yield* Effect.gen(function*() {
        yield* Client.register(manifest([tool(origin)]), { url: `${origin}/rcp/manifest` })
        return yield* Effect.flip(Client.execute({ name: "data" }))
      }).pipe(Effect.provide(rebindingLayer({ lookup: both, asked })))
      assert.strictEqual(error._tag, "BlockedAddress")
      assert.strictEqual(outside.connections() + victim.connections(), 0)
    }))
})
