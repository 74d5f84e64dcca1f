import type { JsonValue } from '../tools/types.js'
import type { Model, ModelTurn, ToolCall } from './types.js'

/** A recorded model turn as it sits in a fixture (provider field names). */
export interface ScriptTurn {
  readonly content: string | null
  readonly tool_calls?: readonly ToolCall[]
  readonly anthropic_blocks?: readonly JsonValue[]
}

/** A recorded script: every assistant turn of a session, in order. */
export interface ModelScript {
  readonly name: string
  /** Where the recording came from and what it exercises. */
  readonly note?: string
  /** The first user message of the recorded session. */
  readonly user: string
  readonly turns: readonly ScriptTurn[]
}

/**
 * Checks that a parsed fixture is a script; a broken fixture is a programmer
 * error, reported with what was expected and what was found.
 */
export function parseScript(value: unknown, source: string): ModelScript {
  const fail = (what: string): never => {
    throw new TypeError(`model script ${source}: expected ${what}`)
  }
  if (typeof value !== 'object' || value === null) return fail('an object')
  const script = value as Partial<ModelScript>
  if (typeof script.name !== 'string') fail('a string "name"')
  if (typeof script.user !== 'string') fail('a string "user"')
  if (!Array.isArray(script.turns)) fail('a "turns" array')
  script.turns!.forEach((turn: ScriptTurn, index: number) => {
    if (typeof turn !== 'object' || turn === null) fail(`turns[${index}] to be an object`)
    if (turn.content !== null && typeof turn.content !== 'string')
      fail(`turns[${index}].content to be a string or null`)
    for (const call of turn.tool_calls ?? []) {
      if (
        typeof call?.id !== 'string' ||
        typeof call.function?.name !== 'string' ||
        typeof call.function.arguments !== 'string'
      ) {
        fail(
          `turns[${index}].tool_calls entries like {"id","type":"function","function":{"name","arguments":"<json string>"}}`,
        )
      }
    }
  })
  return script as ModelScript
}

/**
 * The default model: replays a recorded script, one turn per request, in
 * order. No network, no keys, deterministic. It ignores what the tools
 * returned, which is what makes a replay comparable to its recording.
 *
 * @example
 * const model = createScriptedModel({ name: 'hello', user: 'hi', turns: [{ content: 'hello' }] })
 * (await model.next({ messages: [], tools: [] })).content // => 'hello'
 */
export function createScriptedModel(script: ModelScript, options: { readonly position?: number } = {}): Model {
  // `position` skips turns already played: a resumed session continues the
  // script after the assistant turns it has stored.
  let position = options.position ?? 0
  return {
    name: `script:${script.name}`,
    next() {
      const turn = script.turns[position]
      if (turn === undefined) {
        return Promise.reject(
          new Error(`model script '${script.name}' has no turn ${position + 1} (it records ${script.turns.length})`),
        )
      }
      position += 1
      const result: ModelTurn = {
        content: turn.content,
        toolCalls: turn.tool_calls ?? [],
        ...(turn.anthropic_blocks === undefined ? {} : { anthropicBlocks: turn.anthropic_blocks }),
      }
      return Promise.resolve(structuredClone(result))
    },
  }
}
