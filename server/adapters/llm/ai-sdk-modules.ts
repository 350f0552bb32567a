// What Genie uses of the ai SDK and its hosted providers' packages, in one module that is only
// ever imported dynamically (ai-sdk.ts): the bundle keeps it in a chunk of its own.
export { createAnthropic } from '@ai-sdk/anthropic';
export { createOpenAI } from '@ai-sdk/openai';
export { createOpenAICompatible } from '@ai-sdk/openai-compatible';
export { createXai } from '@ai-sdk/xai';
export { APICallError, generateImage, JSONParseError, TypeValidationError } from 'ai';
