/**
 * How a service is declared on Effect 4: a `Context.Service` class. The Effect 3 twin is
 * `../v3/Service.ts` (`Context.Tag`).
 */
import * as Context from "effect/Context"

/**
 * `Context.Service<Self, Shape>()(key)`.
 *
 * @internal
 */
export const Service =
  <Self, Shape>() => <const Key extends string>(key: Key): Context.ServiceClass<Self, Key, Shape> =>
    Context.Service<Self, Shape>()(key)

/**
 * A key for a service declared elsewhere, by its key string (`Context.Service(key)`).
 *
 * @internal
 */
export const key = <Self, Shape = Self>(id: string): Context.Service<Self, Shape> => Context.Service<Self, Shape>(id)

/**
 * The type of a service's key, as a public signature names it (Effect 4: `Context.Service`).
 *
 * @internal
 */
export type Key<Self, Shape = Self> = Context.Service<Self, Shape>
