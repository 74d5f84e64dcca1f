// Hostile inputs for @x/key-unmap, against the built dist/: schemas from a
// tool server and arguments from a model, built to make a cost superlinear.
// Each row is one call on a large case, so that a regression to quadratic
// or exponential cost shows as a collapse of its ops/s; the retained heap of
// one call is measured once and written into the row's note. Baselines
// (JSON.parse, a spread) are shown where each call must build a fresh input,
// so that their cost can be subtracted.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { sanitizePropertyName, sanitizeToolSchema, unmapArgKeys } from '../dist/index.js'

type Json = Record<string, unknown>

// A collectable heap for the memory notes: the bench runs without --expose-gc.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Heap still held after one call (its result included), in MB. */
function retainedMb(run: () => unknown): string {
  gc()
  const before = process.memoryUsage().heapUsed
  const kept = run()
  gc()
  const after = process.memoryUsage().heapUsed
  if (kept === Symbol.for('never')) console.log('')
  return ((after - before) / 1e6).toFixed(1)
}

function check(label: string, condition: boolean): void {
  if (!condition) throw new Error(`${label}: unexpected result`)
}

// 8,000 property names that all sanitize to `_`: each needs a suffix.
const collidingNames: Json = {}
for (let index = 0; index < 8000; index++) collidingNames[String.fromCodePoint(0x100 + index)] = {}
// Renames are cached per `properties` object: each call gets a fresh copy.
const colliding = (): unknown => sanitizeToolSchema({ properties: { ...collidingNames } })
check('colliding', Object.keys((colliding() as { properties: Json }).properties)[7999] === '__8000')

// 4,000 `$ref` targets kept in one vendor container (`x-defs`).
const graftDefs: Json = {}
const graftProperties: Json = {}
for (let index = 0; index < 4000; index++) {
  graftDefs[`d${index}`] = { properties: { 'a b': {} } }
  graftProperties[`p${index}`] = { $ref: `#/x-defs/d${index}` }
}
const graftText = JSON.stringify({ properties: graftProperties, 'x-defs': graftDefs })
const grafts = (): unknown => sanitizeToolSchema(JSON.parse(graftText))
check(
  'grafts',
  (grafts() as { 'x-defs': Record<string, { properties: Json }> })['x-defs']['d3999']!.properties['a_b'] !== undefined,
)

// A `$ref` 10,000 tokens deep into data (past the depth bound: left as is).
let deepData: Json = { properties: { 'a b': {} } }
for (let level = 0; level < 10_000; level++) deepData = { x: deepData }
const deepPointer = `#/data${'/x'.repeat(10_000)}`
// A new root each call (results are cached per schema object) around the same data.
const deepRef = (): unknown =>
  sanitizeToolSchema({ properties: { p: { $ref: deepPointer }, 'q r': {} }, data: deepData })
check('deep ref', Object.keys((deepRef() as { properties: Json }).properties)[1] === 'q_r')

// `^(a+)+$` and a 29-character key: each call a schema never seen, so the
// key is tested against the pattern every time.
const redosText = JSON.stringify({
  type: 'object',
  patternProperties: { '^(a+)+$': { properties: { 'a b': {} } } },
  properties: { 'c d': {} },
})
const redosArgs = { [`${'a'.repeat(29)}!`]: { a_b: 1 }, c_d: 2 }
const redos = (): unknown => unmapArgKeys(JSON.parse(redosText), redosArgs)
check('redos', Object.keys(redos() as Json)[1] === 'c d')

// Thirteen nested two-way unions of one definition (under 1 KB of schema),
// and a new key order on every call (more orders than the plans keep).
const unionDefs: Json = {}
for (let level = 0; level < 13; level++)
  unionDefs[`D${level}`] = { anyOf: [{ $ref: `#/$defs/D${level + 1}` }, { $ref: `#/$defs/D${level + 1}` }] }
unionDefs['D13'] = { type: 'object', properties: { 'a b': {}, 'c d': {} } }
const unionSchema = { $ref: '#/$defs/D0', $defs: unionDefs }
const unionOrders = Array.from({ length: 64 }, (_, index) => ({ a_b: 1, [`k${index}`]: 2 }))
let unionTurn = 0
const unions = (): unknown => unmapArgKeys(unionSchema, unionOrders[(unionTurn = (unionTurn + 1) & 63)])
check('unions', Object.keys(unions() as Json)[0] === 'a b')

