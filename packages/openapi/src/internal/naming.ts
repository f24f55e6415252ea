/**
 * Names a manifest can carry, made from names a spec uses: tool names (`^[A-Za-z0-9_-]{1,64}$`,
 * what model providers accept) and param names (`^[A-Za-z_][A-Za-z0-9_]*$`, what a `{{…}}`
 * placeholder holds) — sanitised, then made unique where they must be.
 */

/**
 * The longest imported tool name: 16 of the 64 characters a model provider takes are left for the
 * prefix an application registers an API under (`gh_`, `stripe_`), so that a prefix never makes
 * the whole API refuse to register.
 *
 * @internal
 */
export const IMPORTED_NAME_MAX = 48

/** FNV-1a, 32 bits, as 8 hex digits: a stable, short fingerprint of a name. */
const fingerprint = (text: string): string => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

/**
 * `operationId` as a tool name; without one, method and path (`get_pets_petId`). Never empty. A
 * name over `IMPORTED_NAME_MAX` keeps its readable start and ends with a fingerprint of the whole
 * (`repos_get_..._3f2a91c0`): the same document always gives the same name, and two long names
 * that share their start still differ.
 *
 * @internal
 */
export const toolName = (operationId: string | undefined, method: string, path: string): { readonly name: string; readonly shortened: boolean } => {
  const raw = operationId !== undefined && operationId.trim() !== "" ? operationId : `${method.toLowerCase()} ${path}`
  const cleaned = raw.split(/[^A-Za-z0-9_-]+/).filter((word) => word !== "").join("_")
  if (cleaned === "") return { name: method.toLowerCase(), shortened: false }
  if (cleaned.length <= IMPORTED_NAME_MAX) return { name: cleaned, shortened: false }
  return { name: `${cleaned.slice(0, IMPORTED_NAME_MAX - 9)}_${fingerprint(cleaned)}`, shortened: true }
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
  private readonly taken: Set<string>

  constructor(private readonly max: number = Number.MAX_SAFE_INTEGER, reserved: ReadonlyArray<string> = []) {
    this.taken = new Set(reserved)
  }

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

/**
 * Tool names; "__proto__" is taken from the start, since no lock could hold a tool of that name
 * (docs/protocol.md §1.7): an operation so named becomes `__proto___2` or `__proto___<hint>`.
 *
 * @internal
 */
export const uniqueToolNames = (): UniqueNames => new UniqueNames(IMPORTED_NAME_MAX, ["__proto__"])
