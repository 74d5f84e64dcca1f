import { coerceToolArgs } from '../dist/index.js'
const K = Number(process.env.K ?? 8)
const schemas = Array.from({ length: K }, (_, i) => ({ type: 'object', properties: { a: { type: 'number' }, ['b' + i]: { type: 'boolean' } } }))
const args = Array.from({ length: K }, (_, i) => ({ a: 1, ['b' + i]: true, c: 'x' }))
const argsS = Array.from({ length: K }, (_, i) => ({ a: '1', ['b' + i]: true, c: 'x' }))
let t = 0
const impls: Record<string, () => unknown> = {
  nothing: () => { const i = (t = (t + 1) % K); return coerceToolArgs(schemas[i], args[i]) },
  oneNumber: () => { const i = (t = (t + 1) % K); return coerceToolArgs(schemas[i], argsS[i]) },
  baseline: () => { const i = (t = (t + 1) % K); return schemas[i] === args[i] },
}
const best: Record<string, number> = {}
for (let lap = 0; lap < 40; lap++)
  for (const [n, run] of Object.entries(impls)) {
    const t0 = process.cpuUsage()
    for (let k = 0; k < 20000; k++) run()
    const u = process.cpuUsage(t0)
    best[n] = Math.min(best[n] ?? 1e9, ((u.user + u.system) * 1000) / 20000)
  }
for (const [n, v] of Object.entries(best)) console.log(n.padEnd(16), v.toFixed(1))
