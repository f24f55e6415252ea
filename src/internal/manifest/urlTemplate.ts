/**
 * A tool's `url` template, taken apart once: a literal origin (placeholders are never allowed
 * there), templated path segments, and templated query values under literal keys.
 */
import * as Template from "./template.js"

/** @internal */
export interface QueryEntry {
  readonly key: string
  readonly value: Template.Template
}

/** @internal */
export interface UrlTemplate {
  readonly origin: string
  readonly protocol: "http:" | "https:"
  readonly hostname: string
  /** Path segments after the leading `/` (`/a/{{b}}` → `a`, `{{b}}`). */
  readonly segments: ReadonlyArray<Template.Template>
  readonly query: ReadonlyArray<QueryEntry>
  readonly placeholders: ReadonlyArray<string>
}

/** @internal */
export type ParseResult =
  | { readonly _tag: "Ok"; readonly url: UrlTemplate }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<string> }

/** What validation reads of a url template: all of it but the parsed path segments. @internal */
export type CheckResult =
  | { readonly _tag: "Ok"; readonly url: Omit<UrlTemplate, "segments">; readonly path: string }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<string> }

/** The longest url template accepted: servers refuse request lines far shorter (8–16 KiB). @internal */
export const MAX_CHARS = 16 * 1024

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//


// `ignoreBOM`: a byte order mark is kept, as URL parsers keep it ("UTF-8 decode without BOM"); by
// default TextDecoder drops one at the start of each run of escapes, which made `%EF%BB%BF.` read
// as a dot segment although no server reads it so (and the raw "\ufeff." was accepted).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true })

/**
 * Percent-decoding as URL parsers and servers do it (docs/protocol.md §3.4): each well-formed
 * `%XX` is a byte, the bytes are read as UTF-8 (a bad sequence becomes U+FFFD, a BOM stays), and a
 * `%` that starts no escape stays as it is. (`decodeURIComponent` gives up on the whole string at
 * one bad escape, which would let `a%2fb%zz` pass for a value without a slash.)
 */
const percentDecode = (s: string): string =>
  s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3)
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16)
    return utf8.decode(bytes)
  })

/**
 * Form-style decoding, as `URLSearchParams` reads a query string: `+` is a space, malformed escapes
 * stay as they are. (Not `decodeURIComponent` in a try: a throw per "%" made a url of "%{{a}}"
 * repeated take seconds.)
 */
const decodeQueryComponent = (s: string): string =>
  s.includes("%") || s.includes("+") ? percentDecode(s.replaceAll("+", " ")) : s

/** @internal */
export const decodeRepeatedly = (s: string, rounds = 3): Array<string> => {
  const out = [s]
  let current = s
  for (let i = 0; i < rounds; i++) {
    const next = percentDecode(current)
    if (next === current) break
    out.push(next)
    current = next
  }
  return out
}

/** `.` or `..`, also when written with percent escapes (`%2e%2E`), which URL parsers treat alike. */
export const isDotSegment = (segment: string): boolean =>
  segment.length <= 2
    ? segment === "." || segment === ".."
    // Longer, it can only be an escaped dot: skip decoding anything else.
    : segment.includes("%") && decodeRepeatedly(segment).some((s) => s === "." || s === "..")

/**
 * Parses and checks a url template: absolute `http:`/`https:`, no placeholder before the path,
 * no user info, no fragment, no dot segments, no placeholder in a query key, no control
 * character.
 *
 * @internal
 */
export const parse = (source: string): ParseResult => {
  const checked = check(source)
  if (checked._tag === "Invalid") return checked
  const segments = checked.path === "" ? [] : splitOn(checked.path.slice(1), "/").map(Template.parse)
  return { _tag: "Ok", url: { ...checked.url, segments } }
}

/**
 * `parse` without building the path's segment templates, which only a request needs: a manifest
 * is checked whole at discovery, and its tools' requests are compiled on their first call.
 *
 * @internal
 */
