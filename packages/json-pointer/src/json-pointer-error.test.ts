import { describe, expect, it } from 'vitest'
import { JsonPointerError } from './json-pointer-error.js'
import { parse } from './parse.js'

describe('JsonPointerError', () => {
  it('is an Error with a name, a code, the pointer and a position', () => {
    let error: unknown
    try {
      parse('/ok/~x')
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(JsonPointerError)
    expect(error).toMatchObject({ name: 'JsonPointerError', code: 'INVALID_ESCAPE', pointer: '/ok/~x', position: 4 })
    expect(String(error)).toMatch(/^JsonPointerError: Invalid JSON Pointer "\/ok\/~x" at position 4: /)
    expect((error as Error).stack).toContain('JsonPointerError')
  })

  it('can be constructed by callers who re-report a pointer problem', () => {
    const error = new JsonPointerError('MISSING_SLASH', 'x', 0, 'a non-empty pointer must start with "/"')
    expect(error.message).toBe('Invalid JSON Pointer "x" at position 0: a non-empty pointer must start with "/"')
  })
})
