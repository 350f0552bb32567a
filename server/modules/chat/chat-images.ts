import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { generateImage } from 'ai';
import { UPLOAD_MAX_FILE_BYTES } from '@contract/limits';
import { imageModelChoice } from '../../adapters/llm/catalogue';
import { imageModelFor } from '../../adapters/llm/providers';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { downloadUrlOf } from './chat-attachments';
import { chatRepository as repo } from './chat.repository';

export const GENERATED_IMAGES_FOLDER = 'Generated images';
export const IMAGE_NOT_SET_UP =
  'Image generation is not set up on this Genie: an operator can turn it on by setting `GENIE_IMAGE_MODEL` (for example `openai:gpt-image-1`).';
export const IMAGE_FAILED = 'The image could not be generated this time: the image provider did not answer. Please try again.';

export type ImageOutcome = { image: string } | { note: string };

/**
 * Draws an image for the prompt with GENIE_IMAGE_MODEL and files it in the user's "Generated
 * images" folder. Never throws: a missing setup or a failure becomes a sentence for the reply.
 */
export async function generateImageFor(
  deps: { db: Db; config: Config; store: ObjectStore; clock: Clock },
  userId: string,
  prompt: string,
  signal: AbortSignal,
): Promise<ImageOutcome> {
  const choice = imageModelChoice(deps.config);
  const model = choice ? imageModelFor(deps.config, choice) : null;
  if (!model) return { note: IMAGE_NOT_SET_UP };
  const timeout = AbortSignal.timeout(deps.config.MODEL_TIMEOUT_MS);
  try {
    const result = await generateImage({ model, prompt, n: 1, maxRetries: 0, abortSignal: AbortSignal.any([signal, timeout]) });
    const bytes = Buffer.from(result.image.uint8Array);
    const mimeType = result.image.mediaType || 'image/png';
    const storedName = randomUUID();
    const key = `users/${userId}/${storedName}`;
    const { size } = await deps.store.put(key, Readable.from([bytes]), { maxBytes: UPLOAD_MAX_FILE_BYTES, contentType: mimeType });
    const folderId = await repo.generatedImagesFolder(deps.db, userId, GENERATED_IMAGES_FOLDER);
    const file = await repo.insertFile(deps.db, {
      userId,
      folderId,
      originalName: `${slug(prompt)}.${mimeType.split('/')[1] ?? 'png'}`,
      storedName,
      mimeType,
      category: 'image',
      size,
      objectPath: `/objects/${key}`,
      uploadedAt: deps.clock.now(),
    });
    return { image: downloadUrlOf(file.id) };
  } catch {
    return { note: IMAGE_FAILED };
  }
}

function slug(prompt: string): string {
  const words = prompt.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 6).join('-');
  return `genie-${words || 'image'}`;
}
