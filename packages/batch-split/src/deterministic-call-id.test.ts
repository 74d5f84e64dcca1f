import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deterministicCallId } from './deterministic-call-id.js'

// Node's own SHA-256 as the reference: the id must equal Python's
// `"call_" + sha256(f"{name}:{arguments}:{index}").hexdigest()[:12]`, so a
// Python agent and this package derive the same ids for the same call.
const reference = (name: string, seed: string, index: number): string =>
  `call_${createHash('sha256').update(`${name}:${seed}:${index}`, 'utf8').digest('hex').slice(0, 12)}`

describe('deterministicCallId', () => {
  it.each([
    ['a', 'b', 0, 'call_6e4685b95a61'],
    ['a', 'b', 1, 'call_6cce7cb783ec'],
  ])('hashes %j:%j:%j to the id Python hashlib gives', (name, seed, index, expected) => {
    expect(deterministicCallId(name, seed, index)).toBe(expected)
  })

  it.each([
    ['tool_call', 'toolu_01{"calls":[{"name":"mcp__f__read","arguments":{"path":"a"}}]}', 1],
    ['tool_call', '', 0],
    ['tööl', 'ключ 🔑 鍵', 9],
    ['', '', 0],
  ])('is "call_" + the first 12 hex digits of SHA-256 over name:seed:index in UTF-8 (%j)', (name, seed, index) => {
    expect(deterministicCallId(name, seed, index)).toBe(reference(name, seed, index))
  })

  it('gives the same id for the same input, and another for another seed or index', () => {
    const id = deterministicCallId('tool_call', 'x', 1)
    expect(deterministicCallId('tool_call', 'x', 1)).toBe(id)
    expect(deterministicCallId('tool_call', 'y', 1)).not.toBe(id)
    expect(deterministicCallId('tool_call', 'x', 2)).not.toBe(id)
  })

  it('is always valid for Anthropic and Bedrock', () => {
    expect(deterministicCallId('x', '\ud800 lone surrogate', 3)).toMatch(/^call_[0-9a-f]{12}$/)
  })

  it.each([
    [1, 's', 0, 'deterministicCallId: expected name to be a string, received the number 1'],
    ['n', null, 0, 'deterministicCallId: expected seed to be a string, received null'],
    ['n', 's', -1, 'deterministicCallId: expected index to be a non-negative integer, received the number -1'],
    ['n', 's', 1.5, 'deterministicCallId: expected index to be a non-negative integer, received the number 1.5'],
  ])('throws a TypeError naming what it expected for a programmer error (%j, %j, %j)', (name, seed, index, message) => {
    expect(() => deterministicCallId(name as string, seed as string, index)).toThrow(new TypeError(message))
  })
})
