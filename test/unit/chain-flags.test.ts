/**
 * `stablepos serve`'s chain flags (src/chain-flags.ts): --rpc NETWORK=URL and --xpub FAMILY=XPUB, and
 * the older --rpc-<network>, --xpub-<family> and STABLEPOS_RPC_* / STABLEPOS_XPUB_* kept as aliases.
 */
import { parseArgs } from 'node:util';
import { expect, test } from 'vitest';
import { ChainFlagError, chainFlagOptions, chainFlagsHelp, parseChainFlags } from '../../src/chain-flags.js';

const XPUB = 'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const flags = (args: string[]) => parseArgs({ args, options: chainFlagOptions(), strict: true }).values;
const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseChainFlags(flags(args), env);

test('--rpc NETWORK=URL and --xpub FAMILY=XPUB, repeatable', () => {
  expect(parse(['--rpc', 'ethereum=https://eth.example/rpc', '--rpc', 'bsc=https://bsc.example', '--xpub', `evm=${XPUB}`])).toEqual({
    live: { ethereum: { rpcUrl: 'https://eth.example/rpc' }, bsc: { rpcUrl: 'https://bsc.example' } },
    liveWallets: { evm: XPUB },
  });
  expect(parse([])).toEqual({ live: {}, liveWallets: {} });
});

test('today\'s flags and environment variables stay as aliases; a flag wins over the environment', () => {
  expect(parse(['--rpc-ethereum', 'https://eth.example', '--rpc-bsc', 'https://bsc.example', '--xpub-evm', XPUB])).toEqual({
    live: { ethereum: { rpcUrl: 'https://eth.example' }, bsc: { rpcUrl: 'https://bsc.example' } },
    liveWallets: { evm: XPUB },
  });
  const env = { STABLEPOS_RPC_ETHEREUM: 'https://env-eth.example', STABLEPOS_RPC_BSC: 'https://env-bsc.example', STABLEPOS_XPUB_EVM: XPUB };
  expect(parse([], env)).toEqual({ live: { ethereum: { rpcUrl: 'https://env-eth.example' }, bsc: { rpcUrl: 'https://env-bsc.example' } }, liveWallets: { evm: XPUB } });
  expect(parse(['--rpc', 'ethereum=https://flag.example'], env).live.ethereum).toEqual({ rpcUrl: 'https://flag.example' });
  expect(parse(['--rpc-bsc', 'https://flag.example'], env).live.bsc).toEqual({ rpcUrl: 'https://flag.example' });
  // The same value twice is no conflict.
  expect(parse(['--rpc', 'bsc=https://b.example', '--rpc-bsc', 'https://b.example']).live.bsc).toEqual({ rpcUrl: 'https://b.example' });
});

test('unknown networks and families, malformed pairs, non-http URLs and conflicts are refused with a clear reason', () => {
  const refusal = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    try {
      parse(args, env);
    } catch (err) {
      expect(err).toBeInstanceOf(ChainFlagError);
      return (err as Error).message;
    }
    return 'accepted';
  };
  expect(refusal(['--rpc', 'bitcoin=https://x.example'])).toBe('--rpc: no network "bitcoin"; there are ethereum, bsc, base, arbitrum, polygon, tron, solana');
  expect(refusal(['--xpub', `bitcoin=${XPUB}`])).toBe('--xpub: no family "bitcoin"; there are evm, tron, solana');
  expect(refusal(['--rpc', 'https://x.example'])).toBe('--rpc must be NETWORK=URL (got "https://x.example")');
  expect(refusal(['--rpc', 'ethereum=ftp://x.example'])).toBe('--rpc ethereum=… must be an absolute http(s) URL');
  expect(refusal(['--rpc-bsc', 'not a url'])).toBe('--rpc-bsc must be an absolute http(s) URL');
  expect(refusal([], { STABLEPOS_RPC_ETHEREUM: 'ftp://x' })).toBe('STABLEPOS_RPC_ETHEREUM must be an absolute http(s) URL');
  expect(refusal(['--rpc', 'ethereum=https://a.example', '--rpc-ethereum', 'https://b.example'])).toBe('--rpc-ethereum: ethereum is given twice (also by --rpc ethereum=…)');
  expect(refusal(['--rpc', 'ethereum=https://a.example', '--rpc', 'ethereum=https://b.example'])).toMatch(/ethereum is given twice/);
});

test('the help names every registered network and family with its alias and environment variable', () => {
  const help = chainFlagsHelp();
  for (const part of ['--rpc NETWORK=URL', '--xpub FAMILY=XPUB', '--rpc-ethereum URL', 'STABLEPOS_RPC_ETHEREUM', '--rpc-bsc URL', 'STABLEPOS_RPC_BSC', '--xpub-evm XPUB', 'STABLEPOS_XPUB_EVM', "m/44'/60'/0'"]) {
    expect(help).toContain(part);
  }
});

test('--rpc-api-key NETWORK=KEY (or STABLEPOS_RPC_API_KEY_<NETWORK>) goes with that network\'s endpoint, for networks that take a key header', () => {
  expect(parse(['--rpc', 'tron=https://api.trongrid.io', '--rpc-api-key', 'tron=abc-123']).live).toEqual({ tron: { rpcUrl: 'https://api.trongrid.io', apiKey: 'abc-123' } });
  expect(parse(['--rpc', 'tron=https://api.trongrid.io'], { STABLEPOS_RPC_API_KEY_TRON: 'from-env' }).live).toEqual({ tron: { rpcUrl: 'https://api.trongrid.io', apiKey: 'from-env' } });
  // The flag wins over the environment.
  expect(parse(['--rpc', 'tron=https://t.example', '--rpc-api-key', 'tron=flag'], { STABLEPOS_RPC_API_KEY_TRON: 'env' }).live.tron).toEqual({ rpcUrl: 'https://t.example', apiKey: 'flag' });
  const refusal = (args: string[]) => {
    try {
      parse(args);
      return 'accepted';
    } catch (err) {
      return (err as Error).message;
    }
  };
  // EVM providers take their key in the URL: no header to put one in.
  expect(refusal(['--rpc', 'ethereum=https://e.example', '--rpc-api-key', 'ethereum=k'])).toBe('--rpc-api-key: no network "ethereum"; there are tron');
  expect(refusal(['--rpc-api-key', 'tron=k'])).toBe("--rpc-api-key tron=…: give tron's endpoint too (--rpc tron=URL)");
  expect(chainFlagsHelp()).toContain('--rpc-api-key NETWORK=KEY');
  expect(chainFlagsHelp()).toContain('TRON-PRO-API-KEY');
});

test('several endpoints for one network, separated by commas (flag or environment), the first preferred; each must be http(s)', () => {
  expect(parse(['--rpc', 'ethereum=https://a.example/KEY,https://b.example']).live.ethereum).toEqual({ rpcUrl: 'https://a.example/KEY,https://b.example' });
  expect(parse([], { STABLEPOS_RPC_ETHEREUM: 'https://a.example,https://b.example' }).live.ethereum).toEqual({ rpcUrl: 'https://a.example,https://b.example' });
  expect(() => parse(['--rpc', 'ethereum=https://a.example,ftp://b.example'])).toThrow('--rpc ethereum=… must be an absolute http(s) URL');
  expect(chainFlagsHelp()).toContain('--rpc NETWORK=URL[,URL…]');
});
