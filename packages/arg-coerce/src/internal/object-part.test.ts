import { describe, expect, it } from 'vitest'
import { ObjectPart } from './object-part.js'
import { Shape } from './shape.js'
import type { Position, Slot } from './types.js'

// The cache of keys outside `properties` is internal, so this reads it: no output shows it, only memory does.
describe('ObjectPart: keys outside properties', () => {
  it('remembers at most 256 of them, and still gives every later key its node', () => {
    const shape = new Shape()
    shape.additional = [{ type: 'integer' }]
    const node = { types: 0 } as Position
    const part = new ObjectPart(shape, (slot: Slot) => (slot.node = node))
    for (let index = 0; index < 1000; index++) expect(part.nodeFor(`k${index}`)).toBe(node)
    expect((part as unknown as { dynamic: Map<string, unknown> }).dynamic.size).toBe(256)
  })
})
