// Benchmarks for @x/key-unmap, against the built dist/.
//
// No npm library maps sanitized keys back, so there is no direct peer. The
// issue's target is relative to `coerceToolArgs` (@x/arg-coerce), the other
// pass every tool call takes: unmapping should cost at most as much as
// coercing the same arguments. arg-coerce is a workspace sibling, not a
// dependency of this package (key-unmap must not depend on it), so its built
// dist/ is loaded by path when present; without it the row is skipped.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { sanitizeToolSchema, unmapArgKeys } from '../dist/index.js'

// An MCP-style tool schema: 15 properties, 4 `$defs`, five names a provider
// rejects (four at the top, one inside the referenced `User`).
const schemaText = JSON.stringify({
  type: 'object',
  title: 'create_ticketArguments',
  properties: {
    title: { type: 'string' },
    'issue body': { type: 'string' },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
    labels: { type: 'array', items: { type: 'string' } },
    assignee: { $ref: '#/$defs/User' },
    'due date': { type: 'string', format: 'date' },
    estimate: { type: 'integer' },
    'is blocking': { type: 'boolean' },
    project: { $ref: '#/$defs/Project' },
    milestone: { anyOf: [{ $ref: '#/$defs/Milestone' }, { type: 'null' }], default: null },
    attachments: { type: 'array', items: { $ref: '#/$defs/Attachment' } },
    'issue_class~neq': { type: 'string' },
    notify: { type: 'boolean', default: true },
    parent: { type: 'integer' },
    meta: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['title', 'issue body', 'project'],
  $defs: {
    User: { type: 'object', properties: { id: { type: 'integer' }, 'display name': { type: 'string' } }, required: ['id'] },
    Project: { type: 'object', properties: { key: { type: 'string' }, id: { type: 'integer' } } },
    Milestone: { type: 'object', properties: { name: { type: 'string' }, due: { type: 'string' } } },
    Attachment: { type: 'object', properties: { url: { type: 'string' }, size: { type: 'integer' } } },
  },
})
const original = JSON.parse(schemaText) as Record<string, unknown>
const sanitized = sanitizeToolSchema(original)

// What the model sends: sanitized names, values already of the right types.
const modelArgs = {
  title: 'Login fails',
  issue_body: 'Steps to reproduce...',
  priority: 'high',
  labels: ['auth', 'bug'],
  assignee: { id: 7, display_name: 'Ada' },
  due_date: '2026-12-01',
  estimate: 3,
  is_blocking: true,
  project: { key: 'WEB', id: 2 },
  milestone: { name: 'v2', due: '2026-12-24' },
  attachments: [{ url: 'https://x.test/a.png', size: 120 }],
  issue_class_neq: 'spam',
  notify: false,
  parent: 41,
  meta: { source: 'chat' },
}
const expected = {
  ...modelArgs,
  'issue body': modelArgs.issue_body,
  assignee: { id: 7, 'display name': 'Ada' },
  'due date': modelArgs.due_date,
  'is blocking': modelArgs.is_blocking,
  'issue_class~neq': modelArgs.issue_class_neq,
}
for (const key of ['issue_body', 'due_date', 'is_blocking', 'issue_class_neq']) delete (expected as Record<string, unknown>)[key]

function check(label: string, actual: unknown, wanted: unknown): void {
  if (!isDeepStrictEqual(actual, wanted)) throw new Error(`${label}: unexpected result ${JSON.stringify(actual)}`)
}
check('unmapArgKeys', unmapArgKeys(original, modelArgs), expected)
check('unmapArgKeys key order', Object.keys(unmapArgKeys(original, modelArgs) as object), Object.keys(modelArgs).map((key) => ({ issue_body: 'issue body', due_date: 'due date', is_blocking: 'is blocking', issue_class_neq: 'issue_class~neq' })[key] ?? key))

type Coerce = (schema: unknown, args: unknown) => unknown
const argCoercePath = fileURLToPath(new URL('../../arg-coerce/dist/index.js', import.meta.url))
const coerceToolArgs: Coerce | undefined = existsSync(argCoercePath)
  ? ((await import(argCoercePath)) as { coerceToolArgs?: Coerce }).coerceToolArgs
  : undefined
if (coerceToolArgs === undefined) console.log('@x/arg-coerce dist/ not found: its row is skipped')
else check('coerceToolArgs (nothing to coerce)', coerceToolArgs(sanitized, modelArgs), modelArgs)

const cases: BenchCase[] = [
  {
    name: 'unmap 15 props, 5 renamed (1 via $ref)',
    impls: {
      ours: () => unmapArgKeys(original, modelArgs),
      ...(coerceToolArgs === undefined ? {} : { '@x/arg-coerce coerceToolArgs': () => coerceToolArgs(sanitized, modelArgs) }),
    },
    note: 'the target: unmapArgKeys(original, args) costs at most coerceToolArgs(sanitized, args) on the same model arguments (well-typed, so coercion copies nothing); warm caches for both',
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
runBench('@x/key-unmap', cases)
