// Arguments behind a Proxy whose answers change between reads: the output
// still owns every key it holds as plain data, both tiers give the same
// result, and the patch stays true to what the input reports.
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'

// A view of `target` that stops reporting `hidden` as its own once `hidden` has been read `reads` times.
function hidingAfter(target: Record<string, unknown>, hidden: string, reads: number): Record<string, unknown> {
  let count = 0
  return new Proxy(target, {
    get(object, key, receiver) {
      if (key === hidden) count++
      return Reflect.get(object, key, receiver) as unknown
    },
    getOwnPropertyDescriptor(object, key) {
      return key === hidden && count >= reads ? undefined : Reflect.getOwnPropertyDescriptor(object, key)
    },
  })
}

const tiers = [
  ['the interpreter', { codegen: false }],
  ['generated code', { codegen: true }],
] as const

describe.each(tiers)('a key hidden between reads, with %s', (_tier, options) => {
  it('a __proto__ key hidden from the copy never becomes the prototype of the output', () => {
    const schema = { type: 'object', additionalProperties: { type: 'object', properties: { x: { type: 'integer' } } } }
    for (let call = 0; call < 3; call++) {
      const args = hidingAfter(JSON.parse('{"__proto__": {"x": "5"}}') as Record<string, unknown>, '__proto__', 1)
      const output = coerceToolArgs<Record<string, unknown>>(schema, args, options)
      expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
      expect(output['x']).toBeUndefined()
    }
  })

  it('a declared key hidden from the copy is left as sent', () => {
    const schema = { type: 'object', properties: { count: { type: 'integer' }, flag: { type: 'boolean' } } }
    for (let call = 0; call < 3; call++) {
      const output = coerceToolArgs(schema, hidingAfter({ count: '5', flag: 'true' }, 'count', 1), options)
      expect(output).toEqual({ flag: true })
      expect(Object.hasOwn(output as object, 'count')).toBe(false)
    }
  })

  it('a key the input stops owning after the copy is reported as an add', () => {
    const schema = { type: 'object', properties: { count: { type: 'integer' } } }
    for (let call = 0; call < 3; call++) {
      const { args, patch } = coerceToolArgsWithPatch(schema, hidingAfter({ count: '5' }, 'count', 2), options)
      expect(args).toEqual({ count: 5 })
      expect(patch).toEqual([{ op: 'add', path: '/count', value: 5 }])
    }
  })
})
