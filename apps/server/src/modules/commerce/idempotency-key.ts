import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors';

/** The Idempotency-Key header every charge-creating call needs (1–255 visible ASCII characters). */
export function idempotencyKey(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.trim() === '')
    throw new AppError(
      400,
      'idempotencyKeyRequired',
      'The Idempotency-Key header is required',
      'Idempotency-Key',
    );
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError(
      400,
      'invalid',
      'Idempotency-Key must be 1–255 visible ASCII characters',
      'Idempotency-Key',
    );
  return key;
}
