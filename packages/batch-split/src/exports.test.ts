import { describe, expect, it } from 'vitest'

describe('the built package', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual([
      'MAX_CALLS_PER_DISPATCH',
      'TOOL_CALL_NAME',
      'createCallIdRegistry',
      'deterministicCallId',
      'expandLocalToolBatches',
      'expandParallelToolUse',
      'isConnectorName',
      'isValidCallId',
      'localBatchError',
      'normalizeToolCallEntries',
    ])
  })

  it('exports the constants with their fixed values', async () => {
    const { MAX_CALLS_PER_DISPATCH, TOOL_CALL_NAME } = await import('../dist/index.js')
    expect([TOOL_CALL_NAME, MAX_CALLS_PER_DISPATCH]).toEqual(['tool_call', 10])
  })

  it('loads through require() too (CommonJS build)', async () => {
    const { createRequire } = await import('node:module')
    const require = createRequire(import.meta.url)
    const cjs = require('../dist/index.cjs') as {
      deterministicCallId(name: string, seed: string, index: number): string
    }
    expect(cjs.deterministicCallId('a', 'b', 0)).toBe('call_6e4685b95a61')
  })
})
