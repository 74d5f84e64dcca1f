// The warm object loop reads keys against the last key order seen and writes
// changed keys from one store site per position (see internal/store-at.ts):
// these tests run each case several times so that the remembered-order path
// is the one taken, and check it against what a first call gives.
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'

const integer = { type: 'integer' }

/** A schema with integer properties k0..k{count-1}. */
function integers(count: number): object {
  const properties: Record<string, unknown> = {}
  for (let index = 0; index < count; index++) properties[`k${index}`] = integer
  return deepFreeze({ type: 'object', properties })
}

function entries(keys: readonly string[], value: (index: number) => unknown): Record<string, unknown> {
  return Object.fromEntries(keys.map((key, index) => [key, value(index)]))
}

const keysOf = (count: number): string[] => Array.from({ length: count }, (_, index) => `k${index}`)

describe('repeated calls on one schema', () => {
  it('the same key order called again gives the same output and leaves each input untouched', () => {
    const schema = integers(5)
    for (let call = 0; call < 6; call++) {
      const args = deepFreeze(entries(keysOf(5), (index) => (index % 2 === 0 ? String(index + call) : index)))
      expect(coerceToolArgs(schema, args)).toEqual(
        entries(keysOf(5), (index) => (index % 2 === 0 ? index + call : index)),
      )
    }
  })

  it('a warm call that changes nothing still returns the very same object', () => {
    const schema = integers(3)
    coerceToolArgs(schema, { k0: '1', k1: 2, k2: 3 })
    const args = deepFreeze({ k0: 1, k1: 2, k2: 3 })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it.each([
    ['reversed', ['k2', 'k1', 'k0']],
    ['shortened', ['k0', 'k1']],
    ['extended', ['k0', 'k1', 'k2', 'extra']],
    ['one key swapped for an unknown one', ['k0', 'x', 'k2']],
    ['back to the first order', ['k0', 'k1', 'k2']],
  ])('a key order that changes between calls (%s) is coerced by its own keys', (_title, order) => {
    const schema = integers(3)
    const first = ['k0', 'k1', 'k2']
    for (let call = 0; call < 3; call++) coerceToolArgs(schema, deepFreeze(entries(first, String)))
    for (let call = 0; call < 3; call++) {
      const args = deepFreeze(entries(order, (index) => String(index + 10)))
      expect(coerceToolArgs(schema, args)).toEqual(
        entries(order, (index) => (order[index]!.startsWith('k') ? index + 10 : String(index + 10))),
      )
    }
  })

  it('orders alternating call by call each keep their own keys', () => {
    const schema = integers(4)
    const orders = [keysOf(4), keysOf(4).reverse(), ['k1', 'k3'], keysOf(4)]
    for (let call = 0; call < 12; call++) {
      const order = orders[call % orders.length]!
      expect(coerceToolArgs(schema, deepFreeze(entries(order, (index) => `${index}`)))).toEqual(
        entries(order, (index) => index),
      )
    }
  })
})

describe('many schemas in turn', () => {
  it('twelve tools called in turn (more than the copy sites) each get their own keys coerced', () => {
    const tools = Array.from({ length: 12 }, (_, tool) => {
      const keys = Array.from({ length: 3 + (tool % 4) }, (_, index) => `t${tool}k${index}`)
      const properties = keys.map((key) => `"${key}": {"type": "integer"}`).join(', ')
      const schema = deepFreeze(
        JSON.parse(`{"type": "object", "properties": {${properties}, "__proto__": {"type": "integer"}}}`) as object,
      )
      return { keys, schema }
    })
    for (let call = 0; call < 36; call++) {
      const { keys, schema } = tools[call % tools.length]!
      const text = `{${keys.map((key, index) => `"${key}": "${index + call}"`).join(', ')}, "__proto__": "7"}`
      const output = coerceToolArgs(schema, deepFreeze(JSON.parse(text) as object)) as Record<string, unknown>
      expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
      expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toBe(7)
      expect(Object.keys(output)).toEqual([...keys, '__proto__'])
      keys.forEach((key, index) => expect(output[key]).toBe(index + call))
    }
  })
})

describe('objects with more keys than store sites', () => {
  it.each([16, 17, 24])('%i keys, every one stringified, are all coerced on repeated calls', (count) => {
    const schema = integers(count)
    for (let call = 0; call < 4; call++) {
      const args = deepFreeze(entries(keysOf(count), (index) => String(index * call)))
      const output = coerceToolArgs(schema, args) as Record<string, unknown>
      expect(output).toEqual(entries(keysOf(count), (index) => index * call))
      expect(Object.keys(output)).toEqual(keysOf(count))
    }
  })

  it('only the keys past position 16 change: the rest stay, in order', () => {
    const schema = integers(20)
    for (let call = 0; call < 3; call++) {
      const args = deepFreeze(entries(keysOf(20), (index) => (index >= 16 ? `${index}` : index)))
      expect(coerceToolArgs(schema, args)).toEqual(entries(keysOf(20), (index) => index))
    }
  })
})

describe('prototype keys on the warm path', () => {
  /** Parsed, so that `__proto__` is an own key of `properties` and of the arguments. */
  function withProtoKeys(position: number, count: number): { schema: object; text: string; keys: string[] } {
    const keys = keysOf(count)
    keys.splice(position, 0, '__proto__', 'constructor')
    const properties = keys.map((key) => `"${key}": {"type": "integer"}`).join(', ')
    const schema = deepFreeze(JSON.parse(`{"type": "object", "properties": {${properties}}}`) as object)
    const text = `{${keys.map((key, index) => `"${key}": "${index}"`).join(', ')}}`
    return { schema, text, keys }
  }

  it.each([
    ['first', 0, 3],
    ['in the middle', 5, 10],
    ['past the store sites', 17, 18],
  ])('__proto__ and constructor (%s) stay own data properties of every output', (_title, position, count) => {
    const { schema, text, keys } = withProtoKeys(position, count)
    for (let call = 0; call < 4; call++) {
      const args = deepFreeze(JSON.parse(text) as object)
      const output = coerceToolArgs(schema, args) as Record<string, unknown>
      expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
      expect(Object.keys(output)).toEqual(keys)
      keys.forEach((key, index) => expect(Object.getOwnPropertyDescriptor(output, key)?.value).toBe(index))
    }
    expect(Object.prototype).not.toHaveProperty('k0')
    expect(typeof Object.prototype.constructor).toBe('function')
  })

  it('a __proto__ key holding an object, coerced warm, never becomes a prototype', () => {
    const schema = deepFreeze(
      JSON.parse(
        '{"type": "object", "properties": {"n": {"type": "integer"}, "__proto__": {"type": "object", "properties": {"polluted": {"type": "integer"}}}}}',
      ) as object,
    )
    for (let call = 0; call < 4; call++) {
      const output = coerceToolArgs(
        schema,
        JSON.parse('{"n": "1", "__proto__": "{\\"polluted\\": \\"2\\"}"}') as object,
      ) as Record<string, unknown>
      expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
      expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: 2 })
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    }
  })
})

