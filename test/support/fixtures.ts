/** The seed's `get_profile` manifest (docs/protocol.md §5), shared by the tests that need a realistic API. */

export const profileTool = (origin: string) => ({
  name: "get_profile",
  description: "Get the current user's profile.",
  method: "GET",
  params: [{ name: "userId", type: "string", description: "the user's id" }],
  url: `${origin}/users/{{userId}}`
})

export const profileManifest = (origin: string, extraTools: ReadonlyArray<unknown> = []) => ({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: [profileTool(origin), ...extraTools]
})

/** `describeManifest` of `profileManifest` with a `userId` resolver: the seed's exact text. */
export const profileDescription = [
  "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)",
  "1 tool(s):",
  "- get_profile (GET) — Get the current user's profile.",
  "  userId: string, required [resolved by client, hidden from model] — the user's id"
].join("\n")

/** The manifest entry the seed's server example (shared/seeds/001, `defineTool`) builds. */
export const SEED_WEATHER_TOOL = {
  name: "get_weather",
  description: "Get current weather information for a city.",
  method: "GET",
  params: [{ name: "city", type: "string", required: true, description: "City name, e.g. \"Paris\"" }],
  url: "https://internal.example.com/weather",
  queryParams: { city: "{{city}}" },
  responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
}
