import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readDiscriminator } from './read-discriminator.js'

describe('readDiscriminator', () => {
  it.each(
    deepFreeze([
      {
        rule: 'reads propertyName and mapping',
        value: { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } },
        expected: { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } },
      },
      {
        rule: 'no mapping gives an empty one',
        value: { propertyName: 'kind' },
        expected: { propertyName: 'kind', mapping: {} },
      },
      {
        rule: 'a mapping that is not an object gives an empty one',
        value: { propertyName: 'kind', mapping: ['#/$defs/Dog'] },
        expected: { propertyName: 'kind', mapping: {} },
      },
      { rule: 'no propertyName: no discriminator', value: { mapping: {} }, expected: undefined },
      { rule: 'a propertyName that is not a string: none', value: { propertyName: 1 }, expected: undefined },
      { rule: 'a string: none', value: 'kind', expected: undefined },
      { rule: 'an array: none', value: ['kind'], expected: undefined },
      { rule: 'null: none', value: null, expected: undefined },
    ]),
  )('$rule', ({ value, expected }) => {
    expect(readDiscriminator(value)).toEqual(expected)
  })

  it('shares the mapping object instead of copying it', () => {
    const mapping = deepFreeze({ dog: '#/$defs/Dog' })
    expect(readDiscriminator({ propertyName: 'kind', mapping })?.mapping).toBe(mapping)
  })

  it('reads own properties only', () => {
    expect(readDiscriminator(Object.create({ propertyName: 'kind' }))).toBeUndefined()
    const inherited = Object.assign(Object.create({ mapping: { a: 'b' } }) as object, { propertyName: 'kind' })
    expect(readDiscriminator(inherited)).toEqual({ propertyName: 'kind', mapping: {} })
  })

  it('never throws and answers a string propertyName and an object mapping (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const discriminator = readDiscriminator(deepFreeze(value))
        if (discriminator === undefined) return
        expect(typeof discriminator.propertyName).toBe('string')
        expect(typeof discriminator.mapping === 'object' && !Array.isArray(discriminator.mapping)).toBe(true)
      }),
    )
  })
})
