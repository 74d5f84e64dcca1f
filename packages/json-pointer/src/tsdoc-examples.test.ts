// Every `@example` in the TSDoc runs here, so the docs cannot drift from the
// code: each line `expression // => expected` becomes an equality check.
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as api from './index.js'

const sourceDir = new URL('./', import.meta.url)
const files = readdirSync(sourceDir).filter(
  (name) => name.endsWith('.ts') && !name.includes('.test') && name !== 'index.ts',
)

function examplesOf(source: string): string[] {
  const blocks: string[] = []
  for (const comment of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const text = comment[1]!.replace(/^[ \t]*\* ?/gm, '')
    for (const block of text.matchAll(/@example\s*```ts\n([\s\S]*?)```/g)) blocks.push(block[1]!)
  }
  return blocks
}

const cases = files.flatMap((file) =>
  examplesOf(readFileSync(new URL(file, sourceDir), 'utf8')).map(
    (code, index) => [`${file} #${index + 1}`, code] as const,
  ),
)

describe('TSDoc examples', () => {
  it('exist for every exported function and class', () => {
    expect(new Set(cases.map(([name]) => name.split(' ')[0]))).toEqual(new Set(files))
  })

  it.each(cases)('%s prints what it says', (_name, code) => {
    const checks: Array<[unknown, unknown, string]> = []
    const body = code.replace(
      /^(\s*)(.+?)\s*\/\/ => (.+)$/gm,
      (_line, indent: string, expression: string, expected: string) => {
        return `${indent}__check(${expression}, ${expected}, ${JSON.stringify(expression)})`
      },
    )
    const names = Object.keys(api)
    // Test-only evaluation of documentation code; the package itself never evaluates code.
    // eslint-disable-next-line no-new-func -- evaluates the package's own doc examples, in tests only
    const run = new Function('__check', ...names, body) as (...args: unknown[]) => void
    const check = (actual: unknown, expected: unknown, label: string): void => {
      checks.push([actual, expected, label])
    }
    run(check, ...names.map((name) => (api as Record<string, unknown>)[name]))
    expect(checks.length).toBeGreaterThan(0)
    for (const [actual, expected, label] of checks) expect(actual, label).toEqual(expected)
  })
})
