import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverOption } from './server-option.js'

afterEach(() => vi.unstubAllEnvs())

describe('serverOption', () => {
  it.each([
    [['--root', '/a'], '/a'],
    [['--root=/b'], '/b'],
    [['--other', 'x', '--root', '/c'], '/c'],
  ])('reads the value from argv %j', (argv, expected) => {
    expect(serverOption(argv, 'root', 'FILES_ROOT')).toBe(expected)
  })

  it('falls back to the environment variable', () => {
    vi.stubEnv('FILES_ROOT', '/from-env')
    expect(serverOption([], 'root', 'FILES_ROOT')).toBe('/from-env')
  })

  it('prefers argv over the environment', () => {
    vi.stubEnv('FILES_ROOT', '/from-env')
    expect(serverOption(['--root', '/argv'], 'root', 'FILES_ROOT')).toBe('/argv')
  })

  it('returns undefined when neither is set', () => {
    vi.stubEnv('FILES_ROOT', '')
    expect(serverOption([], 'root', 'FILES_ROOT')).toBeUndefined()
  })
})
