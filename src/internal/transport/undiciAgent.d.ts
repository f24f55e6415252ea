/**
 * undici's `Agent` module on its own (undici 7 is CJS, `module.exports = Agent`, without an `exports`
 * map: the deep path is stable for the exact version this package depends on). Its types are
 * undici's own.
 */
declare module "undici/lib/dispatcher/agent.js" {
  import { Agent } from "undici"
  export = Agent
}
