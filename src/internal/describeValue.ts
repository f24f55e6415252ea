/**
 * How a value is named in a message: its kind, never its content (a message may reach a model, a
 * log or an operator; the value may be a secret, or a megabyte). Never calls `String(object)`,
 * which throws on JSON like `{"toString": 1}`.
 *
 * @internal
 */
export const describeValue = (u: unknown): string =>
  u === null
    ? "null"
    : u === undefined
    ? "an undefined value"
    : Array.isArray(u)
    ? "an array"
    : typeof u === "object"
    ? "an object"
    : typeof u === "number" && !Number.isFinite(u)
    ? "a non-finite number"
    : `a ${typeof u}`
