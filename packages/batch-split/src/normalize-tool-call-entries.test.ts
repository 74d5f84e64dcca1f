import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'

describe('normalizeToolCallEntries: accepted envelopes', () => {
  const a = { name: 'mcp__f__read', arguments: { path: 'a' } }
  const b = { name: 'mcp__f__list', arguments: {} }
  it.each([
    ['{"calls": [...]}', { calls: [a, b] }, [a, b]],
    ['calls as a JSON string of an array', { calls: JSON.stringify([a, b]) }, [a, b]],
    ['calls as a JSON string of one entry', { calls: JSON.stringify(a) }, [a]],
    ['calls as one object', { calls: a }, [a]],
    ['the legacy {name, arguments}', { name: 'mcp__f__read', arguments: { path: 'a' } }, [a]],
    ['the legacy shape with calls: null', { calls: null, name: 'mcp__f__read', arguments: '{"path":"a"}' }, [a]],
    ['the whole envelope as JSON text', JSON.stringify({ calls: [a, b] }), [a, b]],
    ['entry arguments as a JSON string', { calls: [{ name: 'mcp__f__read', arguments: '{"path":"a"}' }] }, [a]],
    ['entry arguments missing', { calls: [{ name: 'mcp__f__list' }] }, [b]],
    ['entry arguments null', { calls: [{ name: 'mcp__f__list', arguments: null }] }, [b]],
    ['entry arguments blank', { calls: [{ name: 'mcp__f__list', arguments: ' \n' }] }, [b]],
    ['entry arguments empty string', { calls: [{ name: 'mcp__f__list', arguments: '' }] }, [b]],
    ['a name with spaces around it (trimmed)', { calls: [{ name: '  mcp__f__list\t', arguments: {} }] }, [b]],
    ['extra entry keys (dropped)', { calls: [{ name: 'mcp__f__list', arguments: {}, id: 'x' }] }, [b]],
  ])('accepts %s', (_, args, expected) => {
    expect(normalizeToolCallEntries(deepFreeze(args))).toEqual({ entries: expected })
  })

  it('shares each entry arguments object with the input instead of copying it', () => {
    const args = deepFreeze({ calls: [{ name: 'x', arguments: { deep: { value: 1 } } }] })
    expect(normalizeToolCallEntries(args).entries?.[0]?.arguments).toBe(args.calls[0]!.arguments)
  })

  it('keeps an own "__proto__" argument as data, never as a prototype', () => {
    const result = normalizeToolCallEntries({ calls: [{ name: 'x', arguments: '{"__proto__":{"polluted":1}}' }] })
    const parsed = result.entries?.[0]?.arguments
    expect(Object.hasOwn(parsed!, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('reads only own properties: an inherited name is no name', () => {
    const entry = Object.create({ name: 'inherited' }) as object
    expect(normalizeToolCallEntries({ calls: [entry] })).toEqual({ error: "tool_call calls[0] requires a 'name'" })
  })
})

describe('normalizeToolCallEntries: exact errors', () => {
  it.each([
    ['no calls and no name', {}, "tool_call requires 'calls' (an array of {name, arguments})"],
    [
      'a blank legacy name',
      { name: '  ', arguments: {} },
      "tool_call requires 'calls' (an array of {name, arguments})",
    ],
    ['an empty array', { calls: [] }, "tool_call 'calls' must be a non-empty array of {name, arguments}"],
    ['calls as a number', { calls: 3 }, "tool_call 'calls' must be a non-empty array of {name, arguments}"],
    [
      'calls as a JSON string of a number',
      { calls: '3' },
      "tool_call 'calls' must be a non-empty array of {name, arguments}",
    ],
    [
      'an entry that is not an object',
      { calls: [{ name: 'a' }, 'b'] },
      "tool_call calls[1] must be an object with 'name' and 'arguments'",
    ],
    ['an entry that is an array', { calls: [[]] }, "tool_call calls[0] must be an object with 'name' and 'arguments'"],
    ['an entry without a name', { calls: [{ name: 'a' }, { arguments: {} }] }, "tool_call calls[1] requires a 'name'"],
    ['an entry with a blank name', { calls: [{ name: ' ' }] }, "tool_call calls[0] requires a 'name'"],
    ['an entry with a non-string name', { calls: [{ name: 7 }] }, "tool_call calls[0] requires a 'name'"],
    [
      'an entry naming tool_call',
      { calls: [{ name: 'tool_call' }] },
      "tool_call cannot invoke 'tool_call' (it is itself a bridge tool)",
    ],
    [
      'an entry naming tool_search',
      { calls: [{ name: 'a' }, { name: ' tool_search ' }] },
      "tool_call cannot invoke 'tool_search' (it is itself a bridge tool)",
    ],
    [
      'an entry naming tool_describe',
      { calls: [{ name: 'tool_describe' }] },
      "tool_call cannot invoke 'tool_describe' (it is itself a bridge tool)",
    ],
    [
      'arguments that are an array',
      { calls: [{ name: 'a', arguments: [] }] },
      'tool_call calls[0].arguments must be an object',
    ],
    [
      'arguments that are a number',
      { calls: [{ name: 'a', arguments: 1 }] },
      'tool_call calls[0].arguments must be an object',
    ],
    [
      'arguments JSON of a non-object',
      { calls: [{ name: 'a', arguments: '[1]' }] },
      'tool_call calls[0].arguments must be an object',
    ],
    [
      'arguments JSON null',
      { calls: [{ name: 'a', arguments: 'null' }] },
      'tool_call calls[0].arguments must be an object',
    ],
    ['args that are an array', [], "tool_call arguments must be an object with 'calls'"],
    ['args that are null', null, "tool_call arguments must be an object with 'calls'"],
  ])('rejects %s', (_, args, error) => {
    expect(normalizeToolCallEntries(deepFreeze(args))).toEqual({ error })
  })

  it.each([
    [
      'calls[0].arguments',
      { calls: [{ name: 'a', arguments: '{"path": "a"' }] },
      'tool_call calls[0].arguments is not valid JSON: unexpected end of input at position 12',
    ],
    [
      'calls[2].arguments',
      { calls: [{ name: 'a' }, { name: 'b' }, { name: 'c', arguments: "{'x': 1}" }] },
      'tool_call calls[2].arguments is not valid JSON: unexpected character at position 1',
    ],
    [
      "'calls'",
      { calls: '[{"name": "a"}' },
      "tool_call 'calls' is not valid JSON: unexpected end of input at position 14",
    ],
    ['the envelope', '{"calls": ', 'tool_call arguments are not valid JSON: unexpected end of input at position 10'],
  ])('says %s is not valid JSON, with the position and kind of fault only', (_, args, error) => {
    expect(normalizeToolCallEntries(deepFreeze(args))).toEqual({ error })
  })

  it('reports the first problem in entry order', () => {
    const args = { calls: [{ name: 'a', arguments: '{' }, { arguments: {} }] }
    expect(normalizeToolCallEntries(args).error).toMatch(/^tool_call calls\[0\]\.arguments is not valid JSON: /)
  })
})