export const check = (source: string): CheckResult => {
  // No server reads a request line this long; checking it further would only cost time.
  if (source.length > MAX_CHARS) return { _tag: "Invalid", problems: [`is longer than ${MAX_CHARS} characters`] }
  const problems: Array<string> = []
  const whole = Template.parse(source)
  problems.push(...whole.problems)

  // The WHATWG URL parser silently drops tabs and newlines (so "/.\t./" is "/../"): such a template
  // would not mean what the checks below see.
  if (/[\x00-\x1f\x7f]/.test(source)) problems.push("must not contain a control character (tab, CR, LF, …)")

  const scheme = SCHEME.exec(source)
  const firstPlaceholder = source.indexOf("{{")
  if (scheme === null) {
    const schemeEnd = source.indexOf("://")
    const inScheme = firstPlaceholder !== -1 && schemeEnd !== -1 && firstPlaceholder < schemeEnd
    problems.push(inScheme ? "placeholder not allowed in the scheme, host or port" : "must be an absolute http: or https: URL")
    return { _tag: "Invalid", problems }
  }
  const protocol = `${scheme[1]!.toLowerCase()}:`
  if (protocol !== "http:" && protocol !== "https:") {
    problems.push(`scheme must be https: (or http:), got "${scheme[1]}"`)
  }
  const afterScheme = scheme[0].length
  const authorityEnd = indexOfAny(source, "/?#", afterScheme)
  const authority = source.slice(afterScheme, authorityEnd)
  const rest = source.slice(authorityEnd)
  if (firstPlaceholder !== -1 && firstPlaceholder < authorityEnd) {
    problems.push("placeholder not allowed in the scheme, host or port")
  }
  if (authority.includes("@")) problems.push("must not contain user info (credentials) in the URL")
  // URL parsers end the host at "\\" as at "/": the host written would not be the host used.
  if (authority.includes("\\")) problems.push("host must not contain \"\\\"")
  if (authority === "") problems.push("must have a host")
  if (rest.includes("#")) problems.push("must not contain a fragment (#)")

  const queryStart = rest.indexOf("?")
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart)
  const queryString = queryStart === -1 ? "" : rest.slice(queryStart + 1).replace(/#.*$/s, "")
  if (path !== "" && !path.startsWith("/")) problems.push("path must start with /")
  // URL parsers read "\" as "/" in http(s) URLs, which would hide extra segments in the template.
  if (path.includes("\\")) problems.push("path must not contain \"\\\"")

  // A dot segment with a placeholder in it is the rendered request's to refuse: a segment is
  // parsed as a template only when its text is a dot segment at all (rarely).
  for (const segment of path === "" ? [] : splitOn(path.slice(1), "/")) {
    if (isDotSegment(segment) && Template.parse(segment).placeholders.length === 0) {
      problems.push(`path must not contain the dot segment "${segment}"`)
    }
  }
  // A broken escape in the template would join with a value: "%2{{a}}" and "f" make "%2f".
  // (Rendered from the parsed template: a regex for "{{…}}" backtracks on every "{" of "{{{{…".)
  // Without a "%" in it, the rendered text cannot hold one either: no rendering then.
  if (rest.includes("%") && /%(?![0-9A-Fa-f]{2})/.test(Template.render(Template.parse(rest), () => "x"))) {
    problems.push("has a \"%\" that does not start a percent-escape (%XX); write %25 for a literal %")
  }

  const query: Array<QueryEntry> = []
  for (const pair of queryString === "" ? [] : splitOn(queryString, "&")) {
    if (pair === "") continue
    const eq = pair.indexOf("=")
    const rawKey = eq === -1 ? pair : pair.slice(0, eq)
    if (Template.hasPlaceholderSyntax(rawKey)) {
      problems.push(`placeholder not allowed in the query key "${rawKey}"`)
      continue
    }
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1)
    query.push({ key: decodeQueryComponent(rawKey), value: decodeTemplateText(Template.parse(rawValue)) })
  }

  // With the character after the authority ("/", "?" or none): the parser trims spaces at the end
  // of its input, so "https://h " is "https://h" but "https://h /x" is no URL.
  const site = problems.length === 0 ? siteOf(source.slice(0, authorityEnd + 1)) : undefined
  if (problems.length === 0 && site === undefined) problems.push("is not a valid URL")
  if (site === undefined) return { _tag: "Invalid", problems }
  return {
    _tag: "Ok",
    url: {
      origin: site.origin,
      protocol: protocol as "http:" | "https:",
      hostname: site.hostname,
      query,
      placeholders: whole.placeholders
    },
    path
  }
}

interface Site {
  readonly origin: string
  readonly hostname: string
}

/** The last scheme and authority read, and what they parsed to (undefined: not a URL). */
let lastSite: { readonly text: string; readonly site: Site | undefined } | undefined

/**
 * The origin and host of `scheme://authority` (and the character after it), as the URL parser
 * reads them. Only this part of a template decides whether it parses: the checks above leave a
 * path that starts with "/" and holds no "\\", no control character and no "#", and the parser
 * refuses no such path or query of an http(s) URL (it percent-encodes what it does not take) —
 * `test/client/discoveryShortcuts.test.ts` holds this against `new URL` of the whole template. The
 * tools of a manifest mostly share one authority, so the last one read is kept: one `new URL` per
 * manifest rather than one per tool.
 */
const siteOf = (text: string): Site | undefined => {
  if (lastSite?.text === text) return lastSite.site
  let site: Site | undefined
  try {
    const url = new URL(text)
    site = { origin: url.origin, hostname: url.hostname }
  } catch {
    site = undefined
  }
  lastSite = { text, site }
  return site
}

/** Query text in the template is already URL-encoded; decode it once so it is re-encoded exactly once. */
const decodeTemplateText = (template: Template.Template): Template.Template => ({
  ...template,
  parts: template.parts.map((part) =>
    part._tag === "Text" ? { _tag: "Text", text: decodeQueryComponent(part.text) } : part
  )
})

/**
 * `s.split(separator)` for a one-character separator, by `indexOf`: String.prototype.split costs
 * several times more per call, and discovery splits every tool's url.
 */
const splitOn = (s: string, separator: string): Array<string> => {
  const out: Array<string> = []
  for (let from = 0; ;) {
    const at = s.indexOf(separator, from)
    if (at === -1) {
      out.push(s.slice(from))
      return out
    }
    out.push(s.slice(from, at))
    from = at + 1
  }
}

const indexOfAny = (s: string, chars: string, from: number): number => {
  for (let i = from; i < s.length; i++) {
    if (chars.includes(s[i]!)) return i
  }
  return s.length
}
