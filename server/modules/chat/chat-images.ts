import { loadAiSdk } from '../../adapters/llm/ai-sdk';
import { imageModelChoice } from '../../adapters/llm/catalogue';
import { imageModelFor } from '../../adapters/llm/providers';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { downloadUrlOf } from '../files/file-references';
import type { FilesForChat } from '../files/file-records.service';

export const GENERATED_IMAGES_FOLDER = 'Generated images';
export const IMAGE_NOT_SET_UP =
  'Image generation is not set up on this Genie: an operator can turn it on by setting `GENIE_IMAGE_MODEL` (for example `openai:gpt-image-1`).';
export const IMAGE_FAILED = 'The image could not be generated this time: the image provider did not answer. Please try again.';
export const IMAGE_NO_ROOM = 'The image could not be kept: it would not fit within your storage limit. Delete some files in your file library to make room, then ask again.';

export type ImageOutcome = { image: string } | { note: string };

/**
 * Draws an image for the prompt with GENIE_IMAGE_MODEL and files it in the user's "Generated
 * images" folder, under the storage limit like an upload. Never throws: a missing setup, a full
 * library or a failure becomes a sentence for the reply.
 */
export async function generateImageFor(
  deps: { config: Config; files: FilesForChat },
  userId: string,
  prompt: string,
  signal: AbortSignal,
): Promise<ImageOutcome> {
  const choice = imageModelChoice(deps.config);
  const model = choice ? await imageModelFor(deps.config, choice) : null;
  if (!model) return { note: IMAGE_NOT_SET_UP };
  const timeout = AbortSignal.timeout(deps.config.MODEL_TIMEOUT_MS);
  try {
    // A full library gets no image: asking the provider to draw one would only cost the operator.
    if (!(await deps.files.hasRoom(userId))) return { note: IMAGE_NO_ROOM };
    const { generateImage } = await loadAiSdk();
    const result = await generateImage({ model, prompt, n: 1, maxRetries: 0, abortSignal: AbortSignal.any([signal, timeout]) });
    const mimeType = result.image.mediaType || 'image/png';
    const file = await deps.files.storeGeneratedFile(userId, {
      folderName: GENERATED_IMAGES_FOLDER,
      originalName: `${slug(prompt)}.${mimeType.split('/')[1] ?? 'png'}`,
      mimeType,
      bytes: Buffer.from(result.image.uint8Array),
    });
    return { image: downloadUrlOf(file.id) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'storage_full') return { note: IMAGE_NO_ROOM };
    return { note: IMAGE_FAILED };
  }
}

function slug(prompt: string): string {
  const words = prompt.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 6).join('-');
  return `genie-${words || 'image'}`;
}
