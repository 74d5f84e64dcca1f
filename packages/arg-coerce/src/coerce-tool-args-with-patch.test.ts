import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'
import { applyReportedPatch } from './test-support/check.js'

const schema = deepFreeze({
  type: 'object',
  properties: {
    count: { type: 'integer' },
    'a/b~c': { type: 'boolean' },
    list: { type: 'array', items: { type: 'integer' } },
    filters: { type: 'object', properties: { labels: { type: 'array', items: { type: 'string' } } } },
  },
})

describe('coerceToolArgsWithPatch', () => {
  it('reports nothing and returns the same object when nothing changes', () => {
    const args = deepFreeze({ count: 1 })
    const result = coerceToolArgsWithPatch(schema, args)
    expect(result.args).toBe(args)
    expect(result.patch).toEqual([])
  })

  it('reports one replace per changed leaf, at the deepest changed position', () => {
    const args = deepFreeze({ count: '1', list: [1, '2', 3, '4'], filters: { labels: 'x' } })
    const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toEqual([
      { op: 'replace', path: '/count', value: 1 },
      { op: 'replace', path: '/list/1', value: 2 },
      { op: 'replace', path: '/list/3', value: 4 },
      { op: 'replace', path: '/filters/labels', value: ['x'] },
    ])
    expect(applyReportedPatch(args, patch)).toEqual(output)
  })

  it('escapes keys as RFC 6901 tokens (~0, ~1)', () => {
    const args = deepFreeze({ 'a/b~c': 'true' })
    const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toEqual([{ op: 'replace', path: '/a~1b~0c', value: true }])
    expect(applyReportedPatch(args, patch)).toEqual(output)
  })

  it('a JSON string turned into a structure is one replace of that position', () => {
    const args = deepFreeze({ filters: '{"labels": "[\\"a\\"]"}' })
    const { patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toEqual([{ op: 'replace', path: '/filters', value: { labels: ['a'] } }])
  })

  it('a root sent as a JSON string is replaced at the empty path', () => {
    const args = '{"count": "2"}'
    const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toEqual([{ op: 'replace', path: '', value: { count: 2 } }])
    expect(applyReportedPatch(args, patch)).toEqual(output)
  })

  it('the patch values are the output values themselves', () => {
    const args = deepFreeze({ filters: '{"labels": []}' })
    const result = coerceToolArgsWithPatch(schema, args)
    expect(result.patch[0]!.value).toBe((result.args as { filters: unknown }).filters)
  })
})
