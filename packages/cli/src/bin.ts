#!/usr/bin/env node
/**
 * The `rcp` executable.
 *
 * @since 0.1.0
 */
import { main } from "./internal/main.js"
import * as Output from "./internal/output.js"
import { runMain } from "./internal/runMain.js"

runMain(main(process.argv.slice(2), Output.make(process.stdout, process.stderr, process.env)))
