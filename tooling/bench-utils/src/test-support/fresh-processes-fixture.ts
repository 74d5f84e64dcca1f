// A bench file for run-bench-in-fresh-processes.test.ts: each process that
// builds the cases appends its run number and pid to FIXTURE_LOG, so the
// test can tell which processes measured.
import { appendFileSync } from 'node:fs'
import { runBenchInFreshProcesses } from '../run-bench-in-fresh-processes.js'

runBenchInFreshProcesses('@x/fixture', import.meta.url, () => {
  appendFileSync(process.env['FIXTURE_LOG']!, `${process.env['BENCH_FRESH_PROCESS']} ${process.pid}\n`)
  let counter = 0
  return [
    {
      name: 'count',
      impls: { ours: () => (counter = (counter + 1) | 0), 'ours, twice': () => (counter = (counter + 2) | 0) },
      note: 'fixture',
    },
  ]
})
console.log(`top level ran in ${process.pid}`)
