/**
 * Preloaded (NODE_OPTIONS=--require) into every process `npm run docgen` starts, so that the JSDoc
 * examples it runs cannot reach anything but this machine: a name other than localhost or a
 * loopback address fails to resolve, as it would with no network, and the example fails with it.
 * (An example that would call an API must define a function instead of calling it.)
 */
"use strict"
const dns = require("node:dns")
const net = require("node:net")

const loopback = (host) =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(String(host))

const refused = (host) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (the docgen examples run offline)`), {
    code: "ENOTFOUND",
    hostname: host
  })

const lookup = dns.lookup
dns.lookup = function(host, ...rest) {
  if (loopback(host)) return lookup.call(this, host, ...rest)
  const callback = rest[rest.length - 1]
  process.nextTick(() => callback(refused(host)))
  return {}
}
const promisesLookup = dns.promises.lookup
dns.promises.lookup = (host, ...rest) =>
  loopback(host) ? promisesLookup(host, ...rest) : Promise.reject(refused(host))

// An address given as an IP skips the lookup: refuse those too.
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function(...args) {
  // net.connect hands over its normalized arguments as one array: [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  const options = typeof first === "object" && first !== null ? first : { port: first, host: args[1] }
  const host = options.host ?? "localhost"
  if (options.path === undefined && net.isIP(host) !== 0 && !loopback(host)) {
    process.nextTick(() => this.destroy(refused(host)))
    return this
  }
  return connect.apply(this, args)
}
