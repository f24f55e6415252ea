/**
 * rcp-sdk: use any REST API as LLM tools.
 *
 * @since 0.1.0
 */
/**
 * `rcp-sdk/manifest`, as a namespace.
 *
 * @since 0.1.0
 */
export * as Manifest from "./Manifest.js"
/**
 * `rcp-sdk/resolver`, as a namespace.
 *
 * @since 0.1.0
 */
export * as Resolver from "./Resolver.js"
/**
 * `rcp-sdk/client`, as a namespace.
 *
 * @since 0.1.0
 */
export * as Client from "./Client.js"
/**
 * `rcp-sdk/errors`, as a namespace.
 *
 * @since 0.2.0
 */
export * as Errors from "./Errors.js"
/**
 * `rcp-sdk/providers`, as a namespace.
 *
 * @since 0.2.0
 */
export * as Providers from "./Providers.js"
/**
 * `rcp-sdk/result`, as a namespace.
 *
 * @since 0.2.0
 */
export * as Result from "./Result.js"
/**
 * `rcp-sdk/server`, as a namespace.
 *
 * @since 0.1.0
 */
export * as Server from "./Server.js"
/**
 * `rcp-sdk/lock`, as a namespace.
 *
 * @since 0.1.0
 */
export * as Lock from "./Lock.js"
/**
 * `rcp-sdk/oauth`, as a namespace.
 *
 * @since 0.2.0
 */
export * as OAuth from "./OAuth.js"
