/**
 * `safeStringify`, for "does this contain a secret" checks: a leaf, so the per-Effect test kits
 * (test/support/target/) and `execute.ts` can both use it.
 */

/** JSON.stringify that survives bigints and cycles, for "does this contain a secret" checks. */
export const safeStringify = (u: unknown): string => {
  const seen = new WeakSet<object>()
  try {
    return JSON.stringify(u, (_key, value: unknown) => {
      if (typeof value === "bigint") return value.toString()
      if (typeof value === "object" && value !== null) {
        if (seen.has(value)) return "[cycle]"
        seen.add(value)
      }
      return value
    }) ?? String(u)
  } catch {
    return String(u)
  }
}
