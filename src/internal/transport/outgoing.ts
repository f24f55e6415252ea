/**
 * What the transport is handed: one request as the client rendered it (`Outgoing`), and the call's
 * credential as the transport needs it at every hop (`Attached`). Declared here, where they are
 * consumed, so that the transport depends on nothing of the client that builds them.
 */

/**
 * One request, ready to send.
 *
 * @internal
 */
export interface Outgoing {
  readonly method: string
  readonly url: URL
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
}

/**
 * The credential of one call, as the transport needs it: how to write it into each hop, which
 * header it occupies (for `Headers.currentRedactedNames`), and the secret to redact from what a
 * server echoes.
 *
 * @internal
 */
export interface Attached {
  readonly apply: (out: Outgoing) => Outgoing
  readonly header: string | undefined
  readonly secrets: ReadonlyArray<string>
}

/** No credential: requests go out as built. @internal */
export const NONE: Attached = { apply: (out) => out, header: undefined, secrets: [] }

