/**
 * An agent loop on the OpenAI Responses API: the tools as `toOpenAiResponsesTools(tools)`, each
 * `function_call` output item passed to `execute` as it is, each outcome sent back as a
 * `function_call_output` item. The model is a scripted fake with the real SDK's types (swap in
 * `openai.responses.create`).
 */
import type { ResponseFunctionToolCall, ResponseInputItem } from "openai/resources/responses/responses"
import { outcomeOf, toOpenAiResponsesOutput, toOpenAiResponsesTools } from "rcp-sdk/client"
import { nextStep, start, turn } from "./shared.js"

/** Plays the script: the output items of one response. */
const fakeModel = async (input: Array<ResponseInputItem>): Promise<Array<ResponseFunctionToolCall> | string> => {
  const results = input.flatMap((item) =>
    item.type === "function_call_output" ? [`${item.call_id}: ${String(item.output)}`] : []
  )
  const step = nextStep(results)
  return step._tag === "Answer"
    ? step.text
    : step.calls.map((call) => ({
      type: "function_call",
      call_id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.args)
    }))
}

const main = async () => {
  const rcp = await start()
  const tools = toOpenAiResponsesTools(rcp.tools)
  console.log(`tools: ${tools.map((tool) => tool.name).join(", ")}`)
  const input: Array<ResponseInputItem> = [{ role: "user", content: "Enroll me in a TypeScript course." }]
  for (let turns = 0; turns < 5; turns++) {
    const output = await fakeModel(input)
    if (typeof output === "string") {
      console.log(`model: ${output}`)
      break
    }
    for (const item of output) {
      input.push(item)
      console.log(`model → ${item.name} ${item.arguments}`)
      const outcome = await outcomeOf(rcp.client.execute(item, { context: turn }))
      const reply = toOpenAiResponsesOutput(item, outcome, { onError: rcp.onError })
      console.log(`  api received: ${rcp.lastRequest()}`)
      console.log(`  back to the model: ${JSON.stringify(reply)}`)
      input.push(reply)
    }
  }
  await rcp.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
