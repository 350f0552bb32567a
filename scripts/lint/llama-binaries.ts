/**
 * Which of node-llama-cpp's platform binaries an install gets (issue 45). package.json
 * `overrides` replace the big GPU builds (CUDA, Vulkan: hundreds of MB each) with the empty
 * package deploy/no-gpu-binary; every CPU build, Metal included, must stay real, or "Fully local"
 * fails at start on that platform with "the runtime is missing". npm's os/cpu fields already keep
 * each binary off the other platforms.
 */

/** The GPU builds an install leaves out unless the operator adds one (README "Fully local"). */
export const GPU_BUILD = /-(cuda|cuda-ext|vulkan)$/;

interface LockEntry {
  version?: string;
  resolved?: string;
  link?: boolean;
}

export interface Lock {
  packages: Record<string, LockEntry>;
}

/** The binaries node-llama-cpp lists, as the lock records them: `@node-llama-cpp/<name>` → its entry (undefined: missing). */
function binariesOf(lock: Lock): Map<string, LockEntry | undefined> {
  const llama = lock.packages['node_modules/node-llama-cpp'] as (LockEntry & { optionalDependencies?: Record<string, string> }) | undefined;
  const names = Object.keys(llama?.optionalDependencies ?? {}).filter((name) => name.startsWith('@node-llama-cpp/'));
  return new Map(names.map((name) => [name, lock.packages[`node_modules/${name}`]]));
}

/**
 * Each non-GPU binary the lock does not install as the real package, with why: replaced by a
 * link (the stub) or missing (npm leaves out an optional package it could not resolve, and
 * `npm ci` then never installs it).
 */
export function missingCpuBinaries(lock: Lock): string[] {
  const problems: string[] = [];
  for (const [name, entry] of binariesOf(lock)) {
    if (GPU_BUILD.test(name)) continue;
    if (!entry) problems.push(`${name}: not in the lock`);
    else if (entry.link || entry.version === undefined) problems.push(`${name}: replaced by ${entry.resolved ?? 'a link'}`);
  }
  return problems;
}

/** Each GPU build the lock installs for real (each is hundreds of MB on every install of its platform). */
export function installedGpuBuilds(lock: Lock): string[] {
  return [...binariesOf(lock)].filter(([name, entry]) => GPU_BUILD.test(name) && entry && !entry.link).map(([name]) => name);
}
