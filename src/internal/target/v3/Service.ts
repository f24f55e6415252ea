/**
 * How a service is declared on Effect 3: a `Context.Tag` class. The Effect 4 twin
 * (`../v4/Service.ts`) declares a `Context.Service` class. Shared code writes
 * `class Resolvers extends Service<Resolvers, Shape>()("rcp-sdk/Resolvers") {}` for both; the
 * class is the key either way (`yield* Resolvers`, `Layer.succeed(Resolvers, …)`).
 */
import * as Context from "effect/Context"

/**
 * `Context.Tag(key)<Self, Shape>()`, with the Effect 4 argument order (type arguments first).
 *
 * @internal
 */
export const Service =
  <Self, Shape>() => <const Key extends string>(key: Key): Context.TagClass<Self, Key, Shape> =>
    Context.Tag(key)<Self, Shape>()

/**
 * A key for a service declared elsewhere, by its key string (`Context.GenericTag`).
 *
 * @internal
 */
export const key = <Self, Shape = Self>(id: string): Context.Tag<Self, Shape> => Context.GenericTag<Self, Shape>(id)

/**
 * The type of a service's key, as a public signature names it (Effect 3: `Context.Tag`).
 *
 * @internal
 */
export type Key<Self, Shape = Self> = Context.Tag<Self, Shape>