// Arguments whose two children at each of 24 levels are one shared object.
const treeSchema = {
  $ref: '#/$defs/Node',
  $defs: {
    Node: {
      type: 'object',
      properties: { 'a b': {}, left: { $ref: '#/$defs/Node' }, right: { $ref: '#/$defs/Node' } },
    },
  },
}
let dag: Json = { a_b: 24 }
for (let level = 0; level < 24; level++) dag = { a_b: level, left: dag, right: dag }
const shared = (): unknown => unmapArgKeys(treeSchema, dag)
check('dag', (shared() as Json)['a b'] === 23)

// Eight model keys of a megabyte each beside a renamed one: the key order is
// seen on every call, but its names are past the generated-code budget.
const longKeys: Json = { a_b: 1 }
for (let index = 0; index < 8; index++) longKeys[String(index).repeat(1_000_000)] = index
const longSchema = { type: 'object', properties: { 'a b': {} } }
const long = (): unknown => unmapArgKeys(longSchema, longKeys)
check('long keys', Object.keys(long() as Json)[0] === 'a b')

// A new custom profile object, with a rule of its own, on every call.
let profileTurn = 0
const profiles = (): unknown =>
  sanitizePropertyName('a b', { profile: { characters: /[a-z_0-9]/, maxLength: 8 + (profileTurn++ % 100_000) } })
check('profiles', profiles() === 'a_b')

const mb = {
  colliding: retainedMb(colliding),
  grafts: retainedMb(grafts),
  deepRef: retainedMb(deepRef),
  redos: retainedMb(redos),
  unions: retainedMb(() => unionOrders.map((args) => unmapArgKeys(unionSchema, args))),
  shared: retainedMb(shared),
  long: retainedMb(long),
  profiles: retainedMb(() => {
    for (let index = 0; index < 100_000; index++) profiles()
  }),
}

const cases: BenchCase[] = [
  {
    name: 'hostile: 8,000 names that all sanitize to _',
    impls: {
      ours: colliding,
      'spread of the properties alone (baseline)': () => ({ properties: { ...collidingNames } }),
    },
    note: `sanitizeToolSchema on a fresh copy of the properties each call; heap retained by one call: ${mb.colliding} MB`,
  },
  {
    name: 'hostile: 4,000 $ref targets in one container',
    impls: { ours: grafts, 'JSON.parse alone (baseline)': () => JSON.parse(graftText) },
    note: `JSON.parse + sanitizeToolSchema; targets kept in one vendor x-defs map; heap retained by one call: ${mb.grafts} MB`,
  },
  {
    name: 'hostile: $ref 10,000 tokens deep into data',
    impls: { ours: deepRef },
    note: `sanitizeToolSchema on a new root around the same data; the target is past the depth bound and left as it is; heap retained by one call: ${mb.deepRef} MB`,
  },
  {
    name: 'hostile: ^(a+)+$ and a 29-character key',
    impls: { ours: redos, 'JSON.parse alone (baseline)': () => JSON.parse(redosText) },
    note: `JSON.parse + unmapArgKeys on a schema never seen; the pattern is refused by createPatternTest; heap retained by one call: ${mb.redos} MB`,
  },
  {
    name: 'hostile: 13 nested unions, new key order each call',
    impls: { ours: unions },
    note: `unmapArgKeys; 64 key orders in turn, more than the 4 kept per plan; heap retained by the 64 calls: ${mb.unions} MB`,
  },
  {
    name: 'hostile: arguments sharing sub-objects, 24 levels',
    impls: { ours: shared },
    note: `unmapArgKeys on a DAG of 25 objects with 2^24 paths; heap retained by one call: ${mb.shared} MB`,
  },
  {
    name: 'hostile: 8 model keys of 1 MB each',
    impls: { ours: long },
    note: `unmapArgKeys; the key order stays on the interpreter (names past the generated-code budget); heap retained by one call: ${mb.long} MB`,
  },
  {
    name: 'hostile: a new custom profile each call',
    impls: { ours: profiles },
    note: `sanitizePropertyName with a new NameProfile object and rule per call; heap retained after 100,000 of them: ${mb.profiles} MB`,
  },
]

runBench('@x/key-unmap', cases)
