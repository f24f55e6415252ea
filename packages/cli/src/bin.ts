#!/usr/bin/env node
/**
 * The `rcp` executable.
 *
 * @since 0.1.0
 */
import { run } from "./internal/runMain.js"

run(process.argv.slice(2))
