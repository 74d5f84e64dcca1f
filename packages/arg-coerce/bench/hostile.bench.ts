// Hostile schemas and arguments, at the sizes that used to cost seconds or
// gigabytes: each row's time per call shows a regression to superlinear
// cost, and its note records the heap growth of one call (heapUsed before
// and after, after a collection when the process runs with --expose-gc).
import { runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { coerceToolArgs, coerceToolArgsWithPatch } from '../dist/index.js'

const integer = { type: 'integer' }
const gc = (globalThis as { gc?: () => void }).gc

function heapGrowth(run: () => unknown): string {
  gc?.()
  const before = process.memoryUsage().heapUsed
  const start = performance.now()
  const kept = run()
  const elapsed = performance.now() - start
  const after = process.memoryUsage().heapUsed
  if (kept === undefined) throw new Error('no result')
  return `one call: ${elapsed.toFixed(1)} ms, heapUsed ${((after - before) / 1024 / 1024).toFixed(1)} MB${gc === undefined ? ' (no --expose-gc)' : ''}`
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`hostile bench: ${what}`)
}

// properties P x anyOf of W empty branches, a new schema object each call (compile cost).
const properties: Record<string, unknown> = {}
for (let index = 0; index < 8000; index++) properties[`p${index}`] = integer
const wide = { type: 'object', properties, anyOf: Array.from({ length: 8000 }, () => ({})) }
const compileWide = (): unknown => coerceToolArgs({ ...wide }, { p1: '1' })
check((compileWide() as { p1: unknown }).p1 === 1, 'wide union')

// A nested-quantifier patternProperties key pattern and the key that makes it backtrack.
const redos = { type: 'object', patternProperties: { '^(a+)+$': integer }, additionalProperties: integer }
const evil = { [`${'a'.repeat(29)}!`]: '5' }
const runRedos = (): unknown => coerceToolArgs({ ...redos }, evil)
check(runRedos() === evil, 'pattern')

// Arguments that share objects: a DAG of 24 levels, and a cycle with two back-references.
const tree = {
  $defs: { N: { type: 'object', properties: { a: { $ref: '#/$defs/N' }, b: { $ref: '#/$defs/N' }, n: integer } } },
  $ref: '#/$defs/N',
}
let dag: Record<string, unknown> = { n: '1' }
for (let level = 0; level < 24; level++) dag = { a: dag, b: dag, n: '1' }
const cycle: Record<string, unknown> = { n: '1' }
cycle['a'] = cycle
cycle['b'] = cycle
check((coerceToolArgs(tree, dag) as { n: unknown }).n === 1, 'dag')
check(coerceToolArgsWithPatch(tree, cycle).patch.length === 1, 'cycle')

// A JSON string no branch admits, sent to a union of 16 object branches.
const branches = Array.from({ length: 16 }, (_, index) => ({
  type: 'object',
  properties: { [`k${index}`]: integer },
  required: [`k${index}`],
}))
const union = { type: 'object', properties: { v: { anyOf: branches } } }
const unionArgs = { v: `[${'1,'.repeat(10_000)}1]` }
check(coerceToolArgs(union, unionArgs) === unionArgs, 'union')

// 60 declared names of 1 MB: the generated code would hold every name several times.
const names = Array.from({ length: 60 }, (_, index) => `${index}`.padEnd(1024 * 1024, 'n'))
const huge = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, integer])) }
const hugeArgs = { [names[0]!]: '1' }
const runHuge = (): unknown => coerceToolArgs(huge, hugeArgs)
for (let call = 0; call < 3; call++) check((runHuge() as Record<string, unknown>)[names[0]!] === 1, 'names')

const cases: BenchCase[] = [
  {
    name: 'hostile: properties 8,000 x anyOf of 8,000 empty branches, compiled each call',
    impls: { ours: compileWide },
  },
  { name: 'hostile: patternProperties ^(a+)+$ with a 30-character key, compiled each call', impls: { ours: runRedos } },
  { name: 'hostile: DAG of 24 levels (2^24 paths)', impls: { ours: () => coerceToolArgs(tree, dag) } },
  {
    name: 'hostile: cycle with two back-references, with patch',
    impls: { ours: () => coerceToolArgsWithPatch(tree, cycle) },
  },
  {
    name: 'hostile: 20 KB JSON array text to a union of 16 object branches',
    impls: { ours: () => coerceToolArgs(union, unionArgs) },
  },
  { name: 'hostile: 60 declared names of 1 MB, warm', impls: { ours: runHuge } },
]
for (const benchCase of cases) benchCase.note = heapGrowth(benchCase.impls['ours']!)

runBench('@x/arg-coerce', cases)
