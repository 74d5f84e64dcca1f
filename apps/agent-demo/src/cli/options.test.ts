import { describe, expect, it } from 'vitest'
import { DEFAULT_SESSIONS_DIR, parseCliOptions } from './options.js'

describe('parseCliOptions', () => {
  it('reads the command, its arguments and the flags', () => {
    expect(
      parseCliOptions(
        ['replay', 'session-1', '--json', '--store', 'memory', '--dir', 'x', '--latency', '50'],
        {},
        true,
      ),
    ).toEqual({
      command: 'replay',
      positional: ['session-1'],
      json: true,
      color: false,
      store: 'memory',
      dir: 'x',
      latency: 50,
      live: false,
      modelLatency: 500,
      entries: [3],
      all: false,
    })
  })

  it('stores sessions in SQLite unless told otherwise', () => {
    expect(parseCliOptions(['demo'], {}, false).store).toBe('sqlite')
  })

  it('reads the compare flags', () => {
    expect(parseCliOptions(['compare', '--model-latency', '0', '--entries', '2'], {}, false)).toMatchObject({
      modelLatency: 0,
      entries: [2],
    })
    expect(() => parseCliOptions(['compare', '--entries', '1,2'], {}, false)).toThrow(
      '--entries expects batch sizes between 2 and 3, like 2,3; received 1,2',
    )
  })

  it('colours only a TTY without NO_COLOR, and takes the folder from AGENT_DEMO_DATA', () => {
    expect(parseCliOptions(['demo'], {}, true)).toMatchObject({ color: true, dir: DEFAULT_SESSIONS_DIR })
    expect(parseCliOptions(['demo'], { NO_COLOR: '1', AGENT_DEMO_DATA: '/d' }, true)).toMatchObject({
      color: false,
      dir: '/d',
    })
    expect(parseCliOptions(['demo'], {}, false)).toMatchObject({ color: false })
  })

  it('keeps sessions in the app folder by default, wherever it is run from', () => {
    expect(DEFAULT_SESSIONS_DIR).toMatch(/apps\/agent-demo\/\.data\/sessions$/)
  })

  it.each([
    [['--entries', 'abc'], '--entries expects batch sizes between 2 and 3, like 2,3; received abc'],
    [['--entries', '2,x'], '--entries expects batch sizes between 2 and 3, like 2,3; received 2,x'],
    [['--entries', '2.5'], '--entries expects batch sizes between 2 and 3, like 2,3; received 2.5'],
    [['--latency', 'slow'], '--latency expects milliseconds, received slow'],
    [['--model-latency', '-1'], '--model-latency expects milliseconds, received -1'],
  ])('quotes a bad value as typed, never as NaN: %j', (flags, message) => {
    expect(() => parseCliOptions(['compare', ...flags], {}, false)).toThrow(message)
  })

  it('prepares the tools for a named provider only when asked', () => {
    expect(parseCliOptions(['demo'], {}, false)).not.toHaveProperty('provider')
    expect(parseCliOptions(['demo', '--provider', 'gemini'], {}, false).provider).toBe('gemini')
    expect(() => parseCliOptions(['demo', '--provider', 'palm'], {}, false)).toThrow(
      '--provider expects one of anthropic, openai, openai-strict, gemini, bedrock, mistral, generic; received palm',
    )
  })

  it('lists unchanged arguments only with --all', () => {
    expect([parseCliOptions(['demo'], {}, false).all, parseCliOptions(['demo', '--all'], {}, false).all]).toEqual([
      false,
      true,
    ])
  })

  it('says what it expected for a bad flag', () => {
    expect(() => parseCliOptions(['demo', '--store', 'redis'], {}, false)).toThrow(
      '--store expects sqlite, jsonl or memory, received redis',
    )
    expect(() => parseCliOptions(['demo', '--fast'], {}, false)).toThrow('unknown option --fast')
  })
})
