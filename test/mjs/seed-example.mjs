// The seed's resolver example, in plain JavaScript against the built package: no TypeScript, no
// Effect imports. Run by test/client/facade.test.ts; exits non-zero on the first failed assertion.
import assert from "node:assert/strict"
import http from "node:http"
import { createRcpClient, describeManifest, InvalidArguments, ResolverMissing } from "rcp-sdk/client"

const received = []
const server = http.createServer((req, res) => {
  const origin = `http://127.0.0.1:${server.address().port}`
  if (req.url === "/rcp/manifest") {
    res.setHeader("content-type", "application/json")
    return res.end(JSON.stringify({
      rcpVersion: "0.1",
      auth: { type: "header", name: "Authorization", scheme: "Bearer" },
      tools: [{
        name: "get_profile",
        description: "Get the current user's profile.",
        method: "GET",
        params: [{ name: "userId", type: "string", description: "the user's id" }],
        url: `${origin}/users/{{userId}}`,
        responseMappings: { id: "@id", name: "@name" }
      }]
    }))
  }
  received.push({ url: req.url, authorization: req.headers.authorization })
  res.setHeader("content-type", "application/json")
  res.end(JSON.stringify({ id: req.url.split("/").pop(), name: "Ada", internal: "not mapped" }))
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
const manifestUrl = `http://127.0.0.1:${server.address().port}/rcp/manifest`

try {
  const client = createRcpClient({
    resolvers: { userId: (ctx) => ctx.currentUserId },
    credential: "seed-token"
  })

  const { manifest, tools } = await client.discover(manifestUrl)
  const text = describeManifest(manifest, tools)
  console.log(text)
  assert.equal(
    text,
    [
      "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)",
      "1 tool(s):",
      "- get_profile (GET) — Get the current user's profile.",
      "  userId: string, required [resolved by client, hidden from model] — the user's id"
    ].join("\n")
  )
  assert.deepEqual(tools[0].parameters, { type: "object", properties: {}, required: [], additionalProperties: false })

  const result = await client.execute({ name: "get_profile", arguments: "{}" }, { context: { currentUserId: "u-42" } })
  assert.deepEqual(result, { status: 200, data: { id: "u-42", name: "Ada" } })
  assert.deepEqual(received, [{ url: "/users/u-42", authorization: "Bearer seed-token" }])

  const missing = await client.execute({ name: "get_profile", arguments: "{}" }).then(
    () => assert.fail("expected ResolverMissing"),
    (error) => error
  )
  assert.ok(missing instanceof ResolverMissing)
  assert.equal(missing._tag, "ResolverMissing")
  assert.equal(received.length, 1, "no request may go out without a verified caller")

  const spoofed = await client.execute(
    { name: "get_profile", arguments: JSON.stringify({ userId: "someone-else" }) },
    { context: { currentUserId: "u-42" } }
  ).then(() => assert.fail("expected InvalidArguments"), (error) => error)
  assert.ok(spoofed instanceof InvalidArguments)
  assert.match(spoofed.message, /"userId" is filled in by the client/)
  assert.equal(received.length, 1, "a spoofed hidden argument sends nothing")

  await client.close()
  console.log("seed example: ok")
} finally {
  server.close()
}
