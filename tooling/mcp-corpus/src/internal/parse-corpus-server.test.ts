import { describe, expect, it } from 'vitest'
import { parseCorpusServer } from './parse-corpus-server.js'

const good = {
  server: 'example-mcp',
  version: '1.0.0',
  capturedWith: 'test',
  command: ['example-mcp'],
  env: { TOKEN: 'dummy' },
  tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
}
const withField = (field: string, value: unknown): string => JSON.stringify({ ...good, [field]: value })

describe('parseCorpusServer', () => {
  it('reads a well-formed fixture, keeping every tool as received', () => {
    const text = JSON.stringify({ ...good, tools: [{ ...good.tools[0], annotations: { readOnlyHint: true } }] })
    expect(parseCorpusServer('example', 'example.json', text)).toEqual({
      slug: 'example',
      ...good,
      tools: [{ name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
    })
  })

  it.each([
    ['not JSON', '{', /example\.json: not valid JSON/],
    ['an array', '[]', /expected an object, received an array/],
    ['a missing version', withField('version', undefined), /expected a string version, received undefined/],
    ['a command that is not strings', withField('command', ['a', 1]), /command/],
    ['env as a list', withField('env', ['TOKEN']), /env/],
    ['no tools array', withField('tools', {}), /expected a tools array, received object/],
    [
      'a tool without a name',
      withField('tools', [{ inputSchema: { type: 'object' } }]),
      /tools\[0\]: expected a non-empty string name/,
    ],
    [
      'a tool without inputSchema',
      withField('tools', [{ name: 'echo' }]),
      /tools\[0\] \(echo\): expected an inputSchema/,
    ],
    [
      'a non-object inputSchema type',
      withField('tools', [{ name: 'echo', inputSchema: { type: 'string' } }]),
      /inputSchema/,
    ],
  ])('throws naming the file on %s', (_case, text, message) => {
    expect(() => parseCorpusServer('example', 'example.json', text)).toThrow(message)
  })
})
