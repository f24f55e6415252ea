/**
 * `npm run demo`: a learning platform's REST API, used as LLM tools through rcp-sdk — discovery,
 * the schemas the model sees, a scripted model turn, and the calls the client refuses to make.
 * Everything runs on 127.0.0.1; no LLM is called.
 */
import { createRcpClient, describeManifest, InvalidArguments, ResolverMissing } from "rcp-sdk/client"
import { startLearningApi } from "./learning-api.js"

// The API's secret. The client holds it; it is never shown to the model nor printed.
const TOKEN = "demo-secret-token-5b7e"

/** What the app knows about the turn it is serving: who is signed in, if anyone. */
interface Turn {
  readonly currentUserId?: string | undefined
}

const signedIn: Turn = { currentUserId: "learner-42" }

const heading = (title: string) => console.log(`\n== ${title}\n`)
/** Prints a multi-line text with `first` before its first line and spaces as wide before the others. */
const hanging = (first: string, text: string) =>
  text.split("\n").map((line, i) => (i === 0 ? first : " ".repeat(first.length)) + line).join("\n")
const clip = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const main = async () => {
  console.log("rcp-sdk demo: a learning platform's REST API, used as LLM tools")

  // -- The API ---------------------------------------------------------------------------------
  heading("1. The API (an @effect/platform server on 127.0.0.1)")
  const api = await startLearningApi({ token: TOKEN })
  console.log(`  listening on ${api.origin}; manifest at /rcp/manifest`)
  const anonymous = await fetch(`${api.origin}/courses`)
  await anonymous.body?.cancel()
  console.log(`  GET /courses without the bearer token → ${anonymous.status}`)

  // -- Discovery -------------------------------------------------------------------------------
  const client = createRcpClient({
    // learnerId is never the model's to choose: it is the signed-in user of this turn.
    resolvers: { learnerId: (turn: Turn) => turn.currentUserId },
    credential: TOKEN
  })
  const { manifest, tools, warnings } = await client.discover(api.manifestUrl)
  heading("2. What the client operator sees: describeManifest(manifest, tools)")
  console.log(describeManifest(manifest, tools))
  for (const warning of warnings) console.log(`  warning: ${warning}`)

  heading("3. What the model sees: each tool's parameters (learnerId is not there)")
  // Each `parameters` goes as is to OpenAI (`function.parameters`), Anthropic (`input_schema`) or Gemini.
  for (const tool of tools) {
    console.log(`${tool.name}: ${JSON.stringify(tool.parameters)}`)
  }

  // -- A scripted model turn -------------------------------------------------------------------
  heading("4. A model turn, scripted: learner-42 asks to join a TypeScript course")
  // What an LLM API returns as tool calls: a name and the arguments as a JSON string.
  const toolCalls = [
    { name: "list_courses", arguments: "{\"topic\":\"typescript\"}" },
    { name: "enroll", arguments: "{\"courseId\":\"effect-101\"}" },
    { name: "get_profile", arguments: "{}" }
  ]
  for (const call of toolCalls) {
    const { status, data } = await client.execute(call, { context: signedIn })
    console.log(`  ${call.name} ${call.arguments}`)
    console.log(`    sent:     ${api.received().at(-1)}`)
    console.log(`    answered: ${status} ${clip(JSON.stringify(data))}`)
  }

  // -- Refusals --------------------------------------------------------------------------------
  heading("5. Three calls the client refuses, before anything is sent")
  const refusals = [
    {
      title: "a) No verified caller behind this turn (a webhook, a signed-out session)",
      call: { name: "get_profile", arguments: "{}" },
      turn: {}
    },
    {
      title: "b) The model tries to choose the learner itself",
      call: { name: "enroll", arguments: "{\"learnerId\":\"learner-7\",\"courseId\":\"effect-101\"}" },
      turn: signedIn
    },
    {
      title: "c) A path-traversal argument",
      call: { name: "get_course", arguments: "{\"courseId\":\"../admin\"}" },
      turn: signedIn
    }
  ]
  for (const { call, title, turn } of refusals) {
    const before = api.received().length
    const outcome = await client.execute(call, { context: turn }).then(
      () => "succeeded (unexpected!)",
      (error: unknown) => {
        if (error instanceof ResolverMissing || error instanceof InvalidArguments) {
          return `${error._tag}: ${error.message}`
        }
        throw error
      }
    )
    const sent = api.received().length - before
    console.log(`  ${title}`)
    console.log(`    ${call.name} ${call.arguments}`)
    console.log(hanging("    → ", outcome))
    console.log(`    requests that reached the API: ${sent}`)
    if (sent !== 0) throw new Error("a refused call reached the API")
  }

  // -- Shutdown --------------------------------------------------------------------------------
  heading("6. Shutdown")
  await client.close()
  await api.close()
  console.log(`  client closed, server stopped (it received ${api.received().length} requests in all)`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
