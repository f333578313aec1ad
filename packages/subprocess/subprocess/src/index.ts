export * from './types'
export * from './errors'
export { isCredentialName, scrubEnvironment } from './env-scrub'
