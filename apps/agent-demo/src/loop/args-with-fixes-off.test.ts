// key-unmap's end-to-end test (here, where arg-coerce and key-unmap are
// both available): the documented pipeline
//   unmapArgKeys(original, coerceToolArgs(sanitizeToolSchema(original), modelArgs))
// run through the packages' public entry points, against the loop's
// `restoreCall` (the generic profile) and through the loop; then the steps
// taken apart as `compare` runs them with one fix off.
import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import { prepareToolset } from '@x/provider-schema'
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { bridgeCall, fakeTool, oneBatch, runScripted } from '../testing/loop-harness.js'
import type { JsonObject } from '../tools/types.js'
import { argsWithFixesOff } from './args-with-fixes-off.js'
import { DEFAULT_PROVIDER } from './session-tools.js'
import { validateArgs } from './validate-args.js'

// The case as pydantic emits it: the model with `Field(alias="first name")`
// hoisted into $defs, a count behind a $ref, and a zod-style pointer through a property.
const original = deepFreeze({
  type: 'object',
  $defs: {
    Person: {
      type: 'object',
      properties: { 'first name': { type: 'string' }, age: { $ref: '#/$defs/Count' } },
      required: ['first name'],
    },
    Count: { type: 'integer', minimum: 0 },
  },
  properties: {
    person: { $ref: '#/$defs/Person' },
    count: { $ref: '#/$defs/Count' },
    'max items': { type: 'integer' },
    backup: { $ref: '#/properties/person' },
  },
  required: ['person', 'count'],
}) as JsonObject

const modelArgs = deepFreeze({
  person: { first_name: 'Ada', age: '36' },
  count: '5',
  max_items: '10',
  backup: { first_name: 'Bob' },
}) as JsonObject
const pipeline = (args: JsonObject): unknown =>
  unmapArgKeys(original, coerceToolArgs(sanitizeToolSchema(original), args))

describe('key-unmap end-to-end: unmapArgKeys(original, coerceToolArgs(sanitizeToolSchema(original), modelArgs))', () => {
  it('the schema the model sees names `first_name`, inside the referenced definition too', () => {
    const sanitized = sanitizeToolSchema(original) as { $defs: { Person: { properties: object } }; properties: object }
    expect(Object.keys(sanitized.$defs.Person.properties)).toEqual(['first_name', 'age'])
    expect(Object.keys(sanitized.properties)).toEqual(['person', 'count', 'max_items', 'backup'])
  })

  it("restores `first name` inside a $ref'd object", () => {
    expect(pipeline(modelArgs)).toMatchObject({ person: { 'first name': 'Ada' } })
  })

  it('coerces "5" to 5 behind a $ref, at the top level and inside the referenced object', () => {
    expect(pipeline(modelArgs)).toMatchObject({ count: 5, person: { age: 36 } })
  })

  it('follows a zod-style #/properties/... pointer and restores a renamed top-level key', () => {
    expect(pipeline(modelArgs)).toMatchObject({ backup: { 'first name': 'Bob' }, 'max items': 10 })
  })

  it('gives exactly the arguments the tool declared, which validate against the original schema', () => {
    const result = pipeline(modelArgs)
    expect(result).toEqual({
      person: { 'first name': 'Ada', age: 36 },
      count: 5,
      'max items': 10,
      backup: { 'first name': 'Bob' },
    })
    expect(validateArgs(original, result)).toEqual({ valid: true })
  })

  it("is what the loop's restoreCall gives with the default profile, and leaves the model arguments untouched", () => {
    const toolset = prepareToolset([{ name: 'mcp__people__add', inputSchema: original }], {
      provider: DEFAULT_PROVIDER,
    })
    expect(toolset.restoreCall({ name: 'mcp__people__add', arguments: modelArgs })).toMatchObject({
      ok: true,
      name: 'mcp__people__add',
      arguments: pipeline(modelArgs),
    })
    expect(modelArgs).toEqual({
      person: { first_name: 'Ada', age: '36' },
      count: '5',
      max_items: '10',
      backup: { first_name: 'Bob' },
    })
  })

  it('through the loop: the tool receives the restored, coerced arguments and the result records both sides', async () => {
    const received = new Map<string, JsonObject>()
    const tool = fakeTool('mcp__people__add', [], received, { toolset: 'files', schema: original })
    const run = await runScripted(oneBatch(bridgeCall('call_e2e', [['mcp__people__add', modelArgs]])), [tool])
    expect(run.results[0]).toMatchObject({ status: 'ok', argsSent: modelArgs })
    expect(received.get('call_e2e')).toEqual({
      person: { 'first name': 'Ada', age: 36 },
      count: 5,
      'max items': 10,
      backup: { 'first name': 'Bob' },
    })
    expect(run.results[0]!.argsReceived).toEqual(received.get('call_e2e'))
  })
})

describe('argsWithFixesOff: the fixes taken apart, for compare', () => {
  it.each([
    [
      'coercion off: names restored, strings left',
      { coerce: false, restoreKeys: true },
      { person: { 'first name': 'Ada', age: '36' }, count: '5', 'max items': '10', backup: { 'first name': 'Bob' } },
    ],
    [
      'key restore off: coerced, sanitized names left',
      { coerce: true, restoreKeys: false },
      { person: { first_name: 'Ada', age: 36 }, count: 5, max_items: 10, backup: { first_name: 'Bob' } },
    ],
    ['both off: the model arguments as sent', { coerce: false, restoreKeys: false }, modelArgs],
    ['both on: the documented pipeline', { coerce: true, restoreKeys: true }, pipeline(modelArgs)],
  ] as const)('%s', (_title, fixes, expected) => {
    expect(argsWithFixesOff(original, modelArgs, deepFreeze({ ...fixes }))).toEqual(expected)
  })
})
