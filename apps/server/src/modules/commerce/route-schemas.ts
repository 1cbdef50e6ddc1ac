import { ErrorResponse } from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';

/** The refusals every commerce route documents. */
export const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** …and those of a call that charges: declined (402), conflicts (409), a gateway that failed (502). */
export const moneyRefusals = { ...refusals, 402: ErrorResponse, 409: ErrorResponse, 502: ErrorResponse };
/** The Idempotency-Key header of a charging call, as documented (`idempotencyKey` checks it). */
export const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });
/** Login-required calls answer 401 before any 400 about the request. */
export const login = { preValidation: async (req: FastifyRequest) => void requireUser(req) };
