import type { RawCallAnswer } from '../session/raw-call-answers.js'

const MAX_ANSWER = 240

/**
 * The "without the fixes" section of a run: each call the loop changed, as
 * the model sent it, and what the tool answered to it in a throwaway copy of
 * the workspace. Empty when no call was changed.
 */
export function rawAnswersText(answers: readonly RawCallAnswer[]): string {
  if (answers.length === 0) return ''
  const lines = [
    '',
    'without the fixes: each call above that a fix changed, sent again exactly as the model sent it,',
    "to fresh servers in a throwaway copy of the workspace (the session's own files, repository and tickets are untouched):",
  ]
  for (const answer of answers) {
    // Validation errors come as indented JSON: one line reads better in a terminal and a pipe.
    const flat = answer.content.replace(/\s+/gu, ' ').trim()
    const text = flat.length > MAX_ANSWER ? `${flat.slice(0, MAX_ANSWER - 1)}…` : flat
    lines.push(`  ${answer.callId}  ${answer.tool}  ${JSON.stringify(answer.argsSent)}`)
    lines.push(`    ${answer.isError ? 'the tool refused it' : 'the tool accepted it'}: ${text}`)
  }
  return `${lines.join('\n')}\n`
}
