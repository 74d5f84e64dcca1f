// coerceToolArgs against ajv's coerceTypes and TypeBox's Value.Convert on the
// 15-property MCP-style tool schema the benches share (@x/bench-utils'
// toolSchema: 4 $defs, a nullable $ref, arrays of referenced objects) whose
// arguments (toolArgs) carry 5 stringified scalars.
//
// Fresh arguments each call: ajv and TypeBox coerce in place, so every impl
// takes the next object of its own pool and first puts the 5 strings back
// (the same 5 stores for every impl, ours included, though ours never writes
// to its input).
import { runBench, toolArgs, toolSchema } from '@x/bench-utils'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { coerceToolArgs } from '../dist/index.js'

const schema = toolSchema()

// The same schema with every $ref replaced by a copy of its target.
function inline(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inline)
  if (typeof node !== 'object' || node === null) return node
  const record = node as Record<string, unknown>
  if (typeof record['$ref'] === 'string') {
    const { $ref, ...siblings } = record
    return {
      ...siblings,
      ...(inline((schema.$defs as Record<string, unknown>)[($ref as string).slice('#/$defs/'.length)]) as object),
    }
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) if (key !== '$defs') out[key] = inline(value)
  return out
}
const inlined = inline(schema) as object

const T = Type
const address = T.Object({ street: T.String(), city: T.String(), zip: T.Optional(T.String()) })
const item = T.Object({ sku: T.String(), qty: T.Integer(), price: T.Optional(T.Number()) })
const typebox = T.Object({
  query: T.String(),
  limit: T.Optional(T.Integer()),
  offset: T.Optional(T.Integer()),
  verbose: T.Optional(T.Boolean()),
  ratio: T.Optional(T.Number()),
  sort: T.Optional(T.Union([T.Literal('asc'), T.Literal('desc')])),
  tags: T.Optional(T.Array(T.String())),
  address: T.Optional(T.Union([address, T.Null()])),
  items: T.Optional(T.Array(item)),
  filters: T.Optional(
    T.Array(
      T.Object({
        field: T.String(),
        op: T.Union([T.Literal('eq'), T.Literal('lt'), T.Literal('gt')]),
        value: T.Optional(T.String()),
      }),
    ),
  ),
  paging: T.Optional(T.Object({ page: T.Optional(T.Integer()), size: T.Optional(T.Integer()) })),
  dryRun: T.Optional(T.Boolean()),
  locale: T.Optional(T.String()),
  since: T.Optional(T.String()),
  maxPrice: T.Optional(T.Union([T.Number(), T.Null()])),
})

type Args = Record<string, unknown>
const makeArgs: () => Args = toolArgs
const expected = { ...makeArgs(), limit: 10, offset: 0, verbose: true, ratio: 0.5, dryRun: false }

function pool(): () => Args {
  const entries = Array.from({ length: 64 }, makeArgs)
  let index = 0
  return () => {
    const args = entries[(index = (index + 1) & 63)]!
    args['limit'] = '10'
    args['offset'] = '0'
    args['verbose'] = 'true'
    args['ratio'] = '0.5'
    args['dryRun'] = 'false'
    return args
  }
}

const ajv = new Ajv2020({ coerceTypes: true, strict: false, validateFormats: false })
const validate = ajv.compile(schema)
const coldAjv = new Ajv2020({ coerceTypes: true, strict: false, validateFormats: false })

