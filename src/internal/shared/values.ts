/**
 * Guards for untrusted values: tell a JSON object from everything else; check a param value's type
 * strictly. A leaf: it imports nothing, and declares the param value type that `rcp-sdk/resolver`
 * re-exports as `Resolver.Value`.
 */

/**
 * A JSON value, as an array or object param's value holds it (docs/protocol.md §1.10).
 *
 * @internal
 */
export type Json = string | number | boolean | null | ReadonlyArray<Json> | { readonly [key: string]: Json }

/**
 * A resolved (or model-given) param value; its type always matches the param's declared type —
 * a string, a number or a boolean, or (an `"array"` or `"object"` param) a checked JSON array or
 * object. `Resolver.Value` is this type.
 *
 * @internal
 */
export type Value = string | number | boolean | ReadonlyArray<Json> | { readonly [key: string]: Json }

/**
 * A JSON object (not an array, not null).
 *
 * @internal
 */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Whether `value` has the param's declared type, strictly: `"5"` is not a number, `NaN` is not one.
 *
 * @internal
 */
export const isParamValue = (type: "string" | "number" | "boolean", value: unknown): value is string | number | boolean =>
  type === "number" ? typeof value === "number" && Number.isFinite(value) : typeof value === type
