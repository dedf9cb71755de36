import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Foundry publishes anvil as one npm package per platform. package.json names only the Linux x64 one
// (an optional dependency): the registry our machines and CI reach serves no other platform's, and a
// lock file cannot name packages it cannot see. On macOS or Windows, install yours with
// `npm i -O @foundry-rs/anvil-<platform>-<arch>` (the error below says which). We start the binary
// directly, not through the `@foundry-rs/anvil` wrapper script: SIGTERM must reach anvil itself for it
// to dump its state.
const PLATFORMS: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
const ARCHS: Readonly<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

/** `@foundry-rs/anvil-<platform>-<arch>` for this machine, or null where foundry ships no binary. */
export function anvilPackageName(
  platform: NodeJS.Platform = process.platform,
  arch: NodeJS.Architecture = process.arch,
): string | null {
  const os = PLATFORMS[platform];
  const cpu = ARCHS[arch];
  // Foundry publishes no Windows arm64 build.
  if (!os || !cpu || (os === 'win32' && cpu !== 'amd64')) return null;
  return `@foundry-rs/anvil-${os}-${cpu}`;
}

/**
 * The absolute path of the anvil executable from the installed platform package.
 * @throws Error naming the package to install when there is none for this machine or it is missing.
 */
export function resolveAnvilBinary(): string {
  const pkg = anvilPackageName();
  if (!pkg) {
    throw new Error(
      `anvil is not available for ${process.platform}/${process.arch}; test mode needs a local EVM devnet, ` +
        'so configure RPC URLs for ethereum and bsc instead',
    );
  }
  let packageDir: string;
  try {
    // The platform packages declare no "exports", so their package.json is resolvable as a file.
    packageDir = dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  } catch (cause) {
    throw new Error(
      `anvil is not installed: the package ${pkg} is missing (optional dependencies skipped?); ` +
        'run `npm install` without --omit=optional',
      { cause },
    );
  }
  const binary = join(packageDir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary not found at ${binary}; reinstall ${pkg}`);
  return binary;
}
