import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

// The fastest settings: a list is compressed again after every change, and for a 450 KB list these
// take ~2–3 ms (brotli 82 KB, gzip 88 KB) against ~7 ms for gzip's default (83 KB).
const compressors: Record<ContentCoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) => promisify(brotliCompress)(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  gzip: (json) => promisify(gzip)(json, { level: 1 }),
};

/**
 * One caller's list, ready to send: its JSON, a strong ETag naming exactly these bytes, and each
 * compressed form made once, on the thread pool, the first time a client asks for it.
 */
export class ListBody {
  readonly etag: string;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {
    this.etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  }

  encode(coding: ContentCoding): Promise<Buffer> {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes = compressors[coding](this.json);
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

/** True when an If-None-Match header names this ETag (or is "*"). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** The coding to answer in: brotli, else gzip, when Accept-Encoding allows it (q > 0); else none. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const allowed = new Map<string, boolean>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    allowed.set(coding.trim(), q === undefined || Number(q.slice(2)) > 0);
  }
  const accepts = (coding: ContentCoding) => allowed.get(coding) ?? allowed.get('*') ?? false;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
