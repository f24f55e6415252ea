/**
 * The manifest's shape (docs/protocol.md §1) checked in plain TypeScript (`shared/shapeCheck.ts`):
 * every problem with its path, unknown fields left out of the decoded value. The one shape check
 * of `Manifest.decode` / `Manifest.validate` and of a client's discovery, on both Effect targets
 * (docs/effect4.md): its messages are the protocol's, worded as Effect 3 words them, and cannot
 * depend on which Effect runs. `test/manifest/shape.test.ts` holds it to the manifest written with
 * Effect 3's combinators: same values, same paths, same messages.
 *
 * The public Schemas (`Manifest.Manifest`, …) are `shape.ts`'s, for users who compose or print them.
 */
import {
  array,
  boolean,
  type Check,
  type Checked,
  literal,
  matching,
  nonEmptyArray,
  nonEmptyString,
  object,
  oneOf,
  optional,
  quoted,
  record,
  required,
  run,
  string,
  struct,
  tagged,
  union,
  unknown
} from "../shared/shapeCheck.js"
import { RCP_VERSIONS, TOOL_NAME } from "./model.js"
import { FLOWS } from "./oauth2.js"
import { PARAM_TYPES, STYLES } from "./paramSchema.js"
import { BODY_ENCODINGS } from "./protocolVersion.js"
import * as Template from "./template.js"

export type { Checked } from "../shared/shapeCheck.js"

const StringMap = record(string, "string")

// A param's schema is checked by the meaning checks (`paramSchema.ts`), every problem with its path;
// the shape only asks for an object (see `shape.ts`'s `ParamSchema`).
const ParamSchema = object((input) => `expected a schema (a JSON object), got ${quoted(input)}`)

const Param = struct("Param", {
  name: required(matching(Template.PARAM_NAME)),
  type: required(oneOf(PARAM_TYPES)),
  required: optional(boolean),
  description: optional(string),
  enum: optional(array(string, "string")),
  schema: optional(ParamSchema),
  style: optional(oneOf(STYLES)),
  explode: optional(boolean)
})

const Auth = tagged("Auth", "type", {
  none: struct("AuthNone", { type: required(literal("none")) }),
  header: struct("AuthHeader", {
    type: required(literal("header")),
    name: required(nonEmptyString),
    scheme: optional(nonEmptyString)
  }),
  query: struct("AuthQuery", { type: required(literal("query")), name: required(nonEmptyString) }),
  oauth2: struct("AuthOAuth2", {
    type: required(literal("oauth2")),
    flows: required(nonEmptyArray(oneOf(FLOWS), "OAuth2Flow")),
    tokenUrl: required(nonEmptyString),
    authorizationUrl: optional(nonEmptyString),
    revocationUrl: optional(nonEmptyString),
    issuer: optional(nonEmptyString),
    scopes: optional(array(string, "string")),
    resource: optional(nonEmptyString)
  })
})

// A tool's `outputSchema` is a JSON Schema (docs/protocol.md §8), its keywords checked by
// `outputSchema.ts` from `validate.ts`.
const JsonSchema = union(boolean, record(unknown, "unknown"))

const Tool = struct("Tool", {
  name: required(matching(TOOL_NAME)),
  description: required(nonEmptyString),
  method: required(oneOf(["GET", "POST", "PUT", "PATCH", "DELETE"])),
  params: required(array(Param, "Param")),
  url: required(string),
  queryParams: optional(StringMap),
  headers: optional(StringMap),
  body: optional(unknown),
  bodyEncoding: optional(oneOf(BODY_ENCODINGS)),
  responseMappings: optional(StringMap),
  outputSchema: optional(JsonSchema),
  // Its rules beyond the shape (at most MAX_TAGS, each by Tags.problem, each once) are `tags.ts`'s,
  // from `validate.ts`.
  tags: optional(array(string, "string"))
})

const READS = RCP_VERSIONS.map((version) => `"${version}"`).join(" and ")

const rcpVersion: Check = oneOf(
  RCP_VERSIONS,
  (input) => `unsupported rcpVersion ${quoted(input)}: this library reads ${READS}`
)

const Manifest = struct("Manifest", {
  rcpVersion: required(rcpVersion),
  auth: optional(Auth),
  tools: required(array(Tool, "Tool"))
})

/**
 * The manifest's shape checked: every problem (path and message), or the manifest without its
 * unknown fields. The caller types the value: it has `Manifest.Manifest`'s shape.
 *
 * @internal
 */
export const check = (input: unknown): Checked => run(Manifest, input)
