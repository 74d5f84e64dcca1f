import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lineReader } from './line-reader.js'

function split(chunks: readonly Buffer[], end = true): string[] {
  const lines: string[] = []
  const reader = lineReader((line) => lines.push(line.toString('utf8')))
  for (const chunk of chunks) reader.push(chunk)
  if (end) reader.end()
  return lines
}

describe('lineReader', () => {
  it.each([
    ['one line', ['{"a":1}\n'], ['{"a":1}\n']],
    ['two lines in one chunk', ['a\nb\n'], ['a\n', 'b\n']],
    ['a line across three chunks', ['{"a"', ':', '1}\n'], ['{"a":1}\n']],
    ['CRLF kept as sent', ['a\r\nb\r\n'], ['a\r\n', 'b\r\n']],
    ['an empty line', ['\n'], ['\n']],
    ['a last line without newline, at the end', ['a\nb'], ['a\n', 'b']],
  ])('splits %s', (_label, chunks, expected) => {
    expect(split(chunks.map((chunk) => Buffer.from(chunk)))).toEqual(expected)
  })

  it('keeps a character whose bytes straddle two chunks', () => {
    const bytes = Buffer.from('{"name":"é€😀"}\n')
    const lines = split([bytes.subarray(0, 10), bytes.subarray(10, 11), bytes.subarray(11)])
    expect(lines).toEqual(['{"name":"é€😀"}\n'])
  })

  it('holds a partial line until its newline arrives', () => {
    expect(split([Buffer.from('a\nb')], false)).toEqual(['a\n'])
  })

  it('gives back the stream byte for byte however it is cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const bytes = Buffer.from(text)
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
        const chunks = [0, ...points].map((start, index, all) => bytes.subarray(start, all[index + 1] ?? bytes.length))
        const lines: Buffer[] = []
        const reader = lineReader((line) => lines.push(line))
        for (const chunk of chunks) reader.push(chunk)
        reader.end()
        expect(Buffer.concat(lines).equals(bytes)).toBe(true)
        for (const line of lines.slice(0, -1)) expect(line.at(-1)).toBe(10)
      }),
    )
  })
})
