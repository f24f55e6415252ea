/**
 * What discovery and execution share within one client: its settings, resolvers, discovered APIs,
 * transport and the manifest codec. A module of its own so that neither imports the other, nor the assembler.
 */
import type * as Resolver from "../../Resolver.js"
import type { Codec } from "../manifest/codec.js"
import type * as Transport from "../transport/rules.js"
import type { ApprovalService } from "./approval.js"
import type { Registry } from "./registry.js"
import type { Settings } from "./settings.js"

/** @internal */
export interface Deps {
  readonly settings: Settings
  readonly resolvers: Resolver.Service
  readonly registry: Registry
  readonly transport: Transport.Transport
  /** The approval hook, when the context has one; without it no call needs approval. */
  readonly approval: ApprovalService | undefined
  /** Manifest decoding (and `Lock`, for a client with a lock), loaded with the client (`../manifest/codec.ts`). */
  readonly codec: Codec
}