const next = { ours: pool(), inlined: pool(), ajv: pool(), typebox: pool(), cold: pool(), coldAjv: pool() }
const impls = {
  warm: {
    ours: () => coerceToolArgs(schema, next.ours()),
    ajv: () => {
      const args = next.ajv()
      validate(args)
      return args
    },
    '@sinclair/typebox': () => Value.Convert(typebox, next.typebox()),
  },
  cold: {
    ours: () => coerceToolArgs({ ...schema }, next.cold()),
    ajv: () => {
      const fresh = { ...schema }
      const args = next.coldAjv()
      coldAjv.compile(fresh)(args)
      coldAjv.removeSchema(fresh)
      return args
    },
  },
  inlined: {
    ours: () => coerceToolArgs(schema, next.ours()),
    'ours, $refs inlined': () => coerceToolArgs(inlined, next.inlined()),
  },
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
// Every impl must do the whole coercion on every call, not only the first:
// two laps of each pool (so every pooled object, after its 5 strings were put
// back) must give the expected output. ajv must also accept the arguments
// (a failed validation would stop its coercion early and look faster).
for (const [group, entries] of Object.entries(impls)) {
  for (const [name, run] of Object.entries(entries)) {
    for (let call = 0; call < 130; call++) {
      const output = run()
      if (!same(output, expected)) throw new Error(`${group}/${name} call ${call} computed ${JSON.stringify(output)}`)
    }
  }
}
const probe = makeArgs()
if (validate(probe) !== true || !same(probe, expected))
  throw new Error(`ajv did not accept or coerce: ${JSON.stringify(validate.errors)}`)
const untouched = makeArgs()
if (!same(coerceToolArgs(schema, untouched), expected) || !same(untouched, makeArgs()))
  throw new Error('ours changed its input')

// Scaling: an array of items in which every fourth quantity is a string.
const scaleSchema = {
  type: 'object',
  $defs: schema.$defs,
  properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } } },
}
// The same sizes with nothing to coerce show the walk alone: no copies, so
// no garbage (the copies of the first pair are most of the 1 MB case's
// garbage-collection time).
// The size is counted item by item (the JSON text of an array is its items'
// texts, a comma between each): stringifying the whole array after each push
// made building the 1 MB arguments quadratic, minutes of a smoke run.
function scaleArgs(bytes: number, stringEvery: number): { args: Args; bytes: number } {
  const items: Args[] = []
  const args = { items }
  let size = JSON.stringify(args).length
  while (size < bytes) {
    const index = items.length
    const item = {
      sku: `SKU-${index}`,
      qty: stringEvery > 0 && index % stringEvery === 0 ? String(index) : index,
      price: index + 0.25,
    }
    items.push(item)
    size += JSON.stringify(item).length + (index > 0 ? 1 : 0)
  }
  const total = JSON.stringify(args).length
  if (total !== size) throw new Error(`scaling: counted ${size} bytes, the arguments have ${total}`)
  return { args, bytes: total }
}
const small = scaleArgs(1024, 4)
const large = scaleArgs(1024 * 1024, 4)
const smallTyped = scaleArgs(1024, 0)
const largeTyped = scaleArgs(1024 * 1024, 0)
for (const { args } of [small, large]) {
  const output = coerceToolArgs(scaleSchema, args) as { items: Args[] }
  if (output.items.some((entry) => typeof entry['qty'] !== 'number'))
    throw new Error('scaling: a quantity was not coerced')
}
for (const { args } of [smallTyped, largeTyped])
  if (coerceToolArgs(scaleSchema, args) !== args) throw new Error('scaling: typed arguments were copied')

runBench('@x/arg-coerce', [
  {
    name: 'warm, 15-property MCP schema',
    impls: impls.warm,
    note: 'ajv: coerceTypes, precompiled, mutates in place; TypeBox: Value.Convert on the equivalent TypeBox schema (no $ref)',
  },
  {
    name: 'cold, new schema object each call',
    impls: impls.cold,
    note: 'a new root object each call: ours compiles its plan again, ajv compiles + validates (then removeSchema)',
  },
  {
    name: '$ref vs inlined schema',
    impls: impls.inlined,
    note: 'same arguments; the second impl is ours on the schema with every $ref replaced by its target',
  },
  { name: `scaling 1 KB (${small.bytes} bytes)`, impls: { ours: () => coerceToolArgs(scaleSchema, small.args) } },
  { name: `scaling 1 MB (${large.bytes} bytes)`, impls: { ours: () => coerceToolArgs(scaleSchema, large.args) } },
  {
    name: `scaling 1 KB, nothing to coerce (${smallTyped.bytes} bytes)`,
    impls: { ours: () => coerceToolArgs(scaleSchema, smallTyped.args) },
  },
  {
    name: `scaling 1 MB, nothing to coerce (${largeTyped.bytes} bytes)`,
    impls: { ours: () => coerceToolArgs(scaleSchema, largeTyped.args) },
  },
])

// Options on: the three opt-in options set, on arguments that none of them
// changes (no untyped position, no structure where only a string is
// admitted, only `true`/`false` booleans), so the row shows what having them
// on costs. It runs last so the rows above meet a process that has never
// seen options. The cast lets it run against a build whose options type does
// not declare them: such a build ignores unknown keys.
type Options = NonNullable<Parameters<typeof coerceToolArgs>[2]>
const optionsOn = { parseUntypedJson: true, stringifyStructures: true, looseBooleans: true } as Options
const optionsOff = { parseUntypedJson: false, stringifyStructures: false, looseBooleans: false } as Options
const nextWithOptions = { on: pool(), off: pool(), none: pool() }
const optionImpls = {
  ours: () => coerceToolArgs(schema, nextWithOptions.on(), optionsOn),
  'ours, options off': () => coerceToolArgs(schema, nextWithOptions.off(), optionsOff),
  'ours, no options object': () => coerceToolArgs(schema, nextWithOptions.none()),
}
for (const [name, run] of Object.entries(optionImpls)) {
  for (let call = 0; call < 130; call++) {
    const output = run()
    if (!same(output, expected)) throw new Error(`options/${name} call ${call} computed ${JSON.stringify(output)}`)
  }
}

runBench('@x/arg-coerce', [
  {
    name: 'options on, warm 15-property MCP schema',
    impls: optionImpls,
    note: 'ours = { parseUntypedJson, stringifyStructures, looseBooleans } all true, on the warm row arguments, which none of them changes; options off = the same three false; the target: ours ÷ options off at least 0.91x (on within 1.1x of off)',
  },
])
