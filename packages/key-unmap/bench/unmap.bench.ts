// Benchmarks for @x/key-unmap, against the built dist/.
//
// No npm library maps sanitized keys back, so there is no direct peer. The
// target is relative to `coerceToolArgs` (@x/arg-coerce), the other
// pass every tool call takes: unmapping should cost at most as much as
// coercing the same arguments. arg-coerce is a workspace sibling, not a
// dependency of this package (key-unmap must not depend on it), so its built
// dist/ is loaded by path when present; without it the row is skipped.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { renamedToolArgs, renamedToolSchema, runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { sanitizeToolSchema, unmapArgKeys } from '../dist/index.js'

// The 15-property MCP-style schema the benches share (4 `$defs`: a nullable
// $ref, arrays of referenced objects, a $ref with a sibling), with five names
// a provider rejects: four at the top, one (`zip code`) inside the referenced
// `Address`.
const schemaText = JSON.stringify(renamedToolSchema())
const original = JSON.parse(schemaText) as Record<string, unknown>
const sanitized = sanitizeToolSchema(original)

// What the model sends: sanitized names, and (as in arg-coerce's benchmark)
// five scalars as strings, which unmapping leaves alone.
const modelArgs = renamedToolArgs()
const restored: Record<string, string> = {
  search_query: 'search query',
  dry_run: 'dry run',
  created_gte: 'created~gte',
  max_price: 'max price',
}
const expected = Object.fromEntries(
  Object.entries(modelArgs).map(([key, value]) => [
    restored[key] ?? key,
    key === 'address' ? { street: '1 Main St', city: 'Springfield', 'zip code': '07030' } : value,
  ]),
)
const coerced = { ...modelArgs, limit: 10, offset: 0, verbose: true, ratio: 0.5, dry_run: false }

function check(label: string, actual: unknown, wanted: unknown): void {
  if (!isDeepStrictEqual(actual, wanted)) throw new Error(`${label}: unexpected result ${JSON.stringify(actual)}`)
}
check('unmapArgKeys', unmapArgKeys(original, modelArgs), expected)
check('unmapArgKeys key order', Object.keys(unmapArgKeys(original, modelArgs) as object), Object.keys(expected))

type Coerce = (schema: unknown, args: unknown) => unknown
const argCoercePath = fileURLToPath(new URL('../../arg-coerce/dist/index.js', import.meta.url))
const coerceToolArgs: Coerce | undefined = existsSync(argCoercePath)
  ? ((await import(argCoercePath)) as { coerceToolArgs?: Coerce }).coerceToolArgs
  : undefined
if (coerceToolArgs === undefined) console.log('@x/arg-coerce dist/ not found: its row is skipped')
else check('coerceToolArgs', coerceToolArgs(sanitized, modelArgs), coerced)

const cases: BenchCase[] = [
  {
    name: 'unmap 15 props, 5 renamed (1 via $ref)',
    impls: {
      ours: () => unmapArgKeys(original, modelArgs),
      ...(coerceToolArgs === undefined
        ? {}
        : { '@x/arg-coerce coerceToolArgs': () => coerceToolArgs(sanitized, modelArgs) }),
    },
    note: 'the target: unmapArgKeys(original, args) costs at most coerceToolArgs(sanitized, args) on the same model arguments (arg-coerce benchmark schema, 5 keys renamed, 5 stringified scalars); both warm, both never mutate',
  },
  {
    name: 'sanitizeToolSchema repeated vs first',
    impls: {
      ours: () => sanitizeToolSchema(original),
      'ours, first sanitize (JSON.parse + sanitize)': () => sanitizeToolSchema(JSON.parse(schemaText)),
      'JSON.parse alone (baseline)': () => JSON.parse(schemaText),
    },
    note: 'ours = the same schema object again (a cache hit); the first sanitize needs a new object, parsed from the tools/list text, so JSON.parse alone is shown to subtract',
  },
  {
    name: 'unmap on a new schema object (cold)',
    impls: {
      ours: () => unmapArgKeys(original, modelArgs),
      'ours, cold (JSON.parse + unmap)': () => unmapArgKeys(JSON.parse(schemaText), modelArgs),
      'JSON.parse alone (baseline)': () => JSON.parse(schemaText),
    },
    note: 'cold = a schema object never seen: renames, sanitize check and plans are computed, then cached',
  },
]

check('cold first sanitize', sanitizeToolSchema(JSON.parse(schemaText)), sanitized)
check('cold unmap', unmapArgKeys(JSON.parse(schemaText), modelArgs), expected)
// The cases above run in a process that has seen this one tool only, as the
// target describes; the several-tools case comes after, because V8's
// per-site caches, once they have seen four tools, stay in that state for
// the rest of the process (run first, it would slow the cases above).
runBench('@x/key-unmap', cases)

// An agent has several tools: four with this structure but names of their
// own (`limit_t1`, `search query_t1`, ...), called in turn. Caches that keep
// only the last schema miss on every call, and V8's per-site caches see four
// layouts instead of one: the single-tool case above is the best case.
const tools = [0, 1, 2, 3].map((tool) => {
  const suffix = tool === 0 ? '' : `_t${tool}`
  const schema = JSON.parse(schemaText) as { properties: Record<string, unknown>; required: string[] }
  schema.properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, value]) => [name + suffix, value]),
  )
  schema.required = schema.required.map((name) => name + suffix)
  const args = Object.fromEntries(Object.entries(modelArgs).map(([key, value]) => [key + suffix, value]))
  const wanted = Object.fromEntries(Object.entries(expected).map(([key, value]) => [key + suffix, value]))
  const coercedArgs = Object.fromEntries(Object.entries(coerced).map(([key, value]) => [key + suffix, value]))
  return { schema, sanitized: sanitizeToolSchema(schema), args, wanted, coercedArgs }
})
for (const tool of tools) {
  check('unmapArgKeys, several tools', unmapArgKeys(tool.schema, tool.args), tool.wanted)
  check(
    'unmapArgKeys key order, several tools',
    Object.keys(unmapArgKeys(tool.schema, tool.args) as object),
    Object.keys(tool.wanted),
  )
  if (coerceToolArgs !== undefined)
    check('coerceToolArgs, several tools', coerceToolArgs(tool.sanitized, tool.args), tool.coercedArgs)
}
let unmapTurn = 0
let coerceTurn = 0

runBench('@x/key-unmap', [
  {
    name: 'unmap, 4 tools in turn',
    impls: {
      ours: () => {
        const tool = tools[(unmapTurn = (unmapTurn + 1) & 3)]!
        return unmapArgKeys(tool.schema, tool.args)
      },
      ...(coerceToolArgs === undefined
        ? {}
        : {
            '@x/arg-coerce coerceToolArgs': () => {
              const tool = tools[(coerceTurn = (coerceTurn + 1) & 3)]!
              return coerceToolArgs(tool.sanitized, tool.args)
            },
          }),
    },
    note: 'the same comparison with four tools of this structure (other property names) called in turn, as an agent does: no last-schema shortcut hits, and V8 sees four layouts per site; not the target, shown because the single-tool case is the best case',
  },
  {
    name: 'unmap 15 props, after 4 tools were seen',
    impls: {
      ours: () => unmapArgKeys(original, modelArgs),
      ...(coerceToolArgs === undefined
        ? {}
        : { '@x/arg-coerce coerceToolArgs': () => coerceToolArgs(sanitized, modelArgs) }),
    },
    note: 'the first case again (one tool, same input), in a process whose per-site caches have seen four tools: what a long-running agent gets for its busiest tool',
  },
])
