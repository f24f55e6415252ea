/**
 * An agent loop on Gemini (`@google/genai`): the tools as `toGeminiTools(tools)`, each
 * `functionCall` passed to `execute` as it is, the outcomes sent back as `functionResponse` parts.
 * The model is a scripted fake with the real SDK's types (swap in `ai.models.generateContent`).
 */
import type { Content, Part, Tool } from "@google/genai"
import { outcomeOf, toGeminiFunctionResponse, toGeminiTools } from "rcp-sdk/client"
import { nextStep, start, turn } from "./shared.js"

/** Plays the script: the parts of one model turn. */
const fakeModel = async (contents: Array<Content>, _tools: Array<Tool>): Promise<Array<Part>> => {
  const results = contents.flatMap((c) =>
    (c.parts ?? []).flatMap((part) =>
      part.functionResponse === undefined
        ? []
        : [`${part.functionResponse.id}: ${JSON.stringify(part.functionResponse.response)}`]
    )
  )
  const step = nextStep(results)
  return step._tag === "Answer"
    ? [{ text: step.text }]
    : step.calls.map((call) => ({ functionCall: { id: call.id, name: call.name, args: { ...call.args } } }))
}

const main = async () => {
  const rcp = await start()
  const tools = toGeminiTools(rcp.tools)
  const contents: Array<Content> = [{ role: "user", parts: [{ text: "Enroll me in a TypeScript course." }] }]
  for (let turns = 0; turns < 5; turns++) {
    const parts = await fakeModel(contents, tools)
    contents.push({ role: "model", parts })
    const calls = parts.flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]))
    if (calls.length === 0) {
      console.log(`model: ${parts.map((part) => part.text ?? "").join("")}`)
      break
    }
    const responses: Array<Part> = []
    for (const call of calls) {
      console.log(`model → ${call.name} ${JSON.stringify(call.args)}`)
      const outcome = await outcomeOf(rcp.client.execute(call, { context: turn }))
      const response = toGeminiFunctionResponse(call, outcome, { onError: rcp.onError })
      console.log(`  api received: ${rcp.lastRequest()}`)
      console.log(`  back to the model: ${JSON.stringify(response)}`)
      responses.push(response)
    }
    contents.push({ role: "user", parts: responses })
  }
  await rcp.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
