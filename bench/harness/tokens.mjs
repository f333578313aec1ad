// Tokens the child computes, so they never appear in the echoed input: `echo s3t$((a+b))`
// prints `s3t<sum>` while its echo shows `s3t$((a+b))`.

const rand = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo))

/** Two summands whose sum's digits do not occur in the typed text. */
export function sumProblem() {
  for (;;) {
    const a = rand(100_000, 900_000)
    const b = rand(100_000, 900_000)
    const sum = String(a + b)
    if (!`${a}+${b}`.includes(sum)) return { a, b, sum }
  }
}

/** A shell send whose output is `s<tag>t<sum>`; `expected` matches exactly that output token. */
export function shellToken(tag) {
  const { a, b, sum } = sumProblem()
  return { text: `echo s${tag}t$((${a}+${b}))`, token: `s${tag}t${sum}` }
}

/** Every `s<tag>t<digits>` token in an output, as strings. */
export function tokensIn(output) {
  return output.match(/s\d+t\d+/g) ?? []
}

/** Output with CRs dropped: the floor sees raw CRLF, ours sees sanitized text. */
export const lines = (output) => output.replace(/\r/g, '').split('\n')
