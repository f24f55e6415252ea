/**
 * An agent loop on the Vercel AI SDK: `generateText` runs the loop itself over `aiSdkTools(client)`;
 * the signed-in user reaches the resolvers as `experimental_context`. The model is the SDK's own
 * `MockLanguageModelV3` playing the script (swap in `openai("gpt-…")` or any provider).
 */
import { aiSdkTools } from "@rcp-sdk/ai-sdk"
import { generateText, stepCountIs } from "ai"
import { MockLanguageModelV3 } from "ai/test"
import { nextStep, start, turn } from "./shared.js"

type Generated = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 }
}

/** Plays the script, reading the tool results the SDK put in the prompt. */
const fakeModel = new MockLanguageModelV3({
  doGenerate: async ({ prompt }): Promise<Generated> => {
    const results = prompt.flatMap((message) =>
      message.role === "tool"
        ? message.content.flatMap((part) =>
          part.type === "tool-result" && "value" in part.output
            ? [`${part.toolCallId}: ${JSON.stringify(part.output.value)}`]
            : []
        )
        : []
    )
    const step = nextStep(results)
    return step._tag === "Answer"
      ? { content: [{ type: "text", text: step.text }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
      : {
        content: step.calls.map((call) => ({
          type: "tool-call",
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.args)
        })),
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: []
      }
  }
})

const main = async () => {
  const rcp = await start()
  const result = await generateText({
    model: fakeModel,
    tools: await aiSdkTools(rcp.client, { onError: rcp.onError }),
    experimental_context: turn,
    stopWhen: stepCountIs(5),
    prompt: "Enroll me in a TypeScript course."
  })
  for (const step of result.steps) {
    for (const part of step.content) {
      if (part.type === "tool-call") console.log(`model → ${part.toolName} ${JSON.stringify(part.input)}`)
      if (part.type === "tool-result") console.log(`  back to the model: ${JSON.stringify(part.output)}`)
      if (part.type === "tool-error") console.log(`  back to the model (error): ${String(part.error)}`)
    }
  }
  console.log(`api received: ${rcp.api.received().filter((r) => !r.includes("/rcp/manifest")).join(", ")}`)
  console.log(`model: ${result.text}`)
  await rcp.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
