/**
 * The ai SDK and the hosted providers' packages (OpenAI, Anthropic, xAI, and images through an
 * OpenAI-compatible server), loaded the first time a model of theirs is asked for. Together they
 * cost about 260 ms of CPU and 11 MB to import (issue 48: restart and memory as users run it),
 * and a Genie on a local model or an OpenAI-compatible server (Genie's own stream,
 * chat-completions.ts) never needs them. main.ts loads them after listening when the catalogue
 * names such a provider, so the first chat does not wait for the import either.
 */
type AiSdk = typeof import('./ai-sdk-modules');

let loaded: AiSdk | undefined;
let loading: Promise<AiSdk> | undefined;

export function loadAiSdk(): Promise<AiSdk> {
  loading ??= import('./ai-sdk-modules').then((sdk) => (loaded = sdk));
  return loading;
}

/** The SDK when something has loaded it: an error can only be one of its classes if it is. */
export function aiSdkIfLoaded(): AiSdk | undefined {
  return loaded;
}
