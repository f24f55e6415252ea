/**
 * An agent loop on OpenAI Chat Completions, strict mode: the tools as `toOpenAiTools(tools, { strict: true })`,
 * each `message.tool_calls[i]` passed to `execute` as it is, each outcome sent back as a `tool` message.
 * The model is a scripted fake with the real SDK's types (swap in `openai.chat.completions.create`).
 */
import type {
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionTool
} from "openai/resources/chat/completions"
import { outcomeOf, toOpenAiToolMessage, toOpenAiTools } from "rcp-sdk/client"
import { nextStep, start, turn } from "./shared.js"

/** Plays the script: a strict-mode model sends every property, `null` for the ones it leaves out. */
const fakeModel = async (messages: Array<ChatCompletionMessageParam>, tools: Array<ChatCompletionTool>) => {
  const results = messages.flatMap((m) => (m.role === "tool" ? [`${m.tool_call_id}: ${String(m.content)}`] : []))
  const step = nextStep(results)
  const message: ChatCompletionMessage = step._tag === "Answer"
    ? { role: "assistant", content: step.text, refusal: null }
    : {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: step.calls.map((call) => {
        const tool = tools.find((t) => t.type === "function" && t.function.name === call.name)
        const required = tool?.type === "function" ? (tool.function.parameters?.required as Array<string>) : []
        const args = Object.fromEntries(required.map((name) => [name, call.args[name] ?? null]))
        return { id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(args) } }
      })
    }
  return message
}

const main = async () => {
  const rcp = await start()
  const tools = toOpenAiTools(rcp.tools, { strict: true })
  const messages: Array<ChatCompletionMessageParam> = [{ role: "user", content: "Enroll me in a TypeScript course." }]
  for (let turns = 0; turns < 5; turns++) {
    const message = await fakeModel(messages, tools)
    messages.push(message)
    if (message.tool_calls === undefined) {
      console.log(`model: ${message.content}`)
      break
    }
    for (const call of message.tool_calls) {
      if (call.type !== "function") continue
      console.log(`model → ${call.function.name} ${call.function.arguments}`)
      const outcome = await outcomeOf(rcp.client.execute(call, { context: turn }))
      const reply = toOpenAiToolMessage(call, outcome, { onError: rcp.onError })
      console.log(`  api received: ${rcp.lastRequest()}`)
      console.log(`  back to the model: ${JSON.stringify(reply)}`)
      messages.push(reply)
    }
  }
  await rcp.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
