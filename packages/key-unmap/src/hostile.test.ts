// Untrusted schemas and arguments across both functions: names such as
// `__proto__` and `constructor` stay own data and no prototype changes.
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapArgKeys } from './unmap-arg-keys.js'

type Json = Record<string, unknown>
// JSON.parse creates `__proto__` as an own key, exactly like model output does.
const parse = (text: string): Json => JSON.parse(text) as Json
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()

afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys)
  expect(({} as Json)['polluted']).toBeUndefined()
})

describe('prototype safety: schemas', () => {
  it('keeps properties named __proto__ and constructor as own names of a plain object', () => {
    const schema = parse(
      '{"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"a b":{}},"required":["__proto__"]}',
    )
    const properties = (sanitizeToolSchema(schema) as { properties: Json }).properties
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
    expect(Object.keys(properties)).toEqual(['__proto__', 'constructor', 'a_b'])
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' })
  })

  it('writes a name that sanitizes to __proto__ as an own key, never as the prototype', () => {
    const schema = parse('{"properties":{"__proto_!":{"properties":{"polluted":{"const":true}}}}}')
    const properties = (sanitizeToolSchema(schema) as { properties: Json }).properties
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
    expect(Object.hasOwn(properties, '__proto__')).toBe(true)
  })

  it('does not read an inherited constructor or toString as a keyword or a property', () => {
    const schema = { properties: { 'a b': {} } }
    const result = sanitizeToolSchema(schema) as Json
    expect(Object.keys(result)).toEqual(['properties'])
  })
})

describe('prototype safety: arguments', () => {
  const schema = parse(
    '{"properties":{"a b":{},"__proto_!":{"properties":{"c d":{}}},"__proto__":{"properties":{"e f":{}}}}}',
  )

  it('passes an own __proto__ key through as an own key when the object is copied', () => {
    const result = unmapArgKeys(parse('{"properties":{"a b":{}}}'), parse('{"__proto__":{"polluted":true},"a_b":1}'))
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(JSON.stringify(result)).toBe('{"__proto__":{"polluted":true},"a b":1}')
  })

  it('restores a renamed form that the model spelled __proto__ to its original name', () => {
    const sanitizedNames = Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)
    expect(sanitizedNames).toEqual(['a_b', '__proto___2', '__proto__'])
    const result = unmapArgKeys(schema, parse('{"__proto___2":{"c_d":1},"__proto__":{"e_f":2}}'))
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(JSON.stringify(result)).toBe('{"__proto_!":{"c d":1},"__proto__":{"e f":2}}')
  })

  it('keeps writing a restored __proto__ as an own key when the same key order comes again', () => {
    for (let round = 0; round < 3; round++) {
      const result = unmapArgKeys(schema, parse('{"a_b":0,"__proto___2":{"c_d":1},"__proto__":{"e_f":2}}'))
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
      expect(JSON.stringify(result)).toBe('{"a b":0,"__proto_!":{"c d":1},"__proto__":{"e f":2}}')
    }
  })

  it('never treats inherited members (constructor, toString, hasOwnProperty) as declared properties', () => {
    const args = parse('{"constructor":{"a_b":1},"toString":{"a_b":2},"hasOwnProperty":3}')
    expect(unmapArgKeys(schema, args)).toBe(args)
  })
})
