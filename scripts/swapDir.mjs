// Regenerating a folder without ever leaving it half-written: `generateInto(target, generate)`
// lets `generate` write a scratch folder beside `target` (the same file system, so the swap is two
// renames), then puts it in `target`'s place and removes the old one. If `generate` throws,
// `target` is left exactly as it was and the scratch folder is removed. scripts/docgen.mjs
// regenerates docs/api/ through it: a failed run (an example that does not compile, docgen
// missing) used to leave docs/api/ deleted or holding half of the packages.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { basename, dirname, join } from "node:path"

/**
 * Runs `generate(scratch)` and, when it resolves, moves `scratch` to `target` (replacing it);
 * when it throws, removes `scratch` and rethrows with `target` untouched. Resolves with what
 * `generate` returned.
 */
export const generateInto = async (target, generate) => {
  const scratch = join(dirname(target), `.${basename(target)}.new-${process.pid}`)
  const old = join(dirname(target), `.${basename(target)}.old-${process.pid}`)
  rmSync(scratch, { recursive: true, force: true })
  mkdirSync(scratch, { recursive: true })
  let result
  try {
    result = await generate(scratch)
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true })
    throw error
  }
  const had = existsSync(target)
  if (had) renameSync(target, old)
  try {
    renameSync(scratch, target)
  } catch (error) {
    if (had) renameSync(old, target)
    rmSync(scratch, { recursive: true, force: true })
    throw error
  }
  if (had) rmSync(old, { recursive: true, force: true })
  return result
}
