/**
 * The protocol's constants the public Schemas of `rcp-sdk/manifest` are written with, handed to
 * each target's `ManifestSchema.make` (`#target/ManifestSchema.js`): a twin imports only its Effect
 * and shared/, so the manifest wing's rules come to it as data, written once.
 */
import { RCP_VERSIONS, TOOL_NAME } from "./model.js"
import { FLOWS } from "./oauth2.js"
import { NODE_TYPES, PARAM_TYPES, STYLES } from "./paramSchema.js"
import { BODY_ENCODINGS } from "./protocolVersion.js"
import * as Template from "./template.js"

/** @internal */
export const SPEC = {
  rcpVersions: RCP_VERSIONS,
  toolName: TOOL_NAME,
  paramName: Template.PARAM_NAME,
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  paramTypes: PARAM_TYPES,
  nodeTypes: NODE_TYPES,
  styles: STYLES,
  bodyEncodings: BODY_ENCODINGS,
  flows: FLOWS,
  schemaExamples: [
    { type: "string" },
    { type: "integer", minimum: 1 },
    { type: "array", items: { type: "string" } },
    { type: "object", properties: { a: { type: "boolean" } }, required: ["a"] },
    { type: "object", additionalProperties: { type: "string" } }
  ]
} as const
