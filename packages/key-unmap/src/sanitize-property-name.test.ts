import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { sanitizePropertyName } from './sanitize-property-name.js'
import type { NameProfile } from './types.js'

const ANTHROPIC = /^[a-zA-Z0-9_.-]{1,64}$/
const GEMINI = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/

describe('sanitizePropertyName (anthropic, the default)', () => {
  it.each([
    ['first_name', 'first_name'],
    ['meta.status-v2', 'meta.status-v2'],
    ['first name', 'first_name'],
    ['issue_class~neq', 'issue_class_neq'],
    ['meta.<field>[<operator>]', 'meta._field___operator__'],
    ['filters[]', 'filters__'],
    ['zip/code', 'zip_code'],
    ['$ref', '_ref'],
    ['__proto__', '__proto__'],
  ])('replaces each character outside [A-Za-z0-9_.-] with one "_": %j -> %j', (name, expected) => {
    expect(sanitizePropertyName(name)).toBe(expected)
    expect(expected).toMatch(ANTHROPIC)
  })

  it('replaces each unicode character (code point) with a single "_"', () => {
    expect(sanitizePropertyName('prénom')).toBe('pr_nom')
    expect(sanitizePropertyName('😀 face')).toBe('__face')
    expect(sanitizePropertyName('名前')).toBe('__')
  })

  it('replaces a lone surrogate like any other disallowed character', () => {
    expect(sanitizePropertyName('a\ud800b')).toBe('a_b')
  })

  it('cuts names to 64 characters', () => {
    expect(sanitizePropertyName('x'.repeat(65))).toBe('x'.repeat(64))
    expect(sanitizePropertyName('é'.repeat(100))).toBe('_'.repeat(64))
  })

  it('keeps a name of exactly 64 valid characters unchanged', () => {
    expect(sanitizePropertyName('y'.repeat(64))).toBe('y'.repeat(64))
  })

  it('turns the empty name into "param"', () => {
    expect(sanitizePropertyName('')).toBe('param')
  })

  it('accepts the profile named explicitly', () => {
    expect(sanitizePropertyName('a b', { profile: 'anthropic' })).toBe('a_b')
  })
})

describe('sanitizePropertyName (gemini)', () => {
  it.each([
    ['first name', 'first_name'],
    ['meta.status-v2', 'meta_status_v2'],
    ['1st', '_st'],
    ['_ok', '_ok'],
    ['.hidden', '_hidden'],
    ['', 'param'],
  ])('allows a letter or "_" first, then [A-Za-z0-9_]: %j -> %j', (name, expected) => {
    expect(sanitizePropertyName(name, { profile: 'gemini' })).toBe(expected)
    expect(expected).toMatch(GEMINI)
  })
})

describe('sanitizePropertyName (custom profile)', () => {
  const lowerSnake: NameProfile = deepFreeze({ characters: /[a-z0-9_]/, firstCharacter: /[a-z_]/, maxLength: 10 })

  it('uses the custom character set, first-character rule and length', () => {
    expect(sanitizePropertyName('Hello World, again', { profile: lowerSnake })).toBe('_ello__orl')
    expect(sanitizePropertyName('9lives', { profile: lowerSnake })).toBe('_lives')
  })

  it('answers the same for every call even with a global-flag pattern', () => {
    const profile: NameProfile = { characters: /[a-z0-9_]/g, maxLength: 16 }
    expect(sanitizePropertyName('aaaa', { profile })).toBe('aaaa')
    expect(sanitizePropertyName('aaaa', { profile })).toBe('aaaa')
  })

  it.each([
    [{ characters: '[a-z]', maxLength: 10 }, /profile\.characters: expected a RegExp/],
    [{ characters: /[a-z]/, maxLength: 10 }, /accepting "_", the digits and "param".*rejects "_"/],
    [{ characters: /[a-z_]/, maxLength: 10 }, /rejects "0"/],
    [
      { characters: /[a-z0-9_]/, firstCharacter: /[a-z]/, maxLength: 10 },
      /firstCharacter: expected a pattern accepting "_" and "p"/,
    ],
    [
      { characters: /[a-z0-9_]/, firstCharacter: 'a', maxLength: 10 },
      /firstCharacter: expected a RegExp or undefined, received "a"/,
    ],
    [{ characters: /[a-z0-9_]/, maxLength: 4 }, /maxLength: expected an integer of at least 8, received 4/],
    [{ characters: /[a-z0-9_]/, maxLength: 8.5 }, /received 8\.5/],
  ])('throws a TypeError saying expected and received for a malformed profile %#', (profile, message) => {
    expect(() => sanitizePropertyName('x', { profile: profile as unknown as NameProfile })).toThrow(TypeError)
    expect(() => sanitizePropertyName('x', { profile: profile as unknown as NameProfile })).toThrow(message)
  })
})

describe('sanitizePropertyName (programmer errors)', () => {
  it('throws a TypeError for an unknown profile name', () => {
    expect(() => sanitizePropertyName('x', { profile: 'openai' as 'gemini' })).toThrow(
      'options.profile: expected "anthropic", "gemini" or { characters, firstCharacter?, maxLength }, received "openai"',
    )
  })

  it('throws a TypeError for a name that is not a string', () => {
    expect(() => sanitizePropertyName(42 as unknown as string)).toThrow('name: expected a string, received number')
  })

  it('throws a TypeError for options that are not an object', () => {
    expect(() => sanitizePropertyName('x', 'gemini' as never)).toThrow(
      'options: expected an object or undefined, received "gemini"',
    )
  })
})
