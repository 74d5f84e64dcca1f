import { Ajv2020 } from 'ajv/dist/2020.js'
import { Ajv } from 'ajv'
import { loadMcpCorpus } from '@x/mcp-corpus'
import { coerceToolArgs } from '../dist/index.js'
const slug = process.env.SLUG ?? 'server-filesystem', name = process.env.TOOL ?? 'edit_file'
const schema = process.env.SCHEMA ? JSON.parse(process.env.SCHEMA) : loadMcpCorpus().find((e) => e.slug === slug)!.tools.find((t) => t.name === name)!.inputSchema as any
const ajv = new Ajv({ coerceTypes: true, strict: false, validateFormats: false })
const validate = ajv.compile(schema)
const text = process.env.TEXT ?? '[{"oldText": "teh", "newText": "the"}, {"oldText": "2025", "newText": "2026"}]'
const key = process.env.KEY ?? 'edits'
const base = JSON.parse(process.env.BASE ?? '{"path": "/tmp/notes.md", "dryRun": "true"}')
const make = new Function('t', 'return {' + [...Object.entries(base).map(([k, v]) => JSON.stringify(k) + ':' + JSON.stringify(v)), JSON.stringify(key) + ': t'].join(',') + '}') as (t: string) => any
const pool = Array.from({ length: 32 }, () => make(text))
let i = 0
const impls: Record<string, () => unknown> = {
  oursText: () => coerceToolArgs(schema, pool[(i = (i + 1) & 31)]),
  parseThenOurs: () => { const a = pool[(i = (i + 1) & 31)]; return coerceToolArgs(schema, { ...a, [key]: JSON.parse(a[key]) }) },
  ajvText: () => { const a = { ...pool[(i = (i + 1) & 31)] }; a[key] = JSON.parse(a[key]); validate(a); return a },
  parseOnly: () => { const a = { ...pool[(i = (i + 1) & 31)] }; a[key] = JSON.parse(a[key]); return a },
}
const best: Record<string, number> = {}
for (let lap = 0; lap < 40; lap++)
  for (const [n, run] of Object.entries(impls)) {
    const t0 = process.cpuUsage()
    for (let k = 0; k < 5000; k++) run()
    const t = process.cpuUsage(t0)
    best[n] = Math.min(best[n] ?? 1e9, ((t.user + t.system) * 1000) / 5000)
  }
console.log(JSON.stringify(coerceToolArgs(schema, pool[0])))
for (const [n, v] of Object.entries(best)) console.log(n.padEnd(16), v.toFixed(0))
