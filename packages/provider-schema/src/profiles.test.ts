import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PROFILES } from './internal/profiles.js'
import { PROVIDER_NAMES } from './provider-names.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('profiles', () => {
  it('has one profile per provider name', () => {
    expect(Object.keys(PROFILES).sort()).toEqual([...PROVIDER_NAMES].sort())
  })

  it.each(
    PROVIDER_NAMES.flatMap((provider) => PROFILES[provider].rules.map((row) => [provider, row.id, row] as const)),
  )('%s: the README lists %s with its source and date', (_provider, _id, row) => {
    expect(readme).toContain(`| \`${row.id}\` | ${row.what} | ${row.source} | ${row.checked} |`)
    expect(row.source).not.toBe('')
    expect(row.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it.each(PROVIDER_NAMES)('%s: rule ids are unique', (provider) => {
    const ids = PROFILES[provider].rules.map((row) => row.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
