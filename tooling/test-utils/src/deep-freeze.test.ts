import { describe, expect, it } from 'vitest'
import { deepFreeze } from './deep-freeze.js'

describe('deepFreeze', () => {
  it('freezes nested objects and arrays', () => {
    const value = deepFreeze({ a: { b: [1, { c: 2 }] } })
    expect(Object.isFrozen(value.a.b[1])).toBe(true)
    expect(() => {
      ;(value.a.b as unknown[]).push(3)
    }).toThrow(TypeError)
  })

  it('terminates on cycles', () => {
    const cyclic: { self?: unknown } = {}
    cyclic.self = cyclic
    expect(Object.isFrozen(deepFreeze(cyclic))).toBe(true)
  })
})
