import { readAtMost } from '../../boundedBody';

/** An answer's body past the bytes Folio reads. */
export class AnswerTooLarge extends Error {
  constructor(
    readonly status: number,
    readonly limitBytes: number,
  ) {
    super(`the answer is larger than ${limitBytes} bytes`);
    this.name = 'AnswerTooLarge';
  }
}

/** The body, read no further than `limit` bytes (AnswerTooLarge past it, and the rest is not read). */
export async function readBounded(response: Response, limit: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(response.status, limit);
  }
  const body = await readAtMost(response.body, limit);
  if (body === null) throw new AnswerTooLarge(response.status, limit);
  return body;
}
