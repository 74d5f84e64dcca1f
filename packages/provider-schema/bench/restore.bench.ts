// Benchmarks for @x/provider-schema, against the built dist/.
//
// The peer is the pipeline a user composes by hand from the packages this
// one is built on: coerceToolArgs (@x/arg-coerce) against the sanitized
// schema, then unmapArgKeys (@x/key-unmap) against the original. A warm
// restoreArgs should cost no more than that on the same input.
import { isDeepStrictEqual } from 'node:util'
import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import { renamedToolArgs, renamedToolSchema, runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { prepareToolSchema } from '../dist/index.js'

// The 15-property MCP-style schema the benches share (4 `$defs`, a nullable
// $ref, arrays of referenced objects), with five names a provider rejects,
// one of them inside `Address`.
const schemaText = JSON.stringify(renamedToolSchema())
const original = JSON.parse(schemaText) as Record<string, unknown>
// Anthropic's property-name rule is @x/key-unmap's default: the hand pipeline and ours rename alike.
const prepared = prepareToolSchema(original, { provider: 'anthropic' })
const sanitized = sanitizeToolSchema(original)

// What the model sends: sanitized names, five scalars as strings.
const modelArgs = renamedToolArgs()
const modelText = JSON.stringify(modelArgs)

function byHand(args: unknown): unknown {
  return unmapArgKeys(original, coerceToolArgs(sanitized, args))
}

function check(label: string, actual: unknown, wanted: unknown): void {
  if (!isDeepStrictEqual(actual, wanted)) throw new Error(`${label}: unexpected result ${JSON.stringify(actual)}`)
}
const expected = byHand(modelArgs)
check('restoreArgs', prepared.restoreArgs(modelArgs), expected)
check('restoreArgs from JSON text', prepared.restoreArgs(modelText), expected)
check('sent schema', prepared.schema, sanitized)

// Strict mode: the model sends every property, null for the ones it omits
// (so an optional `max price: null` comes back omitted).
const strict = prepareToolSchema(original, { provider: 'openai-strict' })
const { 'max price': _omitted, ...strictExpected } = expected as Record<string, unknown>
const strictArgs = strict.toModelArgs(strictExpected)
check('openai-strict restoreArgs', strict.restoreArgs(strictArgs), strictExpected)

const cases: BenchCase[] = [
  {
    name: 'restoreArgs 15 props, 5 renamed, 5 stringly (anthropic)',
    impls: {
      ours: () => prepared.restoreArgs(modelArgs),
      'hand-composed coerceToolArgs + unmapArgKeys': () => byHand(modelArgs),
    },
    note: 'the target: a warm restoreArgs costs no more than coerceToolArgs on the sanitized schema plus unmapArgKeys on the original, by hand, on the same arguments; both never mutate',
  },
  {
    name: 'restoreArgs from JSON text (anthropic)',
    impls: {
      ours: () => prepared.restoreArgs(modelText),
      'hand-composed JSON.parse + coerceToolArgs + unmapArgKeys': () => byHand(JSON.parse(modelText)),
    },
    note: 'the arguments as providers deliver them, a JSON string',
  },
  {
    name: 'restoreArgs openai-strict (nulls dropped)',
    impls: {
      ours: () => strict.restoreArgs(strictArgs),
      'hand-composed coerceToolArgs + unmapArgKeys (keeps the nulls)': () => byHand(strictArgs),
    },
    note: 'strict mode adds a walk that drops the nulls sent for omitted optional properties; the hand pipeline does not drop them, so it does less work and returns arguments the tool may reject',
  },
  {
    name: 'prepareToolSchema cached vs first',
    impls: {
      ours: () => prepareToolSchema(original, { provider: 'openai-strict' }),
      'ours, first preparation (JSON.parse + prepare)': () =>
        prepareToolSchema(JSON.parse(schemaText), { provider: 'openai-strict' }),
      'JSON.parse alone (baseline)': () => JSON.parse(schemaText),
    },
    note: 'ours = the same schema object again (a WeakMap hit); the first preparation needs a new object, parsed from the tools/list text, so JSON.parse alone is shown to subtract',
  },
]

runBench('@x/provider-schema', cases)
