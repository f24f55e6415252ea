/**
 * The token store of the `rcp` command (`rcp login`, then `rcp call` and `rcp mcp`): one file per
 * API and subject under the user's configuration directory, readable by the user alone.
 *
 * - The directory is created `0700`, each file written `0600` through a temporary file and a
 *   rename, so a reader never sees half a file and a crash never leaves a readable one.
 * - A file that others may read (group or world bits set) is refused, not used: a token that has
 *   been readable by other users must be assumed copied (like ssh with a private key).
 * - File names are a hash of the key, so neither the manifest URL nor the subject is spelt in the
 *   file system; the file holds its key, and a file holding another key is refused.
 *
 * One process's single flight does not span processes: two `rcp` commands refreshing the same
 * user's token at the same instant can still race (the server's reuse detection then revokes the
 * grant, and `rcp login` connects again).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createHash, randomBytes } from "node:crypto"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import { TokenStoreFailed } from "./oauthErrors.js"
import { fromPlain, type Service, type TokenKey, TokenStore, toPlain } from "./tokenStore.js"

/**
 * The user's configuration directory for rcp: `$XDG_CONFIG_HOME/rcp` when that is an absolute
 * path, `%APPDATA%\rcp` on Windows, else `~/.config/rcp`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const configDirectory = (
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  home: string = os.homedir()
): string => {
  const xdg = env.XDG_CONFIG_HOME
  // The XDG spec: a relative path is invalid and must be ignored.
  if (xdg !== undefined && xdg !== "" && path.isAbsolute(xdg)) return path.join(xdg, "rcp")
  if (platform === "win32" && env.APPDATA !== undefined && env.APPDATA !== "") return path.join(env.APPDATA, "rcp")
  return path.join(home, ".config", "rcp")
}

/**
 * Where `rcp login` keeps tokens: `<config directory>/credentials`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const credentialsDirectory = (env?: Readonly<Record<string, string | undefined>>): string =>
  path.join(configDirectory(env), "credentials")

/**
 * The file of one key (a hash of the API and the subject) in `directory`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const fileOf = (directory: string, key: TokenKey): string =>
  path.join(directory, `${createHash("sha256").update(`${key.api}\u0000${key.subject}`).digest("hex").slice(0, 32)}.json`)

const FORMAT = 1

interface FileContent {
  readonly format: typeof FORMAT
  readonly api: string
  readonly subject: string
  readonly tokens: unknown
}

const failed = (operation: TokenStoreFailed["operation"], reason: string, cause?: unknown) =>
  new TokenStoreFailed(cause === undefined ? { operation, reason } : { operation, reason, cause })

const errno = (cause: unknown): string | undefined =>
  typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string" ? cause.code : undefined

// POSIX permission bits mean nothing on Windows, where the profile directory's ACL protects the file.
const checksMode = process.platform !== "win32"

const read = async (file: string, key: TokenKey): Promise<ReturnType<typeof fromPlain> | undefined> => {
  let handle: fs.FileHandle
  try {
    handle = await fs.open(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0))
  } catch (cause) {
    if (errno(cause) === "ENOENT") return undefined
    throw cause
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) return "the token file is not a regular file"
    if (checksMode && (stat.mode & 0o077) !== 0) {
      return `the token file ${file} can be read by other users; it was not used (delete it and run rcp login again)`
    }
    if (checksMode && typeof process.getuid === "function" && stat.uid !== process.getuid()) {
      return `the token file ${file} belongs to another user; it was not used`
    }
    // A token file is a few hundred bytes; anything far larger is not one.
    if (stat.size > 64 * 1024) return "the token file is too large to be one"
    let content: Partial<FileContent>
    try {
      content = JSON.parse(await handle.readFile("utf8")) as Partial<FileContent>
    } catch {
      return "the token file is not JSON"
    }
    if (typeof content !== "object" || content === null || content.format !== FORMAT) {
      return "the token file is not in a format this version reads"
    }
    if (content.api !== key.api || content.subject !== key.subject) return "the token file holds another key"
    return fromPlain(content.tokens)
  } finally {
    await handle.close()
  }
}

const write = async (directory: string, file: string, content: FileContent): Promise<void> => {
  await fs.mkdir(directory, { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`
  // `wx`: never through a file (or a link) that is already there.
  const handle = await fs.open(temporary, "wx", 0o600)
  try {
    await handle.writeFile(`${JSON.stringify(content)}\n`, "utf8")
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await fs.rename(temporary, file)
  } catch (cause) {
    await fs.rm(temporary, { force: true })
    throw cause
  }
}

/**
 * A token store over files in `directory` (default: `credentialsDirectory()`).
 *
 * @since 0.2.0
 * @category constructors
 */
export const make = (directory: string = credentialsDirectory()): Service => ({
  get: (key) =>
    Effect.flatMap(
      Effect.tryPromise({
        try: () => read(fileOf(directory, key), key),
        catch: (cause) => failed("get", "the token file could not be read", cause)
      }),
      (out) =>
        typeof out === "string" ? Effect.fail(failed("get", out)) : Effect.succeed(out)
    ),
  set: (key, tokens) =>
    Effect.tryPromise({
      try: () =>
        write(directory, fileOf(directory, key), { format: FORMAT, api: key.api, subject: key.subject, tokens: toPlain(tokens) }),
      catch: (cause) => failed("set", "the token file could not be written", cause)
    }),
  delete: (key) =>
    Effect.tryPromise({
      try: () => fs.rm(fileOf(directory, key), { force: true }),
      catch: (cause) => failed("delete", "the token file could not be deleted", cause)
    })
})

/**
 * The file store as a layer.
 *
 * @since 0.2.0
 * @category layers
 */
export const layer = (directory?: string): Layer.Layer<TokenStore> => Layer.sync(TokenStore, () => make(directory))
