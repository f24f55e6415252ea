// The loader hook of loadLog.mjs (it runs on the loader's own thread).
export const load = async (url, context, next) => {
  const loaded = await next(url, context)
  process.stderr.write(`LOAD ${url}\n`)
  return loaded
}
