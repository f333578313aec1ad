// @dsh-pure
/**
 * The value rule of the credential scrub: values shaped like well-known tokens, whatever the
 * variable is called. Prefixes that cannot occur by chance are found anywhere after a
 * non-word character (a GitHub token inside a clone URL); the short or generic shapes must
 * be the whole value, so a directory named `sk-tools-...` in a path never matches.
 */
const SHAPES: readonly RegExp[] = [
  /(?:^|[^A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{30,}/, // GitHub classic tokens (ghp_, gho_, ghu_, ghs_, ghr_)
  /(?:^|[^A-Za-z0-9_])github_pat_[A-Za-z0-9_]{30,}/, // GitHub fine-grained tokens
  /(?:^|[^A-Za-z0-9])xox[bpars]-[A-Za-z0-9-]{10,}/, // Slack bot, user, app, refresh, session tokens
  /^sk-[A-Za-z0-9_-]{20,}$/, // OpenAI, Anthropic, Stripe secret keys (sk-..., sk-proj-..., sk-ant-...)
  /^(?:AKIA|ASIA)[A-Z0-9]{16}$/, // AWS access key ids (long-term and temporary)
  /^eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*$/, // a JWT: base64url JSON header and payload
]

/** True when the value has the shape of a well-known credential token. */
export function isCredentialValue(value: string): boolean {
  const text = value.trim()
  return SHAPES.some((shape) => shape.test(text))
}
