import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCallIdRegistry } from './create-call-id-registry.js'
import { deterministicCallId } from './deterministic-call-id.js'
import type { CallIdProvider } from './types.js'

// The providers' rules, written out here (not imported) so a wrong table row fails.
const OPENAI = /^[A-Za-z0-9_-]{1,40}$/
const WIDE = /^[A-Za-z0-9_-]{1,64}$/
const PATTERNS: ReadonlyArray<[CallIdProvider, RegExp]> = [
  ['generic', OPENAI],
  ['openai', OPENAI],
  ['openai-strict', OPENAI],
  ['anthropic', WIDE],
  ['bedrock', WIDE],
  ['gemini', WIDE],
  ['mistral', /^[A-Za-z0-9]{9}$/],
]

const claimAll = (ids: readonly string[], provider?: CallIdProvider): string[] => {
  const registry = createCallIdRegistry(provider === undefined ? undefined : { provider })
  return ids.map((id) => registry.claim(id))
}

// Counts every Set membership probe made while `run` runs: the work of
// de-duplication, counted rather than timed, so a shared machine cannot
// make the test flaky.
function countSetProbes(run: () => void): number {
  const has = Set.prototype.has
  let probes = 0
  Set.prototype.has = function (this: Set<unknown>, value: unknown): boolean {
    probes++
    return has.call(this, value)
  }
  try {
    run()
  } finally {
    Set.prototype.has = has
  }
  return probes
}

describe('createCallIdRegistry', () => {
  it('keeps a free valid id and suffixes its repeats with _d2, _d3, ...', () => {
    expect(claimAll(['call_1', 'call_1', 'call_2', 'call_1'])).toEqual(['call_1', 'call_1_d2', 'call_2', 'call_1_d3'])
  })

  it('shortens a suffixed repeat to the provider length limit', () => {
    const id = 'a'.repeat(40)
    expect(claimAll([id, id])).toEqual([id, `${'a'.repeat(37)}_d2`])
  })

  it('replaces a free id the provider rejects with a derived id in its format', () => {
    const [id] = claimAll(['functions.read:0'])
    expect(id).toMatch(/^call_[0-9a-f]{12}$/)
  })

  it('gives Mistral nine alphanumerics for every replacement', () => {
    expect(claimAll(['call_1', 'aB3dE5gH7', 'aB3dE5gH7'], 'mistral')).toEqual([
      expect.stringMatching(/^[A-Za-z0-9]{9}$/),
      'aB3dE5gH7',
      expect.stringMatching(/^[A-Za-z0-9]{9}$/),
    ])
  })

  it('avoids a noted id without renaming or checking it', () => {
    const registry = createCallIdRegistry()
    registry.note('call_1')
    registry.note('functions.read:0')
    expect(registry.claim('call_1')).toBe('call_1_d2')
  })

  it('does not take an id that a derived id would take later without a check', () => {
    const derived = deterministicCallId('t', 's', 1)
    const registry = createCallIdRegistry()
    registry.note(derived)
    expect(registry.claim(derived)).toBe(`${derived}_d2`)
  })

  it('gives a non-string id a derived id and ignores a non-string note', () => {
    const registry = createCallIdRegistry()
    registry.note(7 as unknown as string)
    expect(registry.claim(7 as unknown as string)).toMatch(/^call_[0-9a-f]{12}$/)
  })

  it.each(PATTERNS)(
    'for %s every claimed id is valid and unique, and a replay gives the same ids',
    (provider, pattern) => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(fc.constantFrom('call_1', 'aB3dE5gH7', ' ', '', 'functions.read:0', 'a'.repeat(64)), fc.string()),
            { maxLength: 40 },
          ),
          (ids) => {
            const claimed = claimAll(ids, provider)
            expect(claimed.every((id) => pattern.test(id))).toBe(true)
            expect(new Set(claimed).size).toBe(claimed.length)
            expect(claimAll(ids, provider)).toEqual(claimed)
          },
        ),
      )
    },
  )

  it.each(PATTERNS)('for %s de-duplicates 8,000 repeats of one id with linear work', (provider) => {
    let claimed: string[] = []
    const probes = countSetProbes(() => {
      claimed = claimAll(new Array<string>(8000).fill('call_1'), provider)
    })
    expect(new Set(claimed).size).toBe(8000)
    // Probing from `_d2` for every repeat would take about 32 million probes.
    expect(probes).toBeLessThan(8000 * 4)
  })

  it('throws a TypeError for an unknown provider', () => {
    expect(() => createCallIdRegistry({ provider: 'kimi' } as unknown as { provider: CallIdProvider })).toThrow(
      /^createCallIdRegistry: expected options\.provider to be one of 'generic', .*, received the string "kimi"$/,
    )
  })
})
