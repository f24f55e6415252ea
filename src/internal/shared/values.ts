/**
 * Guards for untrusted values: tell a JSON object from everything else; check a param value's type
 * strictly. A leaf: it imports nothing, and declares the param value type that `rcp-sdk/resolver`
 * re-exports as `Resolver.Value`.
 */

/**
 * A resolved (or model-given) param value; its type always matches the param's declared type.
 * `Resolver.Value` is this type.
 *
 * @internal
 */
export type Value = string | number | boolean

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
export const isParamValue = (type: "string" | "number" | "boolean", value: unknown): value is Value =>
  type === "number" ? typeof value === "number" && Number.isFinite(value) : typeof value === type
