/**
 * A spec's path as a url template: `{name}` becomes the param's `{{placeholder}}`, literal text is
 * percent-encoded where a URL needs it, and a fixed query or fragment (`/?Action=Describe`,
 * `/#Action=Describe`, as AWS-style specs write) becomes fixed query params — a manifest url has
 * no fragment, and the server is meant to receive them as a query.
 */

/** @internal */
export interface Split {
  readonly path: string
  readonly fixedQuery: ReadonlyArray<readonly [string, string]>
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "))
  } catch {
    return s
  }
}

/** @internal */
export const split = (specPath: string): Split => {
  const cut = specPath.search(/[?#]/)
  if (cut === -1) return { path: specPath, fixedQuery: [] }
  const fixedQuery = specPath.slice(cut + 1).split(/[&#?]/).filter((pair) => pair !== "").map((pair) => {
    const eq = pair.indexOf("=")
    return [decode(eq === -1 ? pair : pair.slice(0, eq)), eq === -1 ? "" : decode(pair.slice(eq + 1))] as const
  })
  return { path: specPath.slice(0, cut), fixedQuery }
}

// What may stand in a path as it is; anything else is percent-encoded (a valid %XX is kept).
const PATH_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/

const encodeLiteral = (text: string): string => {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === "%" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) out += c
    else if (PATH_SAFE.test(c)) out += c
    else {
      const code = text.codePointAt(i)!
      const char = String.fromCodePoint(code)
      if (char.length === 2) i++
      // A lone surrogate has no UTF-8 form (encodeURIComponent would throw).
      const lone = char.length === 1 && code >= 0xd800 && code <= 0xdfff
      out += encodeURIComponent(lone ? "\uFFFD" : char)
    }
  }
  return out
}

/** `{name}` names in the path, in order. @internal */
export const names = (path: string): Array<string> => [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!)

/**
 * The path as template text: each `{name}` replaced by `{{param}}` (`param` from `placeholderFor`),
 * literal text encoded.
 *
 * @internal
 */
export const template = (path: string, placeholderFor: (name: string) => string): string => {
  let out = ""
  let last = 0
  for (const match of path.matchAll(/\{([^{}]*)\}/g)) {
    out += encodeLiteral(path.slice(last, match.index))
    out += `{{${placeholderFor(match[1]!)}}}`
    last = match.index + match[0].length
  }
  return out + encodeLiteral(path.slice(last))
}
