// Documents whose reads throw (getters, revoked Proxies): hand-built or
// proxied schemas are not JSON, but the promise is "never throws on any
// input", so each public entry answers them as "nothing to resolve".
import { describe, expect, it } from 'vitest'
import { createRefResolver } from './create-ref-resolver.js'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
import { revoked, throwingAt } from './test-support/hostile-values.js'

// Each case: a root and a node in it whose resolution reads something that throws.
const cases: Array<[string, () => { root: unknown; node: unknown }]> = [
  ['a revoked Proxy as the node', () => ({ root: {}, node: revoked() })],
  ['a throwing $ref getter on the node', () => ({ root: {}, node: throwingAt({ description: 'd' }, '$ref') })],
  [
    'a throwing sibling getter on the node',
    () => ({ root: { $defs: { A: { type: 'string' } } }, node: throwingAt({ $ref: '#/$defs/A' }, 'description') }),
  ],
  ['a revoked Proxy as the target', () => ({ root: { $defs: { A: revoked() } }, node: { $ref: '#/$defs/A' } })],
  [
    'a throwing $ref getter on the target (a chain)',
    () => ({ root: { $defs: { A: throwingAt({ type: 'string' }, '$ref') } }, node: { $ref: '#/$defs/A' } }),
  ],
  [
    'a throwing keyword getter on the target, merged with a sibling',
    () => ({
      root: { $defs: { A: throwingAt({ type: 'string' }, 'format') } },
      node: { $ref: '#/$defs/A', description: 'd' },
    }),
  ],
  ['a revoked Proxy as the root', () => ({ root: revoked(), node: { $ref: '#/$defs/A' } })],
]

describe('reads that throw', () => {
  it.each(cases)('resolveLocalSchemaRef: %s gives the node back as given', (_, make) => {
    const { root, node } = make()
    expect(resolveLocalSchemaRef(root, node)).toBe(node)
  })

  it.each(cases)('resolver.resolve: %s gives the node back as given', (_, make) => {
    const { root, node } = make()
    expect(createRefResolver(root).resolve(node)).toBe(node)
  })

  it.each(cases)('resolver.resolveOnPath: %s gives the node and the same path back', (_, make) => {
    const { root, node } = make()
    const path = { ref: '#/x', parent: undefined }
    const result = createRefResolver(root).resolveOnPath(node, path)
    expect(result?.schema).toBe(node)
    expect(result?.path).toBe(path)
  })

  it('keeps resolving the readable references of the same root afterwards', () => {
    const root = { $defs: { A: revoked(), B: { type: 'integer' } } }
    const resolver = createRefResolver(root)
    const broken = { $ref: '#/$defs/A' }
    expect(resolver.resolve(broken)).toBe(broken)
    expect(resolver.resolve({ $ref: '#/$defs/B', description: 'b' })).toEqual({ description: 'b', type: 'integer' })
  })
})
