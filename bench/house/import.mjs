// Cold start of one public entry of a built rcp-sdk: `node bench/house/import.mjs DIR ENTRY`
// imports DIR/dist/ENTRY.js (ENTRY: index, Client, Manifest, Resolver, Server, Lock, Errors,
// Providers) and exits. Timed from outside, whole process, against another build's DIR
// (bench/RESULTS.md §The house, before and after).
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const [dir, entry] = process.argv.slice(2)
await import(pathToFileURL(resolve(dir, "dist", `${entry}.js`)).href)
