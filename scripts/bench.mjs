#!/usr/bin/env node
// `pnpm bench`: builds the packages, runs every packages/*/bench/*.bench.ts
// against the built dist/ (each file measures ours and its peers in one
// process) and prints the rows. Only `--record` writes them: to the tracked
// bench/results.json and to each measured package's BENCH.md (the one place
// figures live), so an exploratory run never rewrites the record.
// `--smoke` runs each case for a few milliseconds only (CI checks that the
// benchmarks still run, not how fast they are); it never records.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderBenchMarkdown } from './render-bench-markdown.mjs'

const smoke = process.argv.includes('--smoke')
const record = process.argv.includes('--record') && !smoke
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const root = new URL('..', import.meta.url).pathname
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }

execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
  cwd: root,
  stdio: 'inherit',
  env,
})

const files = []
for (const name of readdirSync(join(root, 'packages')).sort()) {
  if (only.length > 0 && !only.includes(name)) continue
  const dir = join(root, 'packages', name, 'bench')
  if (!existsSync(dir)) continue
  for (const file of readdirSync(dir).sort())
    if (file.endsWith('.bench.ts')) files.push({ name, file: join(dir, file) })
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-'))
const out = join(scratch, 'rows.jsonl')
let failures = 0
for (const { name, file } of files) {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', file], {
      cwd: join(root, 'packages', name),
      stdio: 'inherit',
      env: { ...env, BENCH_OUT: out, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
    })
  } catch {
    failures++
    console.error(`bench failed: ${file}`)
  }
}
const rows = existsSync(out)
  ? readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : []
rmSync(scratch, { recursive: true, force: true })

if (record) {
  mkdirSync(join(root, 'bench'), { recursive: true })
  const target = join(root, 'bench', 'results.json')
  // Rows of packages not run this time are kept, so `pnpm bench json-pointer`
  // refreshes one package without dropping the others.
  const kept =
    only.length > 0 && existsSync(target)
      ? JSON.parse(readFileSync(target, 'utf8')).filter((row) => !only.includes(row.package.replace(/^@x\//, '')))
      : []
  const all = [...kept, ...rows]
  writeFileSync(target, JSON.stringify(all, null, 2) + '\n')
  console.log(`wrote ${rows.length} rows to bench/results.json`)
  for (const name of new Set(files.map((entry) => entry.name))) {
    const own = all.filter((row) => row.package.replace(/^@x\//, '') === name)
    if (own.length === 0) continue
    writeFileSync(join(root, 'packages', name, 'BENCH.md'), renderBenchMarkdown(own[0].package, own, new Date()))
    console.log(`wrote packages/${name}/BENCH.md`)
  }
} else if (!smoke) {
  console.log('not recorded (pass --record to write bench/results.json and the BENCH.md files)')
}
console.log(`bench: ${files.length - failures} files ran, ${failures} failed`)
process.exit(failures > 0 || (files.length > 0 && rows.length === 0) ? 1 : 0)
