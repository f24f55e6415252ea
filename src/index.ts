/**
 * rcp-sdk: use any REST API as LLM tools.
 *
 * @since 0.1.0
 */
export * as Manifest from "./Manifest.js"
export * as Resolver from "./Resolver.js"
export * as Client from "./Client.js"
export * as Errors from "./Errors.js"
export * as Providers from "./Providers.js"
export * as Result from "./Result.js"
export * as Server from "./Server.js"
export * as Lock from "./Lock.js"
export * as OAuth from "./OAuth.js"
