/**
 * Names a manifest can carry, made from names a spec uses: tool names (`^[A-Za-z0-9_-]{1,64}$`,
 * what model providers accept) and param names (`^[A-Za-z_][A-Za-z0-9_]*$`, what a `{{…}}`
 * placeholder holds) — sanitised, then made unique where they must be.
 */

const TOOL_NAME_MAX = 64

/**
 * `operationId` as a tool name; without one, method and path (`get_pets_petId`). Never empty.
 *
 * @internal
 */
export const toolName = (operationId: string | undefined, method: string, path: string): string => {
  const raw = operationId !== undefined && operationId.trim() !== "" ? operationId : `${method.toLowerCase()} ${path}`
  const cleaned = raw.split(/[^A-Za-z0-9_-]+/).filter((word) => word !== "").join("_").slice(0, TOOL_NAME_MAX)
  return cleaned === "" ? method.toLowerCase() : cleaned
}

/**
 * A param name from a spec's parameter or property name: `filter[name]` → `filter_name`, `$top` →
 * `top`, `page-size` → `page_size`, `2fa` → `_2fa`.
 *
 * @internal
 */
export const paramName = (raw: string): string => {
  // Characters a name cannot hold become "_", but none at either end: `$top` is `top`, not `_top`.
  const words = raw.split(/[^A-Za-z0-9_]+/).filter((word) => word !== "")
  const cleaned = words.join("_")
  if (cleaned === "" || /^_+$/.test(cleaned)) return "param"
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}

/**
 * Hands out names unique within one scope (a manifest's tools, a tool's params): the first asker
 * keeps its name, later ones get `name_<hint>` and then `name_2`, `name_3`, … — within `max`.
 *
 * @internal
 */
export class UniqueNames {
  private readonly taken = new Set<string>()

  constructor(private readonly max: number = Number.MAX_SAFE_INTEGER) {}

  take(name: string, hint?: string): string {
    const candidates = hint === undefined ? [name] : [name, `${name}_${hint}`]
    for (const candidate of candidates) {
      const fitted = candidate.slice(0, this.max)
      if (!this.taken.has(fitted)) return this.claim(fitted)
    }
    for (let n = 2;; n++) {
      const suffix = `_${n}`
      const fitted = `${name.slice(0, this.max - suffix.length)}${suffix}`
      if (!this.taken.has(fitted)) return this.claim(fitted)
    }
  }

  private claim(name: string): string {
    this.taken.add(name)
    return name
  }
}

/** @internal */
export const uniqueToolNames = (): UniqueNames => new UniqueNames(TOOL_NAME_MAX)
