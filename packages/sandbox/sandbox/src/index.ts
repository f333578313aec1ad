export * from './types'
export * from './errors'
export { isSandboxMode, parseSandboxMode, modeOfEventData } from './modes'
