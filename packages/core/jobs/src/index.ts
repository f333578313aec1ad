import { JobService } from './service'

export * from './types'
export { JobService }
export { JobsConfig, MAX_WAIT_MS } from './config'
export { JobError, type JobErrorCode } from './errors'
export {
  DEFAULT_OUTPUT_LIMIT_BYTES, formatJobOutput, limitOf, MIN_OUTPUT_LIMIT_BYTES, NO_NEW_OUTPUT, oneLine, statusLine,
  TRUNCATION_MARKER,
} from './format'
export { MAX_DETAIL_BYTES, MAX_LABEL_BYTES } from './job-record'
export { JOB_KIND_PATTERN } from './start-options'
export default JobService
