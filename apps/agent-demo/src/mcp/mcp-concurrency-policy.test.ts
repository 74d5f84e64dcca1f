import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { CONCURRENCY_CAPABILITY } from '../shared/concurrency-capability.js'
import { mcpConcurrencyPolicy, serverIsParallelSafe } from './mcp-concurrency-policy.js'

describe('serverIsParallelSafe', () => {
  it.each([
    [{ experimental: { [CONCURRENCY_CAPABILITY]: { parallelSafe: true } } }, true],
    [{ experimental: { [CONCURRENCY_CAPABILITY]: { parallelSafe: false } } }, false],
    [{ experimental: { [CONCURRENCY_CAPABILITY]: { parallelSafe: 'yes' } } }, false],
    [{ experimental: { other: { parallelSafe: true } } }, false],
    [{}, false],
    [undefined, false],
  ])('reads %j as parallel-safe: %s (only an explicit true counts)', (capabilities, expected) => {
    expect(serverIsParallelSafe(deepFreeze(capabilities) as Parameters<typeof serverIsParallelSafe>[0])).toBe(expected)
  })
})

describe('mcpConcurrencyPolicy', () => {
  it.each([
    [{ readOnlyHint: true }, true, { parallelSafe: true, kind: 'read' }],
    [{ readOnlyHint: false }, true, { parallelSafe: false, kind: 'write' }],
    [undefined, true, { parallelSafe: false, kind: 'write' }],
    [{ readOnlyHint: true }, false, { parallelSafe: false, kind: 'read' }],
  ])('gives a tool annotated %j of a server parallel-safe=%s the policy %j', (annotations, serverSafe, expected) => {
    expect(mcpConcurrencyPolicy(annotations === undefined ? {} : { annotations }, serverSafe)).toEqual(expected)
  })
})
