import type { AnswerFixer } from './request-fixes.js'
import type { ContentPart, GenerateResult } from './types.js'

/**
 * The generate result with every client-side tool call fixed in place: a
 * split call's children take its position, every other part is the very
 * same object in the same order. Nothing changed: the very same result.
 */
export function fixGenerateResult(result: GenerateResult, fix: AnswerFixer): GenerateResult {
  let content: ContentPart[] | undefined
  for (let index = 0; index < result.content.length; index++) {
    const part = result.content[index]!
    const fixed = part.type === 'tool-call' ? fix(part) : undefined
    if (fixed === undefined) {
      content?.push(part)
      continue
    }
    content ??= result.content.slice(0, index)
    content.push(...fixed)
  }
  return content === undefined ? result : { ...result, content }
}
