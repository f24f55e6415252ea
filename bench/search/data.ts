/**
 * The evaluation's two data files — the task set and the catalogue — their types, and where they are
 * (beside the sources, whether this runs from `bench/search/` or compiled in `bench/build/search/`).
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type { ApiName } from "./specs.js"

const here = Path.dirname(fileURLToPath(import.meta.url))
export const DATA_DIR = here.endsWith(Path.join("build", "search")) ? Path.resolve(here, "../../search") : here
export const TASKS_FILE = Path.join(DATA_DIR, "tasks.json")
export const CATALOGUE_FILE = Path.join(DATA_DIR, "catalogue.json")

/**
 * Every split, development sets in the order they were written, TEST last. The checker, `--dev` and the
 * report read this one list, so a new development set is a new entry here (and its size in check.ts).
 */
export const SPLITS = ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "test"] as const
export type Split = (typeof SPLITS)[number]
/** The splits a ranker's author may run: all but TEST. */
export const DEV_SPLITS: ReadonlyArray<Split> = SPLITS.filter((split) => split !== "test")

/** One request and the operations that answer it. */
export interface Task {
  readonly id: string
  /**
   * `dev`: a ranker's author may read it. `dev2`: a second development set, written later by a ranker's
   * author without reading TEST (README "DEV2"); `dev3` a third, written the same way in round 5 (README
   * "DEV3"), `dev4` a fourth in round 6 (README "DEV4"), `dev5` a fifth, written for the mechanisms of round 7
   * before any ranker was run on it (README "DEV5"), `dev6` a sixth, written the same way in round 8 (README "DEV6"),
   * `dev7` and `dev8` two more, written the same way in round 15 by two writers at once (README "DEV7 and DEV8"),
   * `dev9` and `dev10` two more in round 16 (README "DEV9 and DEV10"), `dev11` and `dev12` two more in round 17
   * (README "DEV11 and DEV12"), `dev13` and `dev14` two more in round 19 (README "DEV13 and DEV14"),
   * `dev15` one more, written in round 21 (README "DEV15").
   * `test`: held out — reported on, never tuned on.
   */
  readonly split: Split
  readonly api: ApiName
  readonly query: string
  /** Every acceptable operation, `METHOD /path/{template}` as the spec writes it. */
  readonly answers: ReadonlyArray<string>
  /** The request names no API: only an id or hint (`cus_…`, `#channel`, `owner/repo`) tells which. */
  readonly inferred?: boolean
}

export interface TaskFile {
  readonly about: string
  readonly tasks: ReadonlyArray<Task>
}

/** One spec operation and the tool today's import makes of it (`null`: the import leaves it out). */
export interface CatalogueEntry {
  readonly api: ApiName
  readonly method: string
  readonly path: string
  readonly operationId: string | null
  /** The exposed name in a client holding all three imports, or null. */
  readonly tool: string | null
  readonly summary: string
}

export interface Catalogue {
  readonly about: string
  readonly operations: ReadonlyArray<CatalogueEntry>
}

export const readTasks = (): TaskFile => JSON.parse(Fs.readFileSync(TASKS_FILE, "utf8")) as TaskFile
export const readCatalogue = (): Catalogue => JSON.parse(Fs.readFileSync(CATALOGUE_FILE, "utf8")) as Catalogue

/** Whether the module at `moduleUrl` is the script node was started with (not imported by another). */
export const isEntryPoint = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === moduleUrl
