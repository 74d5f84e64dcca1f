// Builders for the tests: the shapes each provider really sends, kept small.
import type { ToolCall, ToolCallEntry } from '../types.js'

// Valid for OpenAI (40 characters at most), Anthropic, Bedrock and Gemini at once: the default id format.
export const SAFE_ID = /^[A-Za-z0-9_-]{1,40}$/

export const entry = (name: string, args: Record<string, unknown> = {}): ToolCallEntry => ({ name, arguments: args })

/** A Chat Completions `tool_call` call whose arguments batch `entries`. */
export function batch(id: string, entries: readonly unknown[]): ToolCall {
  return { id, type: 'function', function: { name: 'tool_call', arguments: JSON.stringify({ calls: entries }) } }
}

/** Any other tool call. */
export function call(id: string, name: string, args: Record<string, unknown> = {}): ToolCall {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } }
}

/** The compact JSON a child carries for one entry. */
export const childArgs = (one: ToolCallEntry): string => JSON.stringify({ calls: [one] })

export const read = (path: string): ToolCallEntry => entry('mcp__files__read', { path })
export const grep = (pattern: string): ToolCallEntry => entry('mcp__git__grep', { pattern })
export const ticket = (title: string): ToolCallEntry => entry('mcp__tracker__create', { title })
export const drive = (): ToolCallEntry => entry('connectors__drive__list')
