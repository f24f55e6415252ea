/**
 * The one thing this library reads from a `Link` header (RFC 8288): the target of the link whose
 * `rel` includes `next`, as GitHub and many list APIs send it for their next page.
 *
 *   Link       = #link-value
 *   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
 *   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
 *
 * Hand-written, one pass: the maintained parsers either search ahead for each parameter's `=`
 * (http-link-header: quadratic on a header of many bare parameters, which a server controls) or
 * are regular expressions over the whole value; this needs one production of the grammar. The
 * test suite holds it to http-link-header on well-formed headers.
 */

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]/
const isOws = (c: string | undefined) => c === " " || c === "\t"

/**
 * The `next` link's target as written (a URI reference, relative or absolute), or undefined when
 * the header has none. A malformed part ends the reading: links before it still count.
 *
 * @internal
 */
export const nextLink = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined
  const value = header
  let i = 0
  const skip = () => {
    while (isOws(value[i])) i++
  }
  while (i < value.length) {
    skip()
    while (value[i] === "," || isOws(value[i])) i++
    if (i >= value.length) return undefined
    if (value[i] !== "<") return undefined
    const end = value.indexOf(">", i + 1)
    if (end === -1) return undefined
    const target = value.slice(i + 1, end)
    i = end + 1
    let next = false
    for (;;) {
      skip()
      if (value[i] !== ";") break
      i++
      skip()
      const nameStart = i
      while (i < value.length && TOKEN.test(value[i]!)) i++
      const name = value.slice(nameStart, i).toLowerCase()
      if (name === "") return next ? target : undefined
      skip()
      let param = ""
      if (value[i] === "=") {
        i++
        skip()
        if (value[i] === "\"") {
          i++
          const parts: Array<string> = []
          while (i < value.length && value[i] !== "\"") {
            if (value[i] === "\\") i++
            if (i < value.length) parts.push(value[i]!)
            i++
          }
          i++
          param = parts.join("")
        } else {
          const start = i
          while (i < value.length && TOKEN.test(value[i]!)) i++
          param = value.slice(start, i)
        }
      }
      // `rel` is a space-separated list of relation types, compared without case.
      if (name === "rel" && param.toLowerCase().split(/[ \t]+/).includes("next")) next = true
    }
    if (next) return target
    skip()
    if (i < value.length && value[i] !== ",") return undefined
  }
  return undefined
}