describe('inherited enumerable keys on the warm path', () => {
  it('an inherited key in the same place as the remembered own key is not read or written', () => {
    const schema = deepFreeze({ type: 'object', properties: { m: integer, n: integer } })
    for (let call = 0; call < 3; call++) expect(coerceToolArgs(schema, { m: '2', n: '1' })).toEqual({ m: 2, n: 1 })
    // for...in yields the own `m`, then the inherited `n`: the remembered order.
    const args = Object.create({ n: '1' }) as Record<string, unknown>
    args['m'] = '2'
    for (let call = 0; call < 3; call++) {
      const output = coerceToolArgs(schema, args) as Record<string, unknown>
      expect(output).toEqual({ m: 2 })
      expect(Object.hasOwn(output, 'n')).toBe(false)
    }
    expect(coerceToolArgs(schema, { m: '3', n: '4' })).toEqual({ m: 3, n: 4 })
  })

  it('null-prototype arguments and class instances with own keys are coerced on repeated calls', () => {
    const schema = deepFreeze({ type: 'object', properties: { m: integer, n: integer } })
    class Args {
      m = '2'
      n = '1'
    }
    for (let call = 0; call < 3; call++) {
      const bare = Object.assign(Object.create(null) as Record<string, unknown>, { m: '2', n: '1' })
      expect(coerceToolArgs(schema, bare)).toEqual({ m: 2, n: 1 })
      expect(coerceToolArgs(schema, new Args())).toEqual({ m: 2, n: 1 })
    }
  })
})
