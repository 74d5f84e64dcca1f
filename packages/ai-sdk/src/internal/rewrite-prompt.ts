import type { PreparedToolset } from '@x/provider-schema'
import type { CallOptions, PromptMessage } from './types.js'

type Part = Extract<PromptMessage, { role: 'assistant' | 'tool' }>['content'][number]

function rewritePart(part: Part, toolset: PreparedToolset): Part {
  if (part.type === 'tool-call') {
    // A provider-executed call names a provider tool, which was never renamed.
    if (part.providerExecuted === true) return part
    const shown = toolset.toModelCall({ name: part.toolName, arguments: part.input })
    if (shown === undefined || (shown.name === part.toolName && shown.arguments === part.input)) return part
    return { ...part, toolName: shown.name, input: shown.arguments }
  }
  if (part.type === 'tool-result') {
    const name = toolset.providerName(part.toolName)
    return name === undefined || name === part.toolName ? part : { ...part, toolName: name }
  }
  return part
}

/**
 * The prompt with earlier tool calls and results written as the model was
 * shown its tools: provider-side names, renamed keys. Without this the next
 * step's history would name tools and keys the request no longer declares,
 * which providers reject or models copy. Unknown tools, text, files and
 * reasoning (signed or not) are the very same objects; a message nothing
 * changed in is the very same object.
 */
export function rewritePrompt(prompt: CallOptions['prompt'], toolset: PreparedToolset): CallOptions['prompt'] {
  let out: PromptMessage[] | undefined
  prompt.forEach((message, index) => {
    let next: PromptMessage = message
    if (message.role === 'assistant' || message.role === 'tool') {
      const content = message.content as Part[]
      const parts = content.map((part) => rewritePart(part, toolset))
      if (parts.some((part, position) => part !== content[position]))
        next = { ...message, content: parts } as PromptMessage
    }
    if (next !== message) out ??= prompt.slice(0, index)
    out?.push(next)
  })
  return out ?? prompt
}
