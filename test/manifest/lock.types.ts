// Type-level promises of pinning (docs/lock.md), checked by `tsc` in `npm test`.
import * as Effect from "effect/Effect"
import * as Client from "../../src/Client.js"
import * as Lock from "../../src/Lock.js"

const url = "https://api.example.com/rcp/manifest"
declare const lock: Lock.Lock

// A lock is a client option (as decoded, or as JSON.parse gives it); the policy is one of two.
export const pinned = Client.layer({ lock, pinPolicy: "allow-new-tools" })
export const facade = Client.createRcpClient({ lock: JSON.parse("{}"), pinPolicy: "exact" })
// @ts-expect-error — the policy is "exact" or "allow-new-tools"
export const loose = Client.layer({ lock, pinPolicy: "loose" })
// @ts-expect-error — a lock has a version and apis, not a list of URLs
export const notALock = Client.layer({ lock: ["https://api.example.com/rcp/manifest"] })

// One API's pin is an entry of a lock.
export const onePin = Client.discover(url, { pin: lock.apis[url]!, pinPolicy: "exact" })
// @ts-expect-error — a pin is an ApiPin, not a whole lock
export const wholeLock = Client.discover(url, { pin: lock })

// Both pinning errors are in discover's and register's error channels, with their fields.
export const discoverErrors = (e: Client.DiscoverError): string =>
  e._tag === "ManifestChanged"
    ? e.changed.map(({ fields, tool }) => `${tool}: ${fields.join(", ")}`).join("; ")
    : e._tag === "ManifestNotPinned"
    ? e.pinned.join(", ")
    : e._tag
export const registerErrors = (e: Client.RegisterError): ReadonlyArray<string> =>
  e._tag === "ManifestChanged" ? [...e.added, ...e.removed] : []

// A changed field is one of the fields a pin names.
export const descriptionChanged = (e: Client.ManifestChanged): boolean =>
  e.changed.some(({ fields }) => fields.includes("description"))
// @ts-expect-error — "color" is no field of a tool
export const colorChanged = (e: Client.ManifestChanged): boolean => e.changed.some(({ fields }) => fields.includes("color"))

// decode fails with LockInvalid only.
export const decoded: Effect.Effect<Lock.Lock, Lock.LockInvalid> = Lock.decode({})
