import type { FastifyRequest } from 'fastify';
import { MERCHANT_DEAL_MESSAGES } from '@localperks/shared';
import { AppError } from './errors';

/*
 * Image uploads' HTTP side (deal images, business logos and covers, review photos): the routes read the one file
 * here, then lib/images.ts checks and stores it.
 */

/**
 * The one file of a multipart upload (the route's multipart limits: one file, at most 5 MB), read whole. No file, or
 * an unreadable one, is "choose an image"; one over the size limit is "too large" (both 400 on the field `file`).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const M = MERCHANT_DEAL_MESSAGES;
  try {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION', M.uploadMissing, { file: M.uploadMissing });
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('VALIDATION', M.uploadTooLarge, { file: M.uploadTooLarge });
    throw new AppError('VALIDATION', M.uploadMissing, { file: M.uploadMissing });
  }
}
