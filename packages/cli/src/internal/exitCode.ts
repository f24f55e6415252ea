/**
 * The `rcp` command's exit codes (README, "The rcp command"; packages/cli/test/cli.test.ts checks
 * each). A leaf: `rcp --help` prints them before anything else of the command loads.
 */

/** @internal */
export const ExitCode = {
  ok: 0,
  /** The call or the manifest failed: an HTTP error, an invalid manifest, a refused call. */
  failed: 1,
  /** The command line is wrong: unknown option, missing argument, a value of the wrong form. */
  usage: 2,
  /** No response: the connection was refused, reset or timed out. */
  network: 3
} as const
