import { createRequire } from 'node:module'
// Type-only: erased, so loading this file never loads the compiler.
import type ts from 'typescript'

type TypeScript = typeof ts

let loaded: TypeScript | undefined

/**
 * The workspace's `typescript`, loaded on first use: a README of JavaScript
 * blocks only never pays for loading the compiler.
 */
export function loadTypescript(): TypeScript {
  loaded ??= createRequire(import.meta.url)('typescript') as TypeScript
  return loaded
}
