/** Read at most `maxBytes` of a response body as text (an error answer); the rest is dropped. */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  try {
    while (total < maxBytes) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value.subarray(0, maxBytes - total))
      total += Math.min(value.length, maxBytes - total)
    }
  } catch {
    // a broken error body still leaves the status to report
  } finally {
    reader.cancel().catch(() => {})
  }
  return Buffer.concat(parts).toString('utf8')
}
