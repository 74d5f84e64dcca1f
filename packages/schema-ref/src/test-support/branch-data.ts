// Object branches written as data for the branch-choice tests, and the
// choice order written the plain way (filters over all branches), so the
// shipped single-pass version is checked against a transcription that is
// easy to read.
import type { ObjectBranch, SelectObjectBranchOptions } from '../types.js'

export interface BranchData {
  readonly required?: readonly string[]
  readonly properties?: readonly string[]
  readonly patterns?: readonly string[]
  readonly tags?: ReadonlyArray<{ readonly key: string; readonly value: unknown }>
  readonly refs?: readonly string[]
  /** What `fits` answers for this branch. */
  readonly fits?: boolean
}

export interface TestBranch extends ObjectBranch {
  readonly fits: boolean
}

export function toBranch(data: BranchData): TestBranch {
  const properties = data.properties ?? []
  const patterns = (data.patterns ?? []).map((source) => new RegExp(source, 'u'))
  return {
    required: data.required ?? [],
    declares: (key) => properties.includes(key) || patterns.some((pattern) => pattern.test(key)),
    tags: data.tags ?? [],
    refs: data.refs ?? [],
    fits: data.fits ?? false,
  }
}

export const fitsFlag = (branch: TestBranch): boolean => branch.fits

/** The order of the choice, as a reader would write it first. */
export function referenceChoice<B extends ObjectBranch>(
  branches: readonly B[],
  value: Record<string, unknown>,
  options: SelectObjectBranchOptions<B>,
): number {
  if (branches.length === 0) return -1
  if (branches.length === 1) return 0
  const { discriminator } = options
  const tagMatches = options.tagMatches ?? ((sent: unknown, expected: unknown) => sent === expected)
  if (discriminator !== undefined && Object.hasOwn(value, discriminator.propertyName)) {
    const tag = value[discriminator.propertyName]
    const target =
      typeof tag === 'string' && Object.hasOwn(discriminator.mapping, tag) ? discriminator.mapping[tag] : undefined
    const mapped = typeof target === 'string' ? branches.findIndex((branch) => branch.refs.includes(target)) : -1
    if (mapped !== -1) return mapped
  }
  const indexes = branches.map((_, index) => index)
  const complete = indexes.filter((index) => [...branches[index]!.required].every((key) => Object.hasOwn(value, key)))
  const covering = complete.filter((index) => Object.keys(value).every((key) => branches[index]!.declares(key)))
  const fitting = covering.length > 1 ? covering.find((index) => options.fits(branches[index]!, value)) : undefined
  if (fitting !== undefined) return fitting
  const named = indexes.filter((index) => {
    const present = branches[index]!.tags.filter((tag) => Object.hasOwn(value, tag.key))
    return present.length > 0 && present.every((tag) => tagMatches(value[tag.key], tag.value))
  })
  const tagged = named.find((index) => covering.includes(index)) ?? named[0]
  if (tagged !== undefined) return tagged
  if (covering.length > 0) return covering[0]!
  const fits = complete.length > 1 ? complete.find((index) => options.fits(branches[index]!, value)) : undefined
  return fits ?? complete[0] ?? 0
}
