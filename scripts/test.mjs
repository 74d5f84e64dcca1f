#!/usr/bin/env node
// `pnpm test`: build, lint and type-check
// every workspace package (turbo), then run every vitest project in one run
// with coverage thresholds, and end with the plain line `N passed, M failed`
// that CI reads (vitest's own summary is not read). A failed phase counts as
// one failure each, so the line can never say "0 failed" about a tree that
// does not build. Each phase announces itself, so a long lint or type-check
// is visibly progressing.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' }
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1

const phases = [
  ['build', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']],
  ['lint', ['run', 'lint']],
  ['typecheck', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']],
]
const total = phases.length + 1
let checkFailures = 0
for (const [index, [name, args]] of phases.entries()) {
  const started = Date.now()
  console.log(`[${index + 1}/${total}] ${name}...`)
  const status = run('pnpm', args)
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  if (status !== 0) {
    checkFailures++
    console.error(`[${index + 1}/${total}] ${name} failed (exit ${status}, ${seconds} s)`)
  } else {
    console.log(`[${index + 1}/${total}] ${name} done (${seconds} s)`)
  }
}
console.log(`[${total}/${total}] tests (every vitest project, with coverage)...`)

const report = join(root, '.vitest-results.json')
rmSync(report, { force: true })
const vitestStatus = run('pnpm', [
  'exec',
  'vitest',
  'run',
  '--coverage',
  '--testTimeout=30000',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
])

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'))
  passed = results.numPassedTests
  failed = results.numFailedTests
  skipped = results.numPendingTests + results.numTodoTests
  // A test file that fails to load has no tests to count: count the file.
  for (const file of results.testResults) if (file.status === 'failed' && file.assertionResults.length === 0) failed++
} else {
  failed++
}
if (vitestStatus !== 0 && failed === 0) failed++
failed += checkFailures

console.log(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
