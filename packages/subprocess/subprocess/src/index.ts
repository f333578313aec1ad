export * from './types'
export * from './errors'
export { isCredentialName, isCredentialValue, isCredentialVariable, scrubEnvironment } from './env-scrub'
