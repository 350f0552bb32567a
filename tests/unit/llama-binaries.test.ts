import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedGpuBuilds, missingCpuBinaries, type Lock } from '../../scripts/lint/llama-binaries';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Lock;

describe("node-llama-cpp's platform binaries in package-lock.json", () => {
  it('installs every CPU and Metal build for real', () => {
    expect(missingCpuBinaries(lock)).toEqual([]);
  });

  it('records each of the eight non-GPU builds node-llama-cpp 3.22.1 lists at its version', () => {
    const names = ['linux-arm64', 'linux-armv7l', 'linux-riscv64', 'linux-x64', 'mac-arm64-metal', 'mac-x64', 'win-arm64', 'win-x64'];
    for (const name of names) expect(lock.packages[`node_modules/@node-llama-cpp/${name}`]).toMatchObject({ version: '3.22.1', optional: true });
  });

  it('leaves the CUDA and Vulkan builds stubbed', () => {
    expect(installedGpuBuilds(lock)).toEqual([]);
  });

  it('names a CPU build replaced by the stub, and one missing from the lock', () => {
    const stubbed: Lock = {
      packages: {
        ...lock.packages,
        'node_modules/@node-llama-cpp/mac-arm64-metal': { resolved: 'node_modules/node-llama-cpp/deploy/no-gpu-binary', link: true },
      },
    };
    delete stubbed.packages['node_modules/@node-llama-cpp/win-x64'];
    expect(missingCpuBinaries(stubbed)).toEqual([
      '@node-llama-cpp/mac-arm64-metal: replaced by node_modules/node-llama-cpp/deploy/no-gpu-binary',
      '@node-llama-cpp/win-x64: not in the lock',
    ]);
  });

  it('names a GPU build installed for real', () => {
    const withCuda: Lock = { packages: { ...lock.packages, 'node_modules/@node-llama-cpp/linux-x64-cuda': { version: '3.22.1' } } };
    expect(installedGpuBuilds(withCuda)).toEqual(['@node-llama-cpp/linux-x64-cuda']);
  });
});
