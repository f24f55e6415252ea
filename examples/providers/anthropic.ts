/**
 * An agent loop on Anthropic's Messages API: the tools as `toAnthropicTools(tools)`, each
 * `tool_use` block passed to `execute` as it is, the outcomes sent back as `tool_result` blocks
 * in one user message. The model is a scripted fake with the real SDK's types (swap in
 * `anthropic.messages.create`).
 */
import type { ContentBlock, MessageParam, Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages"
import { outcomeOf, toAnthropicToolResult, toAnthropicTools } from "rcp-sdk/client"
import { nextStep, start, turn } from "./shared.js"

/** Plays the script: the content blocks of one assistant message. */
const fakeModel = async (messages: Array<MessageParam>, _tools: Array<Tool>): Promise<Array<ContentBlock>> => {
  const results = messages.flatMap((m) =>
    typeof m.content === "string"
      ? []
      : m.content.flatMap((block) =>
        block.type === "tool_result" ? [`${block.tool_use_id}: ${String(block.content)}`] : []
      )
  )
  const step = nextStep(results)
  return step._tag === "Answer"
    ? [{ type: "text", text: step.text, citations: null }]
    : step.calls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: call.args, caller: { type: "direct" } }))
}

const main = async () => {
  const rcp = await start()
  const tools = toAnthropicTools(rcp.tools)
  const messages: Array<MessageParam> = [{ role: "user", content: "Enroll me in a TypeScript course." }]
  for (let turns = 0; turns < 5; turns++) {
    const content = await fakeModel(messages, tools)
    messages.push({ role: "assistant", content })
    const uses = content.flatMap((block) => (block.type === "tool_use" ? [block] : []))
    if (uses.length === 0) {
      console.log(`model: ${content.map((block) => (block.type === "text" ? block.text : "")).join("")}`)
      break
    }
    const results: Array<ToolResultBlockParam> = []
    for (const use of uses) {
      console.log(`model → ${use.name} ${JSON.stringify(use.input)}`)
      const outcome = await outcomeOf(rcp.client.execute(use, { context: turn }))
      const result = toAnthropicToolResult(use, outcome, { onError: rcp.onError })
      console.log(`  api received: ${rcp.lastRequest()}`)
      console.log(`  back to the model: ${JSON.stringify(result)}`)
      results.push(result)
    }
    messages.push({ role: "user", content: results })
  }
  await rcp.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
