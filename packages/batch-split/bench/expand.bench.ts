// expandLocalToolBatches against the work no implementation can avoid: parsing
// the parent's arguments and serializing one `{"calls":[entry]}` per child.
// Everything above that floor (normalizing entries, nine SHA-256 ids, id
// uniqueness, rebuilding the Anthropic block list) is our overhead, and the
// `+ids` floor shows how much of it the hashing alone takes.
import { runBench } from '@x/bench-utils'
import { deterministicCallId, expandLocalToolBatches } from '../dist/index.js'

function scenario(label: string, argumentBytes: number) {
  const entries = Array.from({ length: 10 }, (_, index) => ({
    name: ['mcp__files__read', 'mcp__git__grep', 'mcp__tracker__create'][index % 3]!,
    arguments: { path: `src/module-${index}.ts`, limit: 200, note: 'x'.repeat(argumentBytes) },
  }))
  const parentArguments = JSON.stringify({ calls: entries })
  const toolCalls = [
    {
      id: 'toolu_01D7FLrfh4GYq7yT1ULFeyMV',
      type: 'function' as const,
      function: { name: 'tool_call', arguments: parentArguments },
    },
  ]
  // A signed thinking block, a text block and the tool_use block, as Anthropic returns them.
  const anthropicBlocks = [
    { type: 'thinking', thinking: 'Ten independent reads: batch them.', signature: 'EqQBCkYIBxgCKkB'.repeat(20) },
    { type: 'text', text: 'Reading the ten files now.' },
    { type: 'tool_use', id: toolCalls[0]!.id, name: 'tool_call', input: { calls: entries } },
  ]

  const ours = () => expandLocalToolBatches(toolCalls, { anthropicBlocks })
  const baseline = () => {
    const parsed = JSON.parse(parentArguments) as { calls: unknown[] }
    const children: string[] = []
    for (const one of parsed.calls) children.push(JSON.stringify({ calls: [one] }))
    return children
  }

  // The floor once the ids the id rules prescribe are counted too: the same
  // parse and serialization plus the nine SHA-256 ids, through our own
  // deterministicCallId (noble's SHA-256). Shows how much of our time the
  // hashing alone takes.
  const withIds = () => {
    const parsed = JSON.parse(parentArguments) as { calls: unknown[] }
    const ids: string[] = []
    parsed.calls.forEach((one, index) => {
      const text = JSON.stringify({ calls: [one] })
      ids.push(index === 0 ? toolCalls[0]!.id : deterministicCallId('tool_call', toolCalls[0]!.id + text, index))
    })
    return ids
  }

  // Same answer before timing: the same ten child argument strings, and one
  // tool_use block per child behind the untouched thinking and text blocks.
  const result = ours()
  const expected = baseline()
  const got = result.toolCalls.map((one) => one.function.arguments)
  if (JSON.stringify(got) !== JSON.stringify(expected))
    throw new Error(`${label}: child arguments differ from the baseline`)
  if (JSON.stringify(withIds()) !== JSON.stringify(result.toolCalls.map((one) => one.id)))
    throw new Error(`${label}: ids differ`)
  if (result.anthropicBlocks?.length !== 12 || result.anthropicBlocks[0] !== anthropicBlocks[0])
    throw new Error(`${label}: blocks not rewritten in place`)

  return {
    name: `split 10 entries + Anthropic blocks (${label})`,
    impls: { ours, 'baseline:parse+stringify': baseline, 'baseline:parse+stringify+ids': withIds },
    note: 'baseline = JSON.parse of the parent arguments + JSON.stringify of the ten children (no ids, no blocks); +ids adds the nine SHA-256 ids',
  }
}

runBench('@x/batch-split', [scenario('typical args', 0), scenario('10 KB args each', 10_000)])
