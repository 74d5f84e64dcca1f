import type { CorpusServer, CorpusTool } from '../corpus-types.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value

function checkTool(tool: unknown, index: number, where: string): CorpusTool {
  const at = `${where}: tools[${index}]`
  if (!isObject(tool)) throw new Error(`${at}: expected an object, received ${describe(tool)}`)
  if (typeof tool['name'] !== 'string' || tool['name'] === '') {
    throw new Error(`${at}: expected a non-empty string name, received ${describe(tool['name'])}`)
  }
  const schema = tool['inputSchema']
  if (!isObject(schema) || schema['type'] !== 'object') {
    throw new Error(`${at} (${tool['name']}): expected an inputSchema object with type "object"`)
  }
  return tool as CorpusTool
}

/**
 * Reads one fixture file's text as a {@link CorpusServer}, throwing an
 * `Error` that names the file and the field when it does not fit.
 */
export function parseCorpusServer(slug: string, where: string, text: string): CorpusServer {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${where}: not valid JSON`, { cause: error })
  }
  if (!isObject(data)) throw new Error(`${where}: expected an object, received ${describe(data)}`)
  for (const field of ['server', 'version', 'capturedWith'] as const) {
    if (typeof data[field] !== 'string') {
      throw new Error(`${where}: expected a string ${field}, received ${describe(data[field])}`)
    }
  }
  if (!isStringArray(data['command'])) throw new Error(`${where}: expected command to be an array of strings`)
  const env = data['env']
  if (!isObject(env) || !Object.values(env).every((value) => typeof value === 'string')) {
    throw new Error(`${where}: expected env to be an object of variable names to dummy values`)
  }
  if (!Array.isArray(data['tools']))
    throw new Error(`${where}: expected a tools array, received ${describe(data['tools'])}`)
  const tools = data['tools'].map((tool, index) => checkTool(tool, index, where))
  return {
    slug,
    server: data['server'] as string,
    version: data['version'] as string,
    capturedWith: data['capturedWith'] as string,
    command: data['command'],
    env: env as Record<string, string>,
    tools,
  }
}
