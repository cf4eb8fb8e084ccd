import { get, type IncomingHttpHeaders } from 'node:http';

/** An answer's body as sent (compressed when asked so), with what says how to read it. */
export interface AnswerBody {
  bytes: Buffer;
  type: string;
  encoding: string | undefined;
}

export async function answerBody(
  url: string,
  headers: Record<string, string>,
): Promise<AnswerBody> {
  // fetch would ask for gzip by default, and would decode what it gets: the raw bytes are
  // read through node:http instead; autocannon asks for no coding unless told.
  const {
    statusCode,
    headers: got,
    body,
  } = await rawGet(url, {
    'accept-encoding': 'identity',
    ...headers,
  });
  if (statusCode !== 200 || body.length === 0) throw new Error(`${url} answered ${statusCode}`);
  const encoding = got['content-encoding'];
  return {
    bytes: body,
    type: String(got['content-type'] ?? 'application/octet-stream'),
    encoding: typeof encoding === 'string' ? encoding : undefined,
  };
}

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}
