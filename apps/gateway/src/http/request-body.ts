import type http from 'node:http';
import { Readable } from 'node:stream';
import { AppError } from '@app/service-kit/core';

export interface BodyLimits {
  /** REQUEST_BODY_MAX_BYTES: larger is a 413. */
  maxBytes: number;
  /** REQUEST_BODY_TIMEOUT_MS: what any body gets before its pace counts. */
  timeoutMs: number;
  /** REQUEST_BODY_MIN_BYTES_PER_SECOND: the pace a body must keep on average past that. */
  minBytesPerSecond: number;
}

/** Does the request carry a body (a Content-Length above 0, or chunks)? */
export const hasBody = (req: http.IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

const size = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/**
 * Reads a request's body whole, within `limits`, before the call is admitted (admission.ts): a
 * client that sends it slowly holds a connection of its own, never a slot of the shared bounds.
 * Rejects with what to answer: 413 `payload_too_large` for a declared Content-Length over the
 * bound before a byte is read, or once the bytes pass it (chunked); 408 once the body falls behind,
 * that is when, past `timeoutMs`, it has come at less than `minBytesPerSecond` on average (nginx's
 * client_body_timeout and Node's requestTimeout do the same, per read and per request). The bound is
 * the services' own (at most 100 KB of JSON), so holding it here costs little memory.
 */
export function receiveBody(req: http.IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const tooLarge = () => new AppError('payload_too_large', `Request body is larger than ${size(limits.maxBytes)}`);
  if (Number(req.headers['content-length'] ?? 0) > limits.maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const startedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const settle = (error?: AppError) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, received));
    };
    // The body may take `timeoutMs`, and a second more for each `minBytesPerSecond` it has brought.
    const check = () => {
      const allowedUntil = startedAt + limits.timeoutMs + (received / limits.minBytesPerSecond) * 1000;
      const now = performance.now();
      if (now >= allowedUntil) return settle(new AppError('validation_failed', 'Request body took too long to arrive', undefined, 408));
      timer = setTimeout(check, allowedUntil - now);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) return settle(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onClose = () => settle(new AppError('validation_failed', 'Request body was cut off'));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    timer = setTimeout(check, limits.timeoutMs);
  });
}

/**
 * The request as the proxy sends it on, its body the one received here (the request's own stream
 * is spent): the same method, URL and headers, the body's length now known.
 */
export function withReceivedBody(req: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  delete req.headers['transfer-encoding'];
  req.headers['content-length'] = String(body.length);
  const replay = Readable.from(body.length > 0 ? [body] : []);
  return Object.assign(replay, { method: req.method, url: req.url, headers: req.headers, socket: req.socket }) as unknown as http.IncomingMessage;
}
