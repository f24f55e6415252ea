/**
 * The Effect targets as Vite aliases (docs/effect4.md): `#target/…`, the Effect-version boundary of
 * src/, resolves to src/internal/target/{v3,v4}; on Effect 4, `effect` itself resolves to the
 * `effect4` alias install (`npm:effect@4.1.0`), and `#test-target` to the test kit of that target
 * (test/support/target/{v3,v4}.ts). One test body runs once per target.
 */
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL(".", import.meta.url))

/** An Effect target: its twins' folder under src/internal/target/. */
export type Target = "v3" | "v4"

/** The aliases that make src/ and the test kit one target. */
export const aliases = (target: Target): Array<{ find: RegExp; replacement: string }> => [
  { find: /^#target\/(.*)\.js$/, replacement: `${root}src/internal/target/${target}/$1.ts` },
  { find: /^#test-target$/, replacement: `${root}test/support/target/${target}.ts` },
  ...(target === "v4"
    ? [
      // Only `effect` and its subpaths: `@effect/*` has no Effect 4 form and must not be reached.
      { find: /^effect$/, replacement: `${root}node_modules/effect4/dist/index.js` },
      { find: /^effect\/(.*)$/, replacement: `${root}node_modules/effect4/dist/$1.js` }
    ]
    : [])
]
