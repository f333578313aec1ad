import { createHash, timingSafeEqual } from 'node:crypto'

/** SHA-256 of a secret: comparing digests takes the same time whatever the lengths. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

/** A check of `Authorization: Bearer <token>` against the server's token, in constant time. */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token)
  return (authorization) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')
    return match !== null && timingSafeEqual(digest(match[1]!), expected)
  }
}
