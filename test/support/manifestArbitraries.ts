/**
 * Manifest-shaped values for property tests: each part sometimes right, sometimes missing,
 * sometimes junk (`test/manifest/shape.test.ts`, `test/manifest/manifestSchema.test.ts`). Plain
 * fast-check: usable on both targets of the two-target run.
 */
import * as fc from "fast-check"

export const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.constant({ toString: 1 }))
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk })
const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("", "x".repeat(70), "a b", "get_thing", "Id_1"))
const stringMap = fc.dictionary(fc.oneof(text, fc.constant("__proto__")), maybe(text), { maxKeys: 3 })
export const schemaNode = fc.oneof(
  fc.constantFrom({ type: "string" }, { type: "array", items: { type: "integer" } }, { type: "tuple" }, {}),
  fc.dictionary(text, junk, { maxKeys: 3 })
)
export const param = fc.record({
  name: maybe(text),
  type: maybe(fc.constantFrom("string", "number", "boolean", "array", "object", "integer", "String")),
  required: maybe(fc.boolean()),
  description: maybe(text),
  enum: maybe(fc.array(maybe(text), { maxLength: 3 })),
  schema: maybe(schemaNode),
  style: maybe(fc.constantFrom("form", "spaceDelimited", "pipeDelimited", "deepObject", "matrix")),
  explode: maybe(fc.boolean()),
  extra: junk
}, { requiredKeys: [] })
export const tool = fc.record({
  name: maybe(text),
  description: maybe(text),
  method: maybe(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "get", "TRACE")),
  params: maybe(fc.array(maybe(param), { maxLength: 3 })),
  url: maybe(text),
  queryParams: maybe(stringMap),
  headers: maybe(stringMap),
  body: junk,
  bodyEncoding: maybe(fc.constantFrom("json", "form", "multipart")),
  responseMappings: maybe(stringMap),
  outputSchema: maybe(fc.oneof(fc.boolean(), fc.dictionary(text, junk, { maxKeys: 3 }))),
  tags: maybe(fc.oneof(fc.array(maybe(text), { maxLength: 3 }), text)),
  extra: junk
}, { requiredKeys: [] })
const flow = fc.constantFrom("client_credentials", "authorization_code", "implicit", "password", "")
export const auth = fc.oneof(
  fc.record({
    type: maybe(fc.constantFrom("none", "header", "query", "cookie", "oauth2")),
    name: maybe(text),
    scheme: maybe(text)
  }, { requiredKeys: [] }),
  fc.record({
    type: maybe(fc.constantFrom("oauth2", "oauth")),
    flows: maybe(fc.array(maybe(flow), { maxLength: 3 })),
    tokenUrl: maybe(text),
    authorizationUrl: maybe(text),
    revocationUrl: maybe(text),
    issuer: maybe(text),
    scopes: maybe(fc.array(maybe(text), { maxLength: 3 })),
    resource: maybe(text),
    extra: junk
  }, { requiredKeys: [] })
)
export const manifest = fc.record({
  rcpVersion: maybe(fc.constantFrom("0.1", "0.2", "1")),
  auth: maybe(auth),
  tools: maybe(fc.array(maybe(tool), { maxLength: 3 }))
}, { requiredKeys: [] })
